import Glibc
import Stage

/// One thread, one `poll`: every file descriptor the program waits on (the compositor, the
/// timer, signals) is a source with a handler. There is no timeout: when nothing happens, the
/// process sleeps.
final class EventLoop {
    struct Source {
        let fd: Int32
        let events: Int16
        let handler: (Int16) -> Void
    }

    private var sources: [Source] = []
    private var pollSet: [pollfd] = []
    private(set) var wakeups = 0
    /// Monotonic times of the most recent wakeups (newest last).
    private(set) var recentWakeups: [Double] = []
    var isRunning = true

    private var removed: Set<Int32> = []

    func add(fd: Int32, events: Int16 = Int16(POLLIN), handler: @escaping (Int16) -> Void) {
        removed.remove(fd)
        sources.removeAll { $0.fd == fd }
        sources.append(Source(fd: fd, events: events, handler: handler))
        pollSet = sources.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
    }

    /// Stops watching `fd` (safe from inside a handler: it takes effect after this wakeup).
    func remove(fd: Int32) {
        removed.insert(fd)
    }

    private func dropRemoved() {
        guard !removed.isEmpty else { return }
        sources.removeAll { removed.contains($0.fd) }
        removed.removeAll()
        pollSet = sources.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
    }

    /// Waits once for any source and runs the handlers of those that are ready. `before` runs
    /// just before sleeping (the Wayland source flushes and prepares to read there). Handlers
    /// run in the order their sources were added.
    func runOnce(before: () -> Void) {
        dropRemoved()
        before()
        for i in pollSet.indices { pollSet[i].revents = 0 }
        let ready = poll(&pollSet, nfds_t(pollSet.count), -1)
        wakeups += 1
        recentWakeups.append(MonotonicClock.seconds())
        if recentWakeups.count > 256 { recentWakeups.removeFirst(128) }
        if ready < 0 {
            if errno == EINTR { return }
            perror("touchlight: poll")
            isRunning = false
            return
        }
        for (index, entry) in pollSet.enumerated() where !removed.contains(entry.fd) {
            sources[index].handler(entry.revents)
        }
        dropRemoved()
    }
}

extension EventLoop {
    /// Watches the exit-signal pipe (`ExitSignals.handle`) and the scheduler's timer:
    /// what every long-running mode waits on. `exit` receives the signal's number.
    @MainActor
    func addSignalsAndTimers(signalFD: Int32, scheduler: TimerfdScheduler, exit: @escaping (UInt8) -> Void) {
        add(fd: signalFD) { revents in
            guard revents & Int16(POLLIN) != 0 else { return }
            var signal: UInt8 = 0
            _ = read(signalFD, &signal, 1)
            exit(signal)
        }
        add(fd: scheduler.fd) { revents in
            if revents & Int16(POLLIN) != 0 { scheduler.timerExpired() }
        }
    }
}
