/// The root of a view tree; touches enter it through `sendEvent` (UIKit's `UIWindow`).
///
/// A window's coordinates are the reference for touch positions: its own frame is not applied
/// when converting with `nil`.
@MainActor
open class Window: View {
    /// What comes after the window in the responder chain (UIKit's application); none by default.
    public var applicationResponder: Responder?

    /// Counts changes to the tree that can change hit-testing: subviews added, removed or
    /// reordered, and changes to geometry, visibility, interaction or alpha.
    public private(set) var viewTreeGeneration = 0

    weak var router: TouchRouter?

    /// The window's next responder is its application responder.
    open override var next: Responder? {
        get { applicationResponder }
        set { applicationResponder = newValue }
    }

    /// Delivers an event to the gesture recognizers and views of its touches. Override it to
    /// observe every event (call `super` to keep delivery).
    open func sendEvent(_ event: TouchEvent) {
        event.router?.route(event)
    }

    /// Called after anything changed that can change hit-testing in this window's tree.
    open func viewTreeDidChange() {}

    func noteViewTreeChanged() {
        viewTreeGeneration &+= 1
        viewTreeDidChange()
    }

    /// The hit-test result for `point` (window coordinates) with the traversal that produced it.
    public func traceHitTest(at point: Point) -> HitTestTrace {
        let trace = HitTestTrace(point: point)
        let previous = HitTestTrace.recording
        HitTestTrace.recording = trace
        defer { HitTestTrace.recording = previous }
        trace.ask(self, at: point)
        let hit = hitTest(point, with: nil)
        trace.answer(hit)
        trace.result = hit
        return trace
    }
}
