/// Maps one input source's timestamps onto the scheduler's time line.
///
/// Every input source stamps its events on a clock of its own: wl_touch in wrapping
/// milliseconds on the compositor's clock, libinput in microseconds on whatever clock the
/// kernel was asked for, a misbehaving device on anything at all. TouchCore's timers and fades
/// run on the scheduler's clock, so each source keeps one `ClockDomain` and passes every time
/// through it. The rules:
///
/// - A source on the scheduler's own clock (the usual case: the compositor and libinput stamp
///   on the monotonic clock) is taken as it is. Otherwise its first event is taken as
///   happening now; later events keep their spacing from it, so velocities and double-tap
///   intervals are the source's own.
/// - A mapped time is never ahead of now (an event from the future would start a fade that
///   never shows) and never behind the previous mapped time (time does not go back).
/// - A source that jumps, drifts more than `maximumLag` behind, or runs ahead by more than
///   `maximumLead`, is re-anchored: that event is taken as now, and the count goes up.
/// - Times that are not finite are taken as the last mapped time.
///
/// Whatever the input, the result is a finite time no later than `now`.
public struct ClockDomain: Sendable {
    /// How far behind now a mapped time may fall before the source is re-anchored (seconds).
    /// Events are read as they arrive, so a real backlog is short.
    public var maximumLag: Double
    /// How far ahead of now a source may run before it is re-anchored (seconds); a smaller
    /// lead is clamped to now without re-anchoring.
    public var maximumLead: Double
    /// How often the source was re-anchored after its first event (a clock that jumped).
    public private(set) var reanchorCount = 0

    private var offset: Double?
    private var lastMapped = -Double.infinity
    private var lastMilliseconds: UInt32?
    private var unwrappedMilliseconds = 0.0

    public init(maximumLag: Double = 1, maximumLead: Double = 0.05) {
        self.maximumLag = maximumLag
        self.maximumLead = maximumLead
    }

    /// The scheduler time for a source time in seconds, given the scheduler's `now`.
    public mutating func map(_ sourceTime: Double, now: Double) -> Double {
        let now = now.isFinite ? now : (lastMapped.isFinite ? lastMapped : 0)
        guard sourceTime.isFinite else { return settle(lastMapped.isFinite ? lastMapped : now, now: now) }
        var mapped = offset.map { sourceTime + $0 } ?? .nan
        if offset == nil || !mapped.isFinite || mapped > now + maximumLead || mapped < now - maximumLag {
            if offset != nil { reanchorCount += 1 }
            let sameClock = sourceTime >= now - maximumLag && sourceTime <= now + maximumLead
            offset = sameClock ? 0 : now - sourceTime
            mapped = sameClock ? sourceTime : now
        }
        return settle(mapped, now: now)
    }

    /// The scheduler time for a wl_touch-style time: milliseconds that wrap at 2³².
    public mutating func map(milliseconds: UInt32, now: Double) -> Double {
        if let last = lastMilliseconds {
            unwrappedMilliseconds += Double(Int32(bitPattern: milliseconds &- last))
        } else if now.isFinite, now >= 0, now < 1e12 {
            // The first time, placed where it would be on the scheduler's clock if the source
            // shares it (then `map` takes it as it is; else it is re-anchored like any other).
            let nowMilliseconds = (now * 1000).rounded(.down)
            let age = UInt32(truncatingIfNeeded: UInt64(nowMilliseconds)) &- milliseconds
            unwrappedMilliseconds = nowMilliseconds - Double(age)
        }
        lastMilliseconds = milliseconds
        return map(unwrappedMilliseconds / 1000, now: now)
    }

    private mutating func settle(_ time: Double, now: Double) -> Double {
        let result = max(min(time, now), lastMapped)
        lastMapped = result
        return result
    }
}
