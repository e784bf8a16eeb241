import TouchCore

/// The 1€ filter (Casiez, Roussel and Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter
/// for Noisy Input in Interactive Systems", CHI 2012), for one coordinate.
///
/// A low-pass filter whose cutoff rises with speed: slow, careful strokes lose their jitter,
/// fast ones keep up without lag. `minimumCutoff` (Hz) sets the smoothing at rest, `beta` how
/// fast the cutoff grows with speed (per unit/s), `derivativeCutoff` (Hz) smooths the speed.
public struct OneEuroFilter: Sendable {
    public struct Parameters: Equatable, Sendable {
        public var minimumCutoff: Double
        public var beta: Double
        public var derivativeCutoff: Double

        public init(minimumCutoff: Double = AnnotationDefaults.filterMinimumCutoff,
                    beta: Double = AnnotationDefaults.filterBeta,
                    derivativeCutoff: Double = AnnotationDefaults.filterDerivativeCutoff) {
            (self.minimumCutoff, self.beta, self.derivativeCutoff) = (minimumCutoff, beta, derivativeCutoff)
        }
    }

    public var parameters: Parameters
    private var last: (value: Double, derivative: Double, time: Double)?

    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// The filtered value of a new sample. A sample no later than the previous one (a
    /// duplicate time, a clock step back) is taken as it is, without a speed estimate.
    public mutating func filter(_ value: Double, at time: Double) -> Double {
        guard let previous = last, time > previous.time, value.isFinite else {
            if value.isFinite { last = (value, 0, time) }
            return value
        }
        let interval = time - previous.time
        let speed = (value - previous.value) / interval
        let derivative = Self.smooth(speed, previous.derivative, alpha: Self.alpha(parameters.derivativeCutoff, interval))
        let cutoff = parameters.minimumCutoff + parameters.beta * abs(derivative)
        let filtered = Self.smooth(value, previous.value, alpha: Self.alpha(cutoff, interval))
        last = (filtered, derivative, time)
        return filtered
    }

    /// The smoothing factor of a first-order low-pass filter at `cutoff` Hz for one step.
    static func alpha(_ cutoff: Double, _ interval: Double) -> Double {
        guard cutoff > 0 else { return 1 }
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / interval)
    }

    private static func smooth(_ value: Double, _ previous: Double, alpha: Double) -> Double {
        previous + alpha * (value - previous)
    }
}

/// A 1€ filter for points, with one cutoff for both axes taken from the point's speed.
///
/// The paper filters each axis on its own, each with a cutoff from that axis's speed. On a
/// curve that left a visible notch just after every peak and trough (bug 29.17): there one
/// axis's speed falls to zero, its cutoff drops to the minimum, it lags far behind, and as the
/// curve turns away its cutoff shoots up and it catches up all at once, while the other axis
/// moved on smoothly. The pen's speed does not drop at a peak, so with one cutoff from the
/// speed of the point both axes lag alike, along the curve.
public struct PointFilter: Sendable {
    public var parameters: OneEuroFilter.Parameters
    /// The last filtered point, the smoothed velocity (nil until a second sample gave one) and the time.
    private var last: (point: Point, velocity: (x: Double, y: Double)?, time: Double)?

    public init(_ parameters: OneEuroFilter.Parameters) { self.parameters = parameters }

    /// The filtered point of a new sample; a sample no later than the previous one is taken as
    /// it is, as `OneEuroFilter` does.
    public mutating func filter(_ point: Point, at time: Double) -> Point {
        guard let previous = last, time > previous.time, point.x.isFinite, point.y.isFinite else {
            if point.x.isFinite, point.y.isFinite { last = (point, nil, time) }
            return point
        }
        let interval = time - previous.time
        let raw = (x: (point.x - previous.point.x) / interval, y: (point.y - previous.point.y) / interval)
        // The first velocity is taken as measured: smoothed up from zero, a stroke's start lagged
        // and then caught up, a bend the finger never made.
        let smoothed = previous.velocity ?? raw
        let derivativeAlpha = OneEuroFilter.alpha(parameters.derivativeCutoff, interval)
        let velocity = (x: smoothed.x + derivativeAlpha * (raw.x - smoothed.x), y: smoothed.y + derivativeAlpha * (raw.y - smoothed.y))
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let alpha = OneEuroFilter.alpha(parameters.minimumCutoff + parameters.beta * speed, interval)
        let filtered = Point(x: previous.point.x + alpha * (point.x - previous.point.x),
                             y: previous.point.y + alpha * (point.y - previous.point.y))
        last = (filtered, velocity, time)
        return filtered
    }
}
