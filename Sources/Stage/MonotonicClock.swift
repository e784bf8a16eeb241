import Glibc

/// Seconds on the monotonic clock: for the loop's timers and for measuring how long something
/// took (never for what a rendered frame shows: those take their time from the trace).
public enum MonotonicClock {
    public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
