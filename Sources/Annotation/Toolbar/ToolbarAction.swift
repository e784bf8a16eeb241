import Visualizer

/// What a toolbar button asks for. The program carries it out as it carries out `touchlight
/// ctl` commands, so a button and a key binding do exactly the same.
public enum ToolbarAction: Equatable, Sendable {
    case tool(Tool)
    case color(Color)
    case width(Double)
    case undo, redo, clear
    /// draw ↔ pass.
    case toggleMode
    case save
}

/// What the toolbar shows as chosen.
public struct ToolbarState: Equatable, Sendable {
    public var tool: Tool
    public var color: Color
    public var width: Double
    public var mode: AnnotationMode

    public init(tool: Tool = .pen, color: Color = Color(hex: AnnotationDefaults.palette[0])!,
                width: Double = AnnotationDefaults.widths[0], mode: AnnotationMode = .pass) {
        (self.tool, self.color, self.width, self.mode) = (tool, color, width, mode)
    }
}
