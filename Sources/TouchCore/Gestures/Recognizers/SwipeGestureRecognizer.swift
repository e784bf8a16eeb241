/// Recognizes a quick straight flick (UIKit's `UISwipeGestureRecognizer`). Discrete:
/// recognized while the fingers move, as soon as they travelled `minimumDistance` in one of the
/// permitted directions within `maximumDuration`, at an average speed of at least
/// `minimumSpeed`, staying within `maximumAngle` of it. A slower drag fails, leaving it to a pan.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions a swipe may take.
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1)
        public static let left = Direction(rawValue: 2)
        public static let up = Direction(rawValue: 4)
        public static let down = Direction(rawValue: 8)
    }

    /// Permitted directions. Default `.right`, as in UIKit.
    public var direction: Direction = .right
    public var numberOfTouchesRequired = 1
    /// Distance to travel, in logical units.
    public var minimumDistance = GestureDefaults.swipeDistance
    /// Time allowed from the first finger down, in seconds.
    public var maximumDuration = GestureDefaults.swipeDuration
    /// Slowest average speed that counts as a flick, in logical units per second.
    public var minimumSpeed = GestureDefaults.swipeSpeed
    /// Largest deviation from the direction, in radians.
    public var maximumAngle = GestureDefaults.swipeAngle

    /// The direction of the swipe that was recognized.
    public private(set) var recognizedDirection: Direction?

    private var start: Point?

    /// Where the swipe started (window coordinates), until the recognizer resets.
    public var startLocation: Point? { start }
    private var startTime = 0.0

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        let down = Array(liveTouches)
        if down.count > numberOfTouchesRequired {
            state = .failed
            return
        }
        if start == nil { startTime = event.timestamp }
        start = centroid(of: down)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard state == .possible, let start else { return }
        if event.timestamp - startTime > maximumDuration {
            state = .failed
            return
        }
        let down = Array(liveTouches)
        if down.count < numberOfTouchesRequired {
            // The fingers of a swipe land together: one that moves off alone is a drag.
            if anyTouch(of: touches, movedFartherThan: GestureDefaults.touchSlop) { state = .failed }
            return
        }
        let d = centroid(of: down) - start
        let distance = (d.x * d.x + d.y * d.y).squareRoot()
        guard distance >= minimumDistance else { return }
        let elapsed = event.timestamp - startTime
        if elapsed > 0, distance / elapsed < minimumSpeed {
            state = .failed
            return
        }
        let candidates: [(Direction, Double, Double)] = [
            (.right, d.x, abs(d.y)), (.left, -d.x, abs(d.y)), (.down, d.y, abs(d.x)), (.up, -d.y, abs(d.x)),
        ]
        for (candidate, along, across) in candidates where along > 0 && across <= along * tanOfMaximumAngle {
            if direction.contains(candidate) {
                recognizedDirection = candidate
                state = .recognized
            } else {
                state = .failed
            }
            return
        }
        state = .failed  // diagonal beyond the allowed angle
    }

    private var tanOfMaximumAngle: Double {
        let a = min(maximumAngle, 0.785)
        return a + a * a * a / 3 + 2 * a * a * a * a * a / 15  // tan, by its series (a ≤ π/4)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = .failed
    }

    open override func reset() {
        start = nil
        recognizedDirection = nil
    }
}
