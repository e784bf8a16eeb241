/// The touches of one input frame (UIKit's `UIEvent` of type touches).
///
/// As in UIKit, a dispatcher reuses one event object for all its frames: keep the touches,
/// not the event.
@MainActor
public final class TouchEvent {
    /// Every touch on the window at this moment, including those that did not change
    /// (`.stationary`) and those that end in this event.
    public internal(set) var allTouches: Set<Touch> = []
    /// Time of the event in seconds, on the dispatcher's time line.
    public internal(set) var timestamp: Double = 0

    weak var router: TouchRouter?

    init(router: TouchRouter?) { self.router = router }

    /// The touches that began in `view`.
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// The touches on `window`.
    public func touches(for window: Window) -> Set<Touch> {
        allTouches.filter { $0.window === window }
    }

    /// The touches that `gestureRecognizer` receives.
    public func touches(for gestureRecognizer: GestureRecognizer) -> Set<Touch> {
        allTouches.filter { touch in touch.recognizers.contains { $0 === gestureRecognizer } }
    }
}
