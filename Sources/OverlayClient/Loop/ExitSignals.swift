import CLinux
import Glibc

/// SIGINT and SIGTERM: the first is written into a pipe the loop polls (so it is seen even
/// while waiting on the compositor) and starts a watchdog; a second signal, or the watchdog
/// after the grace, ends the process at once with status 0 (see `tl_install_exit_signals`).
@MainActor
public enum ExitSignals {
    private static var pipeEnd: Int32?

    /// How long shutdown may take after a signal before the watchdog ends the process.
    nonisolated static let shutdownGrace = 1.0

    /// After an exit signal, the shutdown may go on for `seconds` from now before the watchdog
    /// ends the process: the drawing's last save gets a deadline of its own. Before a signal
    /// (a lost compositor), nothing: no watchdog runs then.
    static func allowShutdown(for seconds: Double) {
        tl_extend_exit_watchdog(Int32((seconds * 1000).rounded(.up)))
    }

    /// Runs `work` with no watchdog started by an exit signal meanwhile (it starts when the
    /// work is done): work that must finish whole once begun, and is bounded by itself.
    static func whole<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> T {
        tl_hold_exit_watchdog(1)
        defer { tl_hold_exit_watchdog(0) }
        return try work()
    }

    /// SIGINT and SIGTERM handled from the first call on, with `shutdownGrace`: the pipe's end
    /// the loop reads.
    @discardableResult
    public static func handle() throws -> Int32 {
        try install(grace: shutdownGrace)
    }

    /// Installs the handling once; the pipe's end the loop reads.
    static func install(grace: Double) throws(ClientError) -> Int32 {
        if let pipeEnd { return pipeEnd }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .system("pipe", errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        guard tl_install_exit_signals(fds[1], Int32(grace * 1000)) == 0 else { throw .system("sigaction", errno) }
        pipeEnd = fds[0]
        return fds[0]
    }
}
