/// An object that can handle touches and pass them on (UIKit's `UIResponder`).
///
/// The default implementation of each touch method forwards the call to `next`, so touches a
/// view does not handle travel up the responder chain: view → superview → … → window →
/// the window's application responder. An override that does not call `super` ends the chain
/// there; overriding `next` reroutes it.
@MainActor
open class Responder {
    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var next: Responder? { nil }

    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        next?.touchesCancelled(touches, with: event)
    }
}
