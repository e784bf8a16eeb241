import ChildProcesses
import Glibc

/// A started program as `HeadlessSession.waitForExit` sees it (Foundation's `Process` fits it
/// too).
public protocol RunningProgram: AnyObject {
    var processIdentifier: Int32 { get }
    var isRunning: Bool { get }
}

/// A compositor or client of a `HeadlessSession`: a child started with posix_spawn as the
/// leader of its own process group, so ending the group ends what it started too (cage's
/// application). Its members read as Foundation's `Process` does; nothing watches it from
/// another thread, and it is reaped when asked about.
public final class SessionProcess: RunningProgram {
    public let processIdentifier: Int32
    private var ending: ChildProcess.Ending?

    init(_ child: ChildProcess) { processIdentifier = child.pid }

    /// Whether it still runs (it is reaped once it has ended).
    public var isRunning: Bool {
        reap(blocking: false)
        return ending == nil
    }

    /// The exit status, or the signal that ended it; 0 while it runs.
    public var terminationStatus: Int32 {
        reap(blocking: false)
        switch ending {
        case .exited(let status): return status
        case .signaled(let signal): return signal
        case nil: return 0
        }
    }

    /// Asks it to end (SIGTERM).
    public func terminate() {
        if isRunning { kill(processIdentifier, SIGTERM) }
    }

    /// Waits for it to end.
    public func waitUntilExit() { reap(blocking: true) }

    private func reap(blocking: Bool) {
        guard ending == nil else { return }
        var status: Int32 = 0
        while true {
            let result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
            if result == processIdentifier { ending = ChildProcess.ending(status); return }
            if result < 0 && errno == EINTR { continue }
            if result < 0 { ending = .exited(127) }   // not our child any more: gone
            return
        }
    }
}
