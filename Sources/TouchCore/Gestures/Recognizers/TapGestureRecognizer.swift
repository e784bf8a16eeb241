/// Recognizes one or more taps with a number of fingers (UIKit's `UITapGestureRecognizer`).
/// Discrete: possible → recognized when the last required tap lifts.
///
/// It fails when a finger moves farther than `allowableMovement`, when more fingers than
/// `numberOfTouchesRequired` come down, when the next tap does not start within
/// `maximumIntervalBetweenTaps` of the last lift, or starts farther than
/// `maximumDistanceBetweenTaps` from the first tap.
open class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    /// How far a finger may move during a tap (logical units). Default 10.
    public var allowableMovement = GestureDefaults.touchSlop
    /// Longest pause between a lift and the next tap's first finger, in seconds.
    public var maximumIntervalBetweenTaps = GestureDefaults.doubleTapInterval
    /// Farthest a later tap may start from the first one.
    public var maximumDistanceBetweenTaps = GestureDefaults.multiTapDistance

    private var tapsCompleted = 0
    private var fingersInTap = 0
    private var firstTapLocation: Point?

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        cancelTimer()
        if fingersInTap == 0, let first = firstTapLocation,
           first.distance(to: centroid(of: touches)) > maximumDistanceBetweenTaps {
            state = .failed
            return
        }
        fingersInTap += touches.count
        if fingersInTap > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if anyTouch(of: touches, movedFartherThan: allowableMovement) { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard trackedTouches.allSatisfy({ $0.phase == .ended }) else { return }
        guard fingersInTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsCompleted += 1
        if firstTapLocation == nil { firstTapLocation = centroid(of: trackedTouches) }
        fingersInTap = 0
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            scheduleTimer(at: event.timestamp + maximumIntervalBetweenTaps)
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = .failed
    }

    open override func timerFired() {
        state = .failed
    }

    open override func reset() {
        tapsCompleted = 0
        fingersInTap = 0
        firstTapLocation = nil
    }
}
