/// Recognizes fingers held still for a while (UIKit's `UILongPressGestureRecognizer`).
/// Continuous: began once `numberOfTouchesRequired` fingers have been down for
/// `minimumPressDuration` without moving more than `allowableMovement`; changed as they
/// move; ended when one lifts. With `numberOfTapsRequired` > 0 that many quick taps come first.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the fingers must stay down. Default 0.5.
    public var minimumPressDuration = GestureDefaults.longPressDuration
    /// How far the fingers may move before the press begins. Default 10.
    public var allowableMovement = GestureDefaults.touchSlop
    public var numberOfTouchesRequired = 1
    /// Taps before the press (0: just press). Default 0.
    public var numberOfTapsRequired = 0
    /// Longest pause between the taps and the press, in seconds.
    public var maximumIntervalBetweenTaps = GestureDefaults.doubleTapInterval

    private var tapsCompleted = 0
    private var waitingForPress = false

    /// Seconds since the press started waiting, for a cue that fills while pressing.
    public private(set) var pressStartTime: Double?

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard state == .possible else { return }
        let down = Array(liveTouches).count
        if down > numberOfTouchesRequired {
            state = .failed
        } else if down == numberOfTouchesRequired {
            cancelTimer()
            waitingForPress = tapsCompleted == numberOfTapsRequired
            pressStartTime = event.timestamp
            scheduleTimer(at: event.timestamp + minimumPressDuration)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if state == .possible {
            if anyTouch(of: touches, movedFartherThan: allowableMovement) { state = .failed }
        } else if state.isInProgress {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if state.isInProgress {
            state = .ended
            return
        }
        guard state == .possible else { return }
        if waitingForPress || tapsCompleted >= numberOfTapsRequired {
            state = .failed  // lifted before the press was long enough
            return
        }
        guard trackedTouches.allSatisfy({ $0.phase == .ended }) else { return }
        tapsCompleted += 1
        pressStartTime = nil
        scheduleTimer(at: event.timestamp + maximumIntervalBetweenTaps)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = state.isInProgress ? .cancelled : .failed
    }

    open override func timerFired() {
        guard state == .possible else { return }
        if waitingForPress {
            state = .began
        } else {
            // Either a tap was held too long to be a tap, or the next tap never came.
            state = .failed
        }
    }

    open override func reset() {
        tapsCompleted = 0
        waitingForPress = false
        pressStartTime = nil
    }
}
