import TouchCore
import TouchscreenInput

/// A trace given to `--replay`: touchlight's own (touches as an overlay delivered them), or a
/// libinput recording's (a touchscreen's events, mapped as live ones are).
enum ReplayTrace {
    case touches(TouchTrace)
    case libinput(LibinputTrace)

    /// The whole trace at `path`, parsed: a malformed one is refused whole, before anything shows.
    static func read(_ path: String) throws(ClientError) -> ReplayTrace {
        let text = try readTraceFile(path)
        if LibinputTrace.matches(text) {
            do { return .libinput(try LibinputTrace(text: text)) } catch { throw .trace("\(path): \(error)") }
        }
        do { return .touches(try TouchTrace(text: text)) } catch { throw .trace("\(path): \(error)") }
    }
}
