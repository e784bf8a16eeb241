import TouchCore

/// Recognizes gestures in every touch a window sees, whatever the window's hit-testing says.
///
/// The overlay lets touches through to the apps below, so its own views are not hit; the lens
/// mirrors its touches into a private window whose single full-size view carries the
/// standard gesture set, and turns what the recognizers report into visualizer cues.
@MainActor
public final class GestureLens {
    public let gestures = StandardGestureSet()
    let window: Window
    let canvas: View
    let dispatcher: TouchDispatcher
    private let visualizer: TouchVisualizer
    private var edgeStart: Point?

    public init(size: Size, scheduler: Scheduler, visualizer: TouchVisualizer) {
        window = Window(frame: Rect(origin: .zero, size: size))
        canvas = View(frame: window.bounds)
        canvas.isMultipleTouchEnabled = true
        window.addSubview(canvas)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        self.visualizer = visualizer
        gestures.install(on: canvas)
        gestures.onChange = { [weak self] kind, recognizer in self?.report(kind, recognizer) }
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        canvas.frame = window.bounds
    }

    /// Mirrors one event of the observed window.
    func feed(_ event: TouchEvent) {
        var cancelled = false
        for touch in event.allTouches {
            let at = touch.location(in: nil)
            switch touch.phase {
            case .began: dispatcher.down(id: touch.sourceID, at: at, time: touch.timestamp)
            case .moved: dispatcher.motion(id: touch.sourceID, at: at, time: touch.timestamp)
            case .ended: dispatcher.up(id: touch.sourceID, time: touch.timestamp)
            case .cancelled: cancelled = true
            case .stationary: break
            }
        }
        if cancelled { dispatcher.cancel() } else { dispatcher.frame() }
    }

    private var now: Double { max(dispatcher.event.timestamp, dispatcher.scheduler.now) }

    private func report(_ kind: StandardGestureSet.Kind, _ r: GestureRecognizer) {
        let time = now
        let finished = r.state == .ended || r.state == .cancelled
        switch kind {
        case .tap where r.state == .ended:
            visualizer.showTap(at: r.location(in: nil), time: time)
        case .doubleTap where r.state == .ended:
            visualizer.showDoubleTap(at: r.location(in: nil), time: time)
        case .longPress where r.state == .began:
            visualizer.showLongPress(at: r.location(in: nil), time: time)
        case .pan:
            if finished { visualizer.endCue(.pan, time: time) } else { visualizer.updatePan(at: r.location(in: nil), time: time) }
        case .pinch:
            if finished || r.numberOfTouches < 2 {
                visualizer.endCue(.pinch, time: time)
            } else {
                visualizer.updatePinch(r.location(ofTouch: 0, in: nil), r.location(ofTouch: 1, in: nil), time: time)
            }
        case .rotation:
            if finished || r.numberOfTouches < 2 {
                visualizer.endCue(.rotation, time: time)
            } else if let rotation = r as? RotationGestureRecognizer {
                visualizer.updateRotation(r.location(ofTouch: 0, in: nil), r.location(ofTouch: 1, in: nil),
                                          rotation: rotation.rotation, time: time)
            }
        case .swipe where r.state == .ended:
            if let swipe = r as? SwipeGestureRecognizer, let start = swipe.startLocation {
                visualizer.showSwipe(from: start, to: r.location(in: nil), time: time)
            }
        case .edgePan:
            if finished {
                visualizer.endCue(.edgeSwipe, time: time)
            } else if let pan = r as? PanGestureRecognizer {
                let end = r.location(in: nil), t = pan.translation(in: nil)
                visualizer.updateEdgeSwipe(from: Point(x: end.x - t.x, y: end.y - t.y), to: end, time: time)
            }
        default:
            break
        }
    }
}
