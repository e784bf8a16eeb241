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
        let bytes = try Configuration.bytes(of: path)
        if let crash = probe(bytes, executable: executable) {
            throw ConfigurationError(problems: [ConfigurationProblem(file: path, line: 0, column: 0, key: "", message: crash)])
        }
        return try Configuration(bytes: bytes, file: path, fonts: .fontconfig)
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
        // The bytes reach the child through an anonymous file on its standard input: nothing
        // on disk to be swapped, and no pipe to block on if the child stops reading.
        let input = tl_memfd_create("touchlight-probe")
        guard input >= 0, write(all: bytes, to: input), lseek(input, 0, SEEK_SET) == 0 else {
            if input >= 0 { close(input) }
            return "could not hand the file to the TOML parser's child process: \(String(cString: strerror(errno)))"
        }
        defer { close(input) }
        let child: ChildProcess
        do { child = try ChildProcess.start(executable, ["config", "probe"] + options, input: input) } catch {
            return "could not start the TOML parser's child process: \(error)"
        }
        switch child.wait(timeout: timeout) {
        case nil: return "the TOML parser did not finish reading this file in \(Int(timeout)) s"
        case .exited?: return nil
        case .signaled(let signal)?:
            return "the TOML parser crashed reading this file (signal \(signal)): it is not valid TOML. Look for an unclosed bracket, brace or quote, or a stray character in a table name or a value"
        }
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
