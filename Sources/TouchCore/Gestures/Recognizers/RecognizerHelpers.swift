/// What the concrete recognizers share: the touches still down, their centroid, and whether a
/// finger moved too far from where it went down.

/// The mean window position of `touches` (zero when empty).
@MainActor
func centroid<S: Sequence<Touch>>(of touches: S) -> Point {
    var x = 0.0, y = 0.0, n = 0.0
    for touch in touches {
        x += touch.locationInWindow.x
        y += touch.locationInWindow.y
        n += 1
    }
    return n == 0 ? .zero : Point(x: x / n, y: y / n)
}

extension GestureRecognizer {
    /// The tracked touches still down (those ending in this event excluded), without copying.
    var liveTouches: LazyFilterSequence<[Touch]> { trackedTouches.lazy.filter { !$0.isFinished } }

    /// Whether a touch of `touches` is farther than `distance` from where it began.
    func anyTouch(of touches: Set<Touch>, movedFartherThan distance: Double) -> Bool {
        touches.contains { $0.beganLocation.distance(to: $0.locationInWindow) > distance }
    }
}
