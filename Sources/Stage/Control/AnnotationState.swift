import Annotation
import TouchCore
import TouchlightConfig
import Visualizer

/// What `touchlight ctl` has set: it outlives a configuration reload (the file gives only the
/// values at start).
package struct AnnotationState {
    var mode: AnnotationMode?
    var isPaused = false
    var tool: Tool?
    var color: Color?
    var width: Double?
    var board: Board?
    var spotlight: Bool?
    /// The whiteboard page shown on every output (from 1).
    package var page = 1

    /// The file's `[annotate]` section with what ctl set over it.
    func applied(to file: Configuration.Annotate) -> Configuration.Annotate {
        var settings = file
        if let mode { settings.mode = mode }
        if let tool { settings.ink.tool = tool }
        if let color { settings.ink.color = color }
        if let width { settings.ink.width = width }
        if let board { settings.board = board }
        if let spotlight { settings.spotlight.isOn = spotlight }
        return settings
    }

    /// Takes a mode, tool, colour, width or board command; false for any other command.
    mutating func take(_ command: ControlCommand) -> Bool {
        switch command {
        case .mode(.set(let mode)): self.mode = mode
        case .tool(let tool): self.tool = tool
        case .color(let color): self.color = color
        case .width(let width): self.width = width
        case .board(let board): self.board = board
        default: return false
        }
        return true
    }

    /// The commands that bring a replay to `settings` and `page`: what a recording writes at
    /// its start and whenever one of them changes, each as its `set` record.
    package static func commands(restoring settings: Configuration.Annotate, page: Int) -> [ControlCommand] {
        [.mode(.set(settings.mode)), .tool(settings.ink.tool), .color(settings.ink.color), .width(settings.ink.width),
         .board(settings.board), .page(.number(page)), .spotlight(settings.spotlight.isOn ? .on : .off)]
    }
}
