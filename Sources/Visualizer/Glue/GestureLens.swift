import TouchCore

/// Recognizes gestures in every touch a window sees, whatever the window's hit-testing says.
///
/// The overlay lets touches through to the apps below, so its own views are not hit; the lens
/// mirrors its touches into a private window whose single full-size view carries the
/// standard gesture set, and turns what the recognizers report into visualizer cues. With no
/// cue to show and no one asking why gestures won, it mirrors nothing (`isNeeded`).
@MainActor
public final class GestureLens {
    public let gestures = StandardGestureSet()
    let window: Window
    let canvas: View
    let dispatcher: TouchDispatcher
    /// Where the gestures' cues and captions go.
    let visualizer: TouchVisualizer

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

    /// Whether recognizing serves anything: a gesture whose cue the style shows, or
    /// `--verbose`'s explanations. Markers alone need no gestures.
    var isNeeded: Bool { !visualizer.style.showCues.isEmpty || explainGestures != nil }

    /// Mirrors one event of the observed window, leaving out touches on `ignoredView`; while
    /// nothing needs gestures, lets go of the touches it follows instead (a style may stop
    /// showing cues in the middle of a gesture).
    func feed(_ event: TouchEvent, ignoring ignoredView: View? = nil) {
        guard isNeeded else {
            if !dispatcher.activeTouches.isEmpty { dispatcher.cancel() }
            if visualizer.pendingPress != nil { visualizer.pendingPress = nil }
            return
        }
        var cancelled = false
        // New fingers in id order: the order they go down in is the order the two-finger
        // recognizers pair them in, and the event's set has none of its own (it follows the
        // touches' addresses), so a render of a trace would pair them differently from run to
        // run. Sorted only when there are any: frames of moves allocate nothing here.
        if event.allTouches.contains(where: { $0.phase == .began }) {
            let began = event.allTouches.filter { $0.phase == .began && (ignoredView == nil || $0.view !== ignoredView) }
            for touch in began.sorted(by: { $0.sourceID < $1.sourceID }) {
                dispatcher.down(id: touch.sourceID, at: touch.location(in: nil), time: touch.timestamp)
            }
        }
        for touch in event.allTouches where ignoredView == nil || touch.view !== ignoredView {
            let at = touch.location(in: nil)
            switch touch.phase {
            case .began: break
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

    /// The time of the event being recognized.
    var now: Double { max(dispatcher.event.timestamp, dispatcher.scheduler.now) }

    /// Each gesture turns what its recognizers report into its cue and caption (`observe`, in
    /// its own file).
    private func observeGestures() {
        for kind in GestureKind.allCases { kind.description.observe(gestures, for: self) }
    }
}
