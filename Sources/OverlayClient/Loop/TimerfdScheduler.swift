import CLinux
import Glibc
import TouchCore

/// TouchCore's scheduler on the monotonic clock, with one timerfd armed for the earliest
/// timer. Its file descriptor goes into the event loop; nothing is armed while idle.
@MainActor
final class TimerfdScheduler: Scheduler {
    let fd: Int32
    private var entries: [(time: Double, id: UInt64, action: @MainActor () -> Void)] = []
    private var nextID: UInt64 = 1
    private var armedFor = Double.infinity

    init() throws(ClientError) {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw .system("timerfd_create", errno) }
    }

    /// Seconds on the monotonic clock.
    nonisolated static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    var now: Double { Self.monotonicNow() }

    var pendingCount: Int { entries.count }

    func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let id = nextID
        nextID += 1
        entries.append((time, id, action))
        rearm()
        return ScheduledTimer(id: id)
    }

    func cancel(_ timer: ScheduledTimer) {
        entries.removeAll { $0.id == timer.id }
        rearm()
    }

    func fireTimers(dueBy time: Double) {
        while let index = entries.indices.min(by: { entries[$0].time < entries[$1].time }), entries[index].time <= time {
            let entry = entries.remove(at: index)
            entry.action()
        }
        rearm()
    }

    /// Called when the timerfd is readable.
    func timerExpired() {
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
        armedFor = .infinity
        fireTimers(dueBy: now)
    }

    private func rearm() {
        let earliest = entries.map(\.time).min() ?? .infinity
        guard earliest != armedFor else { return }
        armedFor = earliest
        var spec = itimerspec()
        if earliest.isFinite {
            let t = max(earliest, 0.000_001)
            spec.it_value.tv_sec = Int(t)
            spec.it_value.tv_nsec = Int((t - Double(Int(t))) * 1e9)
        }
        _ = timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }
}
