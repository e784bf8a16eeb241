import Visualizer

/// What the toolbar shows as chosen.
public struct ToolbarState: Equatable, Sendable {
    public var tool: Tool
    public var color: Color
    public var width: Double
    public var mode: AnnotationMode
    public var board: Board
    public var spotlight: Bool
    public var zoomed: Bool

    public init(tool: Tool = .pen, color: Color = Color(hex: AnnotationDefaults.palette[0])!,
                width: Double = AnnotationDefaults.widths[0], mode: AnnotationMode = .pass, board: Board = .off,
                spotlight: Bool = false, zoomed: Bool = false) {
        (self.tool, self.color, self.width, self.mode, self.board, self.spotlight, self.zoomed) = (tool, color, width, mode, board, spotlight, zoomed)
    }
}
