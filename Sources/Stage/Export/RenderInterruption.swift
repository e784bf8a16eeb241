import CLinux
import Glibc

/// Ctrl-C, SIGTERM and SIGHUP during `render`: the first is noted (the render stops at the
/// next frame or write, removes what it had half written and exits); a second, or a cleanup
/// that takes longer than `grace`, ends the process at once (`tl_install_exit_signals`).
public enum RenderInterruption {
    /// How long the cleanup may take after the signal.
    public static let grace = 5.0

    /// Installs the handlers; false if the system refused.
    public static func install() -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        // Nobody reads the pipe: the handler's one byte fits, and the render asks `signal`. Its
        // read end stays open, or the handler's write would raise SIGPIPE and end the process
        // (status 141) wherever a VideoSink has not yet ignored that signal: a PNG render.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC); _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        return tl_install_exit_signals(ends[1], Int32(grace * 1000)) == 0
    }

    /// The signal that asked the render to stop, or 0.
    public static var signal: Int32 { tl_exit_signal() }

    /// The exit status for a render a signal stopped: 0 for SIGTERM (a stop asked for, as every
    /// touchlight command ends on it), 128 + the signal's number for the others, as shells do.
    public static func exitStatus(for signal: Int32) -> Int32 { signal == SIGTERM ? 0 : 128 + signal }
}
