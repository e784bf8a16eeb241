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

/// A 1€ filter for points: one filter per axis, as in the paper.
public struct PointFilter: Sendable {
    private var x: OneEuroFilter
    private var y: OneEuroFilter

    public init(_ parameters: OneEuroFilter.Parameters) {
        x = OneEuroFilter(parameters)
        y = OneEuroFilter(parameters)
    }

    public mutating func filter(_ point: Point, at time: Double) -> Point {
        Point(x: x.filter(point.x, at: time), y: y.filter(point.y, at: time))
    }
}
