/// Recognizes two fingers turning about each other (UIKit's `UIRotationGestureRecognizer`).
/// Continuous: began once the line between the fingers turned by `minimumRotation`.
open class RotationGestureRecognizer: TwoFingerGestureRecognizer {
    /// Radians turned since the fingers came down, clockwise positive (settable, as in UIKit).
    public var rotation = 0.0
    /// How fast `rotation` changes, in radians per second.
    public private(set) var velocity = 0.0
    /// How far the fingers must turn before the rotation begins, in radians.
    public var minimumRotation = GestureDefaults.rotationSlop

    private var lastAngle = 0.0
    private var accumulated = 0.0
    private var estimator = VelocityEstimator()

    override func pairDidForm(_ pair: (Touch, Touch), at time: Double) {
        lastAngle = Self.angle(pair)
        estimator.reset()
        estimator.add(Point(x: rotation, y: 0), at: time)
    }

    override func pairDidMove(_ pair: (Touch, Touch), at time: Double) -> Bool {
        let angle = Self.angle(pair)
        var delta = angle - lastAngle
        // Unwrap across ±π so a turn through the back does not jump by a full circle.
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        lastAngle = angle
        rotation += delta
        accumulated += delta
        estimator.add(Point(x: rotation, y: 0), at: time)
        velocity = estimator.velocity.x
        return abs(accumulated) >= minimumRotation
    }

    open override func reset() {
        rotation = 0
        velocity = 0
        accumulated = 0
        estimator.reset()
    }
}
