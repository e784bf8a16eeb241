import Glibc
import SafeFiles
import TouchlightConfig

/// Every change a running touchlight makes to the state file goes through here: the file is
/// read again (another instance, or `touchlight calibrate`, may have changed it since start),
/// changed, and written atomically. A file that cannot be read whole (a typo, a foreign table,
/// a crash of the parser) is never rewritten over: it is moved aside first, and the message
/// names where it went. Nothing the program did not understand is dropped silently.
enum StateFileUpdate {
    /// The state as `body` left it, written to `path`, and a warning when a damaged file was
    /// moved aside; throws when the new file could not be written.
    static func apply(at path: String, executable: String = "/proc/self/exe",
                      _ body: (inout StateFile) -> Void) throws(StateFileUpdateError) -> (state: StateFile, warning: String?) {
        var (state, problem) = ConfigurationProbe.stateFile(at: path, executable: executable)
        var warning: String?
        if let problem {
            let aside = path + ".damaged-" + SafeFiles.timestamp()
            guard rename(path, aside) == 0 else {
                throw StateFileUpdateError(description: "\(problem); it could not be moved aside (\(String(cString: strerror(errno)))), so it was left as it is and nothing was remembered")
            }
            warning = "\(problem); moved it aside to \(aside) and started a new state file"
        }
        body(&state)
        do { try state.save(to: path) } catch { throw StateFileUpdateError(description: "could not write \(path): \(error)") }
        return (state, warning)
    }
}

/// Why the state file could not be changed.
struct StateFileUpdateError: Error, CustomStringConvertible {
    let description: String
}
