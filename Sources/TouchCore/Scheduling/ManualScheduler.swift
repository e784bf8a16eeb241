/// A scheduler whose clock moves only when told to, so tests run on a fake clock and never sleep.
@MainActor
public final class ManualScheduler: Scheduler {
    public private(set) var now: Double

    private struct Entry {
        let time: Double
        let timer: ScheduledTimer
        let action: @MainActor () -> Void
    }

    private var entries: [Entry] = []
    private var nextID: UInt64 = 1

    public init(now: Double = 0) { self.now = now }

    /// How many timers are waiting to fire.
    public var pendingTimerCount: Int { entries.count }

    public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let timer = ScheduledTimer(id: nextID)
        nextID += 1
        entries.append(Entry(time: time, timer: timer, action: action))
        return timer
    }

    public func cancel(_ timer: ScheduledTimer) {
        entries.removeAll { $0.timer == timer }
    }

    /// Moves the clock forward by `interval` seconds, running the timers that come due.
    public func advance(by interval: Double) {
        advance(to: now + interval)
    }

    /// Moves the clock to `time` (never backwards), running the timers that come due in order.
    public func advance(to time: Double) {
        fireTimers(dueBy: time)
        now = max(now, time)
    }

    public func fireTimers(dueBy time: Double) {
        while let next = entries.indices.min(by: { (entries[$0].time, entries[$0].timer.id) < (entries[$1].time, entries[$1].timer.id) }),
              entries[next].time <= time {
            let entry = entries.remove(at: next)
            now = max(now, entry.time)
            entry.action()
        }
    }
}
