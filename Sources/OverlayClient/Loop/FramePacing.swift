/// How an overlay makes sure its next frame comes: the one rule that keeps animations from
/// stalling, apart from the Wayland code so that tests can hold it to its invariant.
///
/// - Something animates and a buffer was committed: ask the compositor for a frame callback
///   (it paces us to the display).
/// - Something animates but nothing was committed (the frame showed no change yet, e.g. a fade
///   that starts later): no callback would ever come, so set a timer one frame interval ahead.
/// - Nothing animates but a change is due without input (a stale marker's fade): a timer for
///   just after it.
/// - Otherwise nothing: an idle overlay never wakes.
enum FramePacing {
    enum Wake: Equatable {
        case frameCallback
        case timer(at: Double)
        case none
    }

    /// The interval of the timer that stands in for a frame callback (seconds).
    static let fallbackInterval = 1.0 / 60

    static func next(isAnimating: Bool, committed: Bool, nextDeadline: Double?, now: Double) -> Wake {
        if isAnimating { return committed ? .frameCallback : .timer(at: now + fallbackInterval) }
        if let nextDeadline, nextDeadline.isFinite { return .timer(at: max(nextDeadline, now) + 0.001) }
        return .none
    }

    /// The invariant: while anything animates, a frame callback or a timer is pending.
    static func holds(isAnimating: Bool, frameCallbackPending: Bool, timerPending: Bool) -> Bool {
        !isAnimating || frameCallbackPending || timerPending
    }
}
