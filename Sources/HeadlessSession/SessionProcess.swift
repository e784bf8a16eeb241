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
    private let child: ChildProcess
    private var ending: ChildProcess.Ending?

    init(_ child: ChildProcess) {
        self.child = child
        processIdentifier = child.pid
    }

    /// Whether it still runs (it is reaped once it has ended).
    public var isRunning: Bool {
        if ending == nil { ending = child.ending() }
        return ending == nil
    }

    /// The exit status, or the signal that ended it; 0 while it runs.
    public var terminationStatus: Int32 {
        guard !isRunning, let ending else { return 0 }
        switch ending {
        case .exited(let status): return status
        case .signaled(let signal): return signal
        }
    }

    /// Asks it to end (SIGTERM).
    public func terminate() {
        if isRunning { kill(processIdentifier, SIGTERM) }
    }

    /// Waits for it to end.
    public func waitUntilExit() {
        if ending == nil { ending = child.wait() }
    }
}
