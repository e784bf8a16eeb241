import CLinux
import Glibc
import Stage
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

    var now: Double { MonotonicClock.seconds() }

    /// The furthest ahead the timerfd is ever armed; a later timer is re-armed when it comes up.
    static let longestWait = 31_536_000.0

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

    /// Runs the timers due by `time` or by the clock, whichever is earlier: timers fire by this
    /// scheduler's clock only, never by an input's timestamp. Only timers set before the call
    /// run; one that a timer sets for a time already past runs on the next wakeup. So the work
    /// of one call is bounded, whatever the timers do.
    func fireTimers(dueBy time: Double) {
        let due = min(time, now)
        let lastID = nextID
        while let index = earliestEntry(setBefore: lastID), entries[index].time <= due {
            let entry = entries.remove(at: index)
            entry.action()
        }
        rearm()
    }

    private func earliestEntry(setBefore id: UInt64) -> Int? {
        var best: Int?
        for index in entries.indices where entries[index].id < id {
            if best.map({ entries[index].time < entries[$0].time }) ?? true { best = index }
        }
        return best
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
            // Within a range timespec holds (any time past it is a year away: never, in effect).
            let t = min(max(earliest, 0.000_001), now + Self.longestWait)
            spec.it_value.tv_sec = Int(t)
            spec.it_value.tv_nsec = Int((t - Double(Int(t))) * 1e9)
        }
        _ = timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }
}
