import Glibc  // atan2

/// What pinch and rotation share: they follow the first two fingers, begin once a measure of
/// the pair changed past a threshold, and end when one of the two lifts.
open class TwoFingerGestureRecognizer: GestureRecognizer {
    /// The two fingers followed, as of the last event.
    var pair: (Touch, Touch)? {
        let live = trackedTouches.filter { !$0.isFinished }
        return live.count >= 2 ? (live[0], live[1]) : nil
    }

    /// Distance between the two fingers.
    static func span(_ pair: (Touch, Touch)) -> Double {
        pair.0.locationInWindow.distance(to: pair.1.locationInWindow)
    }

    /// Angle of the line from the first finger to the second, in radians (clockwise on screen).
    static func angle(_ pair: (Touch, Touch)) -> Double {
        let d = pair.1.locationInWindow - pair.0.locationInWindow
        return atan2(d.y, d.x)
    }

    /// Called when a pair forms (or re-forms) to take reference measurements.
    func pairDidForm(_ pair: (Touch, Touch), at time: Double) {}
    /// Called on each move of the pair; returns whether the gesture may begin.
    func pairDidMove(_ pair: (Touch, Touch), at time: Double) -> Bool { false }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        if let pair, state == .possible { pairDidForm(pair, at: event.timestamp) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let pair else { return }
        let mayBegin = pairDidMove(pair, at: event.timestamp)
        if state == .possible {
            if mayBegin { state = .began }
        } else if state.isInProgress {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if state.isInProgress {
            if pair == nil { state = .ended }
        } else if state == .possible, trackedTouches.allSatisfy({ $0.isFinished }) {
            state = .failed
        } else if let pair, state == .possible {
            pairDidForm(pair, at: event.timestamp)
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = state.isInProgress ? .cancelled : .failed
    }
}
