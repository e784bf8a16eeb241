/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`).
/// Continuous: began once the distance between the fingers changed by `minimumSpanChange`.
open class PinchGestureRecognizer: TwoFingerGestureRecognizer {
    /// Current distance over the distance when the fingers came down (settable, as in UIKit).
    public var scale = 1.0
    /// How fast `scale` changes, per second.
    public private(set) var velocity = 0.0
    /// How much the finger distance must change before the pinch begins.
    public var minimumSpanChange = GestureDefaults.pinchSlop

    private var initialSpan = 0.0
    private var initialScale = 1.0
    private var estimator = VelocityEstimator()

    override func pairDidForm(_ pair: (Touch, Touch), at time: Double) {
        initialSpan = max(Self.span(pair), 1)
        initialScale = scale
        estimator.reset()
        estimator.add(Point(x: scale, y: 0), at: time)
    }

    override func pairDidMove(_ pair: (Touch, Touch), at time: Double) -> Bool {
        let span = Self.span(pair)
        scale = initialScale * span / initialSpan
        estimator.add(Point(x: scale, y: 0), at: time)
        velocity = estimator.velocity.x
        return abs(span - initialSpan) >= minimumSpanChange
    }

    open override func reset() {
        scale = 1
        velocity = 0
        estimator.reset()
    }
}
