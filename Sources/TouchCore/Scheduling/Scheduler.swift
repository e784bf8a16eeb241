/// Where gesture recognizers set their timers (long press, the wait for another tap).
///
/// TouchCore never reads a clock: the dispatcher passes event times in, and a scheduler
/// decides when timers fire. Tests use `ManualScheduler`; the Wayland client uses a timerfd on
/// the monotonic clock. Event times and timer times are on the same time line, in seconds.
@MainActor
public protocol Scheduler: AnyObject {
    /// The scheduler's current time.
    var now: Double { get }

    /// Arranges for `action` to run once at `time` (at once on the next `fireTimers` if past).
    func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer

    /// Cancels a timer that has not fired; a fired or unknown timer is ignored.
    func cancel(_ timer: ScheduledTimer)

    /// Runs every timer due at or before `time`, in time order. The dispatcher calls this before
    /// delivering input stamped `time`, so timers that should have fired first do.
    func fireTimers(dueBy time: Double)
}

/// A handle for a scheduled timer.
public struct ScheduledTimer: Hashable, Sendable {
    public let id: UInt64
    public init(id: UInt64) { self.id = id }
}
