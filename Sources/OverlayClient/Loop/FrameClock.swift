import CWaylandClient
import TouchCore
import TouchlightConfig

/// When an overlay draws. Handlers and timers only mark it (`mark`); the loop asks `isDue`
/// before it sleeps and draws each marked overlay once. While a frame callback is pending the
/// frame waits for it (the compositor paces us to the display), unless it must be drawn
/// whatever happens (`everything`: a new size, mode or renderer). `[performance] max_fps` spaces
/// frames out with a timer; `arrange` keeps the next frame coming while anything animates
/// (see `FramePacing`).
@MainActor
final class FrameClock {
    private let surface: OpaquePointer
    private let scheduler: Scheduler
    /// `[performance] max_fps` (0: as often as the compositor asks).
    private(set) var maximumFrameRate = 0
    /// Whether a frame is wanted (input, a timer, a change).
    private(set) var needsDraw = false
    /// Whether the wanted frame redraws and commits everything.
    private(set) var needsEverything = false
    /// The frame callback came: a frame is due if anything animates.
    private var frameArrived = false
    private var frameCallback: OpaquePointer?
    /// The timer that wakes the overlay when no frame callback will (see `FramePacing`).
    private var wakeTimer: ScheduledTimer?
    private var frameRateTimer: ScheduledTimer?
    private var lastCommitTime = -Double.infinity
    /// How often the pacing invariant was found broken (always 0 unless there is a bug).
    private(set) var animationStalls = 0

    init(surface: OpaquePointer, scheduler: Scheduler) {
        (self.surface, self.scheduler) = (surface, scheduler)
    }

    /// Takes the configuration's `[performance]` keys (at creation and on reload).
    func apply(_ performance: Configuration.Performance) {
        maximumFrameRate = performance.maximumFrameRate
    }

    /// Wants a frame; with `everything`, one that redraws and commits all of it.
    func mark(everything: Bool = false) {
        needsDraw = true
        needsEverything = needsEverything || everything
    }

    /// Whether a frame callback is pending (input then waits for it).
    var waitsForFrame: Bool { frameCallback != nil }

    /// Whether the loop draws now.
    func isDue(isAnimating: Bool) -> Bool {
        if needsEverything { return true }
        guard frameCallback == nil else { return false }
        return needsDraw || (frameArrived && isAnimating)
    }

    /// The start of a frame at `now`: false when `max_fps` says it is too soon (a timer marks
    /// the overlay when the interval is over). Clears the marks otherwise.
    func begin(now: Double) -> Bool {
        let force = needsEverything
        frameArrived = false
        if maximumFrameRate > 0, !force, now - lastCommitTime < 1 / Double(maximumFrameRate) {
            needsDraw = true
            if frameRateTimer == nil {
                frameRateTimer = scheduler.schedule(at: lastCommitTime + 1 / Double(maximumFrameRate)) { [weak self] in
                    self?.frameRateTimer = nil
                }
            }
            return false
        }
        (needsDraw, needsEverything) = (false, false)
        return true
    }

    /// A frame was committed at `now`.
    func committed(at now: Double) { lastCommitTime = now }

    /// Every buffer is held by the compositor: the frame is tried again on the next callback.
    func waitForBuffer() {
        needsDraw = true
        requestFrame()
    }

    /// Makes sure the next frame comes while anything animates (see `FramePacing`); called
    /// before the commit, so a frame callback asked for here belongs to it. False when the
    /// pacing invariant was broken (a bug, recovered from with a timer).
    func arrange(committed: Bool, isAnimating: Bool, nextDeadline: Double?) -> Bool {
        if let wakeTimer { scheduler.cancel(wakeTimer) }
        wakeTimer = nil
        switch FramePacing.next(isAnimating: isAnimating, committed: committed, nextDeadline: nextDeadline, now: scheduler.now) {
        case .frameCallback: requestFrame()
        case .timer(let time) where frameCallback == nil: wake(at: time)
        case .timer, .none: break
        }
        guard holdsInvariant(isAnimating: isAnimating) else {
            animationStalls += 1
            wake(at: scheduler.now + FramePacing.fallbackInterval)
            return false
        }
        return true
    }

    /// The pacing invariant: while anything animates, a frame callback or a timer is pending.
    func holdsInvariant(isAnimating: Bool) -> Bool {
        FramePacing.holds(isAnimating: isAnimating, frameCallbackPending: frameCallback != nil,
                          timerPending: wakeTimer != nil || frameRateTimer != nil)
    }

    private func wake(at time: Double) {
        wakeTimer = scheduler.schedule(at: time) { [weak self] in
            self?.wakeTimer = nil
            self?.needsDraw = true
        }
    }

    /// Asks the compositor when to draw next (with the next commit).
    func requestFrame() {
        guard frameCallback == nil else { return }
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, Self.frameEvents.pointer, listenerData(self))
    }

    private static let frameEvents: ListenerTable<wl_callback_listener> = {
        var events = wl_callback_listener()
        events.done = { data, callback, _ in
            wl_callback_destroy(callback)
            withOwner(data, FrameClock.self) { $0.frameDone() }
        }
        return ListenerTable(events)
    }()

    private func frameDone() {
        frameCallback = nil
        frameArrived = true
    }

    /// The surface leaves the screen: a pending callback would never be answered now, and
    /// would hold back every later frame.
    func dropFrameCallback() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
    }

    /// Before the surface goes.
    func stop() {
        for timer in [wakeTimer, frameRateTimer].compactMap({ $0 }) { scheduler.cancel(timer) }
        (wakeTimer, frameRateTimer) = (nil, nil)
        dropFrameCallback()
    }
}
