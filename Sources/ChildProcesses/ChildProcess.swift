import Glibc

/// A program touchlight runs (ffmpeg, ffprobe, its own configuration probe, the demo's
/// compositor and clients), started with posix_spawn and waited for with waitpid. Each
/// descriptor it is given is owned by the caller and closed by the caller alone, once; nothing
/// watches them behind its back. (Foundation's
/// `Process` on Linux watches the child and its pipes from libdispatch's threads, and a
/// descriptor closed by hand that it still held was a double close: `render --over` once died
/// of SIGILL in libdispatch's manager thread just after its work was done.)
public struct ChildProcess: Sendable {
    public let pid: pid_t

    public init(pid: pid_t) { self.pid = pid }

    /// How a child ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        /// The exit status, or 128 + the signal, as a shell reports it.
        public var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// Starts `program` (a path) with `arguments`; standard input, output and error are the
    /// given descriptors, or /dev/null when nil. The child gets no other descriptor of ours
    /// (they are all close-on-exec), and `environment` (nil: this process's). With
    /// `ownProcessGroup` it leads a process group of its own, so a signal to the group reaches
    /// what it starts too.
    public static func start(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                             input: Int32? = nil, output: Int32? = nil, error: Int32? = nil,
                             ownProcessGroup: Bool = false) throws(ChildProcessError) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source, mode) in [(Int32(0), input, O_RDONLY), (1, output, O_WRONLY), (2, error, O_WRONLY)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", mode, 0)
            }
        }
        // The child starts with every signal at its default and none blocked, whatever this
        // process ignores (SIGPIPE) or blocks.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (ownProcessGroup ? POSIX_SPAWN_SETPGROUP : 0)))
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var variables: [UnsafeMutablePointer<CChar>?] = (environment ?? [:]).sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in variables { free(pointer) } }
        var pid: pid_t = 0
        let started = environment == nil ? posix_spawn(&pid, program, &actions, &attributes, &argv, environ)
                                         : posix_spawn(&pid, program, &actions, &attributes, &argv, &variables)
        guard started == 0 else { throw ChildProcessError(program: program, reason: String(cString: strerror(started))) }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to end.
    public func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(127) }
        }
        return Self.ending(status)
    }

    /// How the child ended, without waiting: nil while it runs. Once it has said how, it is
    /// reaped and must not be asked again.
    public func ending() -> Ending? {
        var status: Int32 = 0
        while true {
            switch waitpid(pid, &status, WNOHANG) {
            case 0: return nil
            case pid: return Self.ending(status)
            default: if errno != EINTR { return .exited(127) }   // not our child: gone
            }
        }
    }

    /// Waits at most `timeout` seconds; then kills it and says nil.
    public func wait(timeout: Double) -> Ending? {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while true {
            if let ending = ending() { return ending }
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                _ = wait()
                return nil
            }
            usleep(2_000)
        }
    }

    /// Asks the child to end (SIGTERM) and waits for it.
    public func terminate() -> Ending {
        kill(pid, SIGTERM)
        return wait()
    }

    /// How a child ended, from waitpid's status.
    private static func ending(_ status: Int32) -> Ending {
        status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
    }

    /// A pipe whose two ends are close-on-exec (a child gets one end only through `start`).
    public static func pipe() throws(ChildProcessError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { throw ChildProcessError(program: "pipe", reason: String(cString: strerror(errno))) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// Runs `program` to its end: how it ended, and its standard output and error together.
    public static func run(_ program: String, _ arguments: [String]) -> (ending: Ending, output: String) {
        let ends: (read: Int32, write: Int32)
        do { ends = try pipe() } catch { return (.exited(127), error.description) }
        let child: ChildProcess
        do { child = try start(program, arguments, output: ends.write, error: ends.write) } catch {
            close(ends.read)
            close(ends.write)
            return (.exited(127), error.description)
        }
        close(ends.write)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(ends.read, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[..<count]
        }
        close(ends.read)
        return (child.wait(), String(decoding: output, as: UTF8.self))
    }
}

/// A program could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let program: String
    public let reason: String
    public var description: String { "cannot start \(program): \(reason)" }

    public init(program: String, reason: String) { (self.program, self.reason) = (program, reason) }
}
