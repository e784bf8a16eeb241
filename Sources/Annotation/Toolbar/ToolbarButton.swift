import TouchCore
import Visualizer

/// One toolbar button: a round view with an icon and a tap recognizer. Its touch area reaches
/// `ToolbarLayout.touchSize` (44 logical px) even though it looks smaller, the way UIKit apps
/// enlarge small buttons, by overriding `point(inside:with:)`.
@MainActor
public final class ToolbarButton: View, HitArea {
    /// Its picture (the board button's shows the board in force).
    public internal(set) var icon: ToolbarIcon
    /// The command it gives (nil: the handle, which only drags).
    public let command: ControlCommand?
    public var isSelected = false
    let tap = TapGestureRecognizer()

    init(icon: ToolbarIcon, command: ControlCommand?, onTap: @escaping (ToolbarButton) -> Void) {
        self.icon = icon
        self.command = command
        super.init(frame: Rect(x: 0, y: 0, width: ToolbarLayout.buttonSize, height: ToolbarLayout.buttonSize))
        tap.name = "toolbar-tap"
        _ = tap.addTarget { [unowned self] _ in onTap(self) }
        addGestureRecognizer(tap)
    }

    /// Inside means within the 44 px touch area centred on the button, not only its picture.
    public override func point(inside point: Point, with event: TouchEvent?) -> Bool {
        touchArea.contains(point)
    }

    public var touchArea: Rect {
        let grow = max(0, (ToolbarLayout.touchSize - bounds.width) / 2)
        return bounds.insetBy(dx: -grow, dy: -grow)
    }
    public var passesTouchesThrough: Bool { false }
}
