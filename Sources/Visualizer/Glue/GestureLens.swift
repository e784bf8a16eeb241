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

    public init(size: Size, scheduler: Scheduler, visualizer: TouchVisualizer) {
        window = Window(frame: Rect(origin: .zero, size: size))
        canvas = View(frame: window.bounds)
        canvas.isMultipleTouchEnabled = true
        window.addSubview(canvas)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        self.visualizer = visualizer
        gestures.install(on: canvas)
        observeGestures()
    }

    /// Told why each gesture recognized, waited, failed or was cancelled (`--verbose`).
    public var explainGestures: ((String) -> Void)? {
        didSet {
            dispatcher.explainGestures = explainGestures.map { explain in { recognizer, reason in
                explain("\(recognizer.name ?? "gesture") \(reason)")
            } }
        }
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        canvas.frame = window.bounds
    }

    /// Mirrors one event of the observed window, leaving out touches on `ignoredView`.
    func feed(_ event: TouchEvent, ignoring ignoredView: View? = nil) {
        var cancelled = false
        for touch in event.allTouches where ignoredView == nil || touch.view !== ignoredView {
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
        updatePendingPress(event)
    }

    /// Tells the visualizer which press the long-press recognizer is timing: while it is
    /// possible and has started its press, its one finger is the only one down.
    private func updatePendingPress(_ event: TouchEvent) {
        let recognizer = gestures.longPress
        var press: PendingPress?
        if recognizer.state == .possible, let start = recognizer.pressStartTime {
            var finger: Touch?, down = 0
            for touch in event.allTouches where touch.phase != .ended && touch.phase != .cancelled {
                finger = touch
                down += 1
            }
            if down == 1, let finger {
                press = PendingPress(key: finger.sourceID, start: start, duration: recognizer.minimumPressDuration)
            }
        }
        if visualizer.pendingPress != press { visualizer.pendingPress = press }
    }

    private var now: Double { max(dispatcher.event.timestamp, dispatcher.scheduler.now) }

    /// One typed handler per recognizer: each turns its gesture into a cue and its caption.
    private func observeGestures() {
        let g = gestures
        g.observe(g.tap) { [unowned self] r in
            guard r.state == .ended else { return }
            visualizer.showTap(at: r.location(in: nil), time: now)
            visualizer.caption(.tap, measures { $0.fingers = r.numberOfTouchesRequired })
        }
        g.observe(g.doubleTap) { [unowned self] r in
            guard r.state == .ended else { return }
            visualizer.showDoubleTap(at: r.location(in: nil), time: now)
            visualizer.caption(.doubleTap, measures { $0.taps = r.numberOfTapsRequired; $0.fingers = r.numberOfTouchesRequired })
        }
        g.observe(g.longPress) { [unowned self] r in
            visualizer.pendingPress = nil  // began, failed or reset: no press is being timed
            if r.state == .began {
                visualizer.showLongPress(at: r.location(in: nil), time: now, pressStart: r.pressStartTime)
                visualizer.caption(.longPress, measures { $0.fingers = r.numberOfTouchesRequired })
            } else if Self.isFinished(r) {
                visualizer.endLongPress(time: now)
            }
        }
        g.observe(g.pan) { [unowned self] r in
            if Self.isFinished(r) { visualizer.endCue(.pan, time: now); return }
            visualizer.updatePan(at: r.location(in: nil), time: now)
            let moved = r.translation(in: nil)
            visualizer.caption(.pan, measures { $0.distance = (moved.x * moved.x + moved.y * moved.y).squareRoot(); $0.fingers = r.numberOfTouches })
        }
        g.observe(g.pinch) { [unowned self] r in
            if Self.isFinished(r) || r.numberOfTouches < 2 { visualizer.endCue(.pinch, time: now); return }
            visualizer.updatePinch(r.location(ofTouch: 0, in: nil), r.location(ofTouch: 1, in: nil), time: now)
            visualizer.caption(.pinch, measures { $0.scale = r.scale })
        }
        g.observe(g.rotation) { [unowned self] r in
            if Self.isFinished(r) || r.numberOfTouches < 2 { visualizer.endCue(.rotation, time: now); return }
            visualizer.updateRotation(r.location(ofTouch: 0, in: nil), r.location(ofTouch: 1, in: nil), rotation: r.rotation, time: now)
            visualizer.caption(.rotation, measures { $0.rotation = r.rotation })
        }
        for swipe in [g.swipe, g.twoFingerSwipe] {
            g.observe(swipe) { [unowned self] r in
                guard r.state == .ended, let start = r.startLocation else { return }
                visualizer.showSwipe(from: start, to: r.location(in: nil), time: now)
                visualizer.caption(.swipe, measures {
                    $0.fingers = r.numberOfTouchesRequired
                    $0.direction = r.recognizedDirection ?? .right
                })
            }
        }
        g.observe(g.edgePan) { [unowned self] r in
            if Self.isFinished(r) { visualizer.endCue(.edgeSwipe, time: now); return }
            let end = r.location(in: nil), moved = r.translation(in: nil)
            visualizer.updateEdgeSwipe(from: Point(x: end.x - moved.x, y: end.y - moved.y), to: end, time: now)
            visualizer.caption(.edgeSwipe, measures {
                $0.edge = r.recognizedEdge ?? .left
                $0.distance = (moved.x * moved.x + moved.y * moved.y).squareRoot()
            })
        }
    }

    /// Caption measures, filled in by `fill`.
    private func measures(_ fill: (inout CaptionMeasures) -> Void) -> CaptionMeasures {
        var measures = CaptionMeasures()
        fill(&measures)
        return measures
    }

    private static func isFinished(_ r: GestureRecognizer) -> Bool { r.state == .ended || r.state == .cancelled }
}
