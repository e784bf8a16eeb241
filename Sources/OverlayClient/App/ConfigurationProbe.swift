import ChildProcesses
import CLinux
import Glibc
import TouchlightConfig

/// Reads configuration files without risking the process: the TOML library (toml++ inside
/// TOMLKit) aborts on some malformed files instead of reporting an error (assertions such as
/// `parse_value(): !is_value_terminator`, found by fuzzing). A file is read once; its bytes are
/// parsed first in a child process (`touchlight config probe`, reading them on its standard
/// input), and only if that child survives are the same bytes parsed here. A file replaced
/// between the two parses cannot slip past the child, since the file is not read again. A file
/// that kills the child is reported as a problem, and a running overlay keeps its last good
/// configuration. Every read of TOML in a running program goes through here.
public enum ConfigurationProbe {
    /// How long the child may take (a 1 MB file parses in well under a second).
    static let timeout = 10.0

    /// The configuration in `path`, with every problem reported as `Configuration(contentsOf:fonts:)`
    /// does, and a crash of the parser reported as one more.
    public static func read(_ path: String, executable: String = "/proc/self/exe") throws(ConfigurationError) -> Configuration {
        try read(bytes: Configuration.bytes(of: path), file: path, executable: executable)
    }

    /// The configuration `bytes` hold (`file` names them in messages), read the same careful way.
    public static func read(bytes: [UInt8], file: String, executable: String = "/proc/self/exe") throws(ConfigurationError) -> Configuration {
        if let crash = probe(bytes, executable: executable) {
            throw ConfigurationError(problems: [ConfigurationProblem(file: file, line: 0, column: 0, key: "", message: crash)])
        }
        return try Configuration(bytes: bytes, file: file, fonts: .fontconfig)
    }

    /// The state file at `path` (toolbar places, learned calibrations), parsed the same careful
    /// way: a file that kills the parser costs what was remembered, never the program.
    public static func stateFile(at path: String, executable: String = "/proc/self/exe") -> (state: StateFile, problem: String?) {
        switch StateFile.bytes(of: path) {
        case .success(nil): return (StateFile(), nil)
        case .failure(let problem): return (StateFile(), problem.description)
        case .success(let bytes?):
            if let crash = probe(bytes, executable: executable, options: ["--state"]) { return (StateFile(), "\(path): \(crash)") }
            return StateFile.load(bytes: bytes, path: path)
        }
    }

    /// Runs the probe on `bytes` (`options` go to `config probe`); nil when the parser survived
    /// them, else what happened to it.
    static func probe(_ bytes: [UInt8], executable: String, options: [String] = []) -> String? {
        switch startChild(bytes, executable: executable, options: options) {
        case .failure(let problem): return problem.message
        case .success(let child): return verdict(child.wait(timeout: timeout))
        }
    }

    /// The probe's child started on `bytes`, or why it could not start.
    private static func startChild(_ bytes: [UInt8], executable: String, options: [String] = []) -> Result<ChildProcess, ProbeProblem> {
        // The bytes reach the child through an anonymous file on its standard input: nothing
        // on disk to be swapped, and no pipe to block on if the child stops reading.
        let input = tl_memfd_create("touchlight-probe")
        guard input >= 0, write(all: bytes, to: input), lseek(input, 0, SEEK_SET) == 0 else {
            if input >= 0 { close(input) }
            return .failure(.init(message: "could not hand the file to the TOML parser's child process: \(String(cString: strerror(errno)))"))
        }
        defer { close(input) }
        do { return .success(try ChildProcess.start(executable, ["config", "probe"] + options, input: input)) } catch {
            return .failure(.init(message: "could not start the TOML parser's child process: \(error)"))
        }
    }

    /// What the child's end says of the file: nil when the parser survived it (nil ending: it
    /// did not finish in time).
    private static func verdict(_ ending: ChildProcess.Ending?) -> String? {
        switch ending {
        case nil: return "the TOML parser did not finish reading this file in \(Int(timeout)) s"
        case .exited?: return nil
        case .signaled(let signal)?:
            return "the TOML parser crashed reading this file (signal \(signal)): it is not valid TOML. Look for an unclosed bracket, brace or quote, or a stray character in a table name or a value"
        }
    }

    private struct ProbeProblem: Error { let message: String }

    /// A probe under way, for a running program that must not wait on its child: `outcome`
    /// says, each time it is asked, whether the file is read (nil while the child runs). The
    /// child is ended when the probe is let go or its time is up.
    public final class Running {
        private let path: String
        private let bytes: [UInt8]
        private var child: ChildProcess?
        private let deadline: Double
        private var result: Result<Configuration, ConfigurationError>?

        /// Starts probing `path` (read once, now); `now` on the caller's clock, in seconds.
        public init(path: String, now: Double, executable: String = "/proc/self/exe") throws(ConfigurationError) {
            self.path = path
            bytes = try Configuration.bytes(of: path)
            deadline = now + ConfigurationProbe.timeout
            switch ConfigurationProbe.startChild(bytes, executable: executable) {
            case .success(let child): self.child = child
            case .failure(let problem): result = .failure(Running.problem(problem.message, in: path))
            }
        }

        /// The configuration, or its problems, once the child has ended; nil while it runs.
        public func outcome(now: Double) -> Result<Configuration, ConfigurationError>? {
            if let result { return result }
            guard let child else { return nil }
            var ending = child.ending()
            if ending == nil {
                guard now >= deadline else { return nil }
                ending = child.wait(timeout: 0)  // killed (SIGKILL): nil, it did not finish in time
            }
            self.child = nil
            if let crash = ConfigurationProbe.verdict(ending) {
                result = .failure(Running.problem(crash, in: path))
            } else {
                do { result = .success(try Configuration(bytes: bytes, file: path, fonts: .fontconfig)) } catch { result = .failure(error) }
            }
            return result
        }

        private static func problem(_ message: String, in path: String) -> ConfigurationError {
            ConfigurationError(problems: [ConfigurationProblem(file: path, line: 0, column: 0, key: "", message: message)])
        }

        deinit { _ = child?.wait(timeout: 0) }
    }

    private static func write(all bytes: [UInt8], to fd: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }
}
