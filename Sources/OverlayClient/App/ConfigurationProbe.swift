import Glibc
import TouchlightConfig

/// Reads configuration files without risking the process: the TOML library (toml++ inside
/// TOMLKit) aborts on some malformed files instead of reporting an error (assertions such as
/// `parse_value(): !is_value_terminator`, found by fuzzing). A file is therefore parsed first
/// in a child process (`touchlight config probe FILE`); only if that child survives is it
/// parsed here. A file that kills the child is reported as a problem, and a running overlay
/// keeps its last good configuration.
public enum ConfigurationProbe {
    /// How long the child may take (a 1 MB file parses in well under a second).
    static let timeout = 10.0

    /// The configuration in `path`, with every problem reported as `Configuration(contentsOf:)`
    /// does, and a crash of the parser reported as one more.
    public static func read(_ path: String, executable: String = "/proc/self/exe") throws(ConfigurationError) -> Configuration {
        if let crash = probe(path, executable: executable) {
            throw ConfigurationError(problems: [ConfigurationProblem(file: path, line: 0, column: 0, key: "", message: crash)])
        }
        return try Configuration(contentsOf: path)
    }

    /// The toolbar places in the state file at `path`, parsed the same careful way: a file
    /// that kills the parser costs the remembered places, never the program.
    public static func toolbarPlaces(at path: String, executable: String = "/proc/self/exe") -> (places: ToolbarPlaces, problem: String?) {
        guard access(path, F_OK) == 0 else { return (ToolbarPlaces(), nil) }
        if let crash = probe(path, executable: executable, options: ["--state"]) { return (ToolbarPlaces(), "\(path): \(crash)") }
        return ToolbarPlaces.load(from: path)
    }

    /// Runs the probe (`options` go to `config probe`); nil when the parser survived the file,
    /// else what happened to it.
    static func probe(_ path: String, executable: String, options: [String] = []) -> String? {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0) }
        let arguments = [executable, "config", "probe"] + options + [path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, executable, &actions, nil, &argv, environ) == 0 else {
            return nil  // no probe to be had: parse here as before
        }
        var status: Int32 = 0
        let deadline = TimerfdScheduler.monotonicNow() + timeout
        while waitpid(pid, &status, WNOHANG) == 0 {
            if TimerfdScheduler.monotonicNow() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return "the TOML parser did not finish reading this file in \(Int(timeout)) s"
            }
            usleep(2_000)
        }
        let signal = status & 0x7F
        guard signal != 0 else { return nil }
        return "the TOML parser crashed reading this file (signal \(signal)): it is not valid TOML. Look for an unclosed bracket, brace or quote, or a stray character in a table name or a value"
    }
}
