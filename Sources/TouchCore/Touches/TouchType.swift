/// What made a touch (UIKit's `UITouch.TouchType`). It is set when the touch goes down and
/// never changes: a pen turned over to its eraser end starts a new touch.
public enum TouchType: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A finger on a touchscreen.
    case direct
    /// A pen's tip on a tablet or pen display (UIKit's `.pencil`).
    case pencil
    /// A pen's eraser end. UIKit has no such touch (the Apple Pencil has no eraser end);
    /// Wayland's tablet protocol reports it as a tool of its own.
    case eraser
    /// A mouse or touchpad pointer with a button held (UIKit's `.indirectPointer`).
    case indirectPointer

    public var description: String { rawValue }
}
