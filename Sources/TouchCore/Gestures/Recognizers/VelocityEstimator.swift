/// Estimates how fast a value changes from its recent samples: the change over the samples of
/// the last `window` seconds (at least the last two samples), per second.
struct VelocityEstimator {
    /// How far back samples count, in seconds.
    var window = 0.1
    private var samples: [(time: Double, value: Point)] = []

    mutating func reset() { samples.removeAll(keepingCapacity: true) }

    mutating func add(_ value: Point, at time: Double) {
        samples.append((time, value))
        while samples.count > 2, let first = samples.first, time - first.time > window {
            samples.removeFirst()
        }
    }

    /// Units per second along x and y; zero with fewer than two samples or no elapsed time.
    var velocity: Point {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
        let dt = last.time - first.time
        return Point(x: (last.value.x - first.value.x) / dt, y: (last.value.y - first.value.y) / dt)
    }
}
