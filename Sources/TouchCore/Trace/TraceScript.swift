import Glibc  // cos, sin

/// Writes touch traces from a few words instead of numbers: fingers go down together, follow a
/// path each (`still`, `line`, `arc`) sampled at 120 Hz, and lift. The gesture fixtures and
/// `touchlight demo` are both written this way.
///
///     var script = TraceScript(outputSize: Size(width: 800, height: 600), realistic: true, seed: 3)
///     script.fingers(at: 0.1, for: 0.6, [.line(from: Point(x: 350, y: 300), to: Point(x: 250, y: 300)),
///                                         .line(from: Point(x: 450, y: 300), to: Point(x: 550, y: 300))])
///     let pinchOut = script.trace
///
/// A *realistic* script adds up to 2 px of jitter to every sample and lifts the fingers a few
/// milliseconds apart, as real hands do; a clean one is exact. Both are deterministic: the
/// jitter comes from a seeded generator, so the same script always gives the same trace.
public struct TraceScript: Sendable {
    /// Where a finger is while a scripted gesture lasts, as a function of its progress u in 0...1.
    public enum Path: Sendable {
        /// Resting at one point.
        case still(Point)
        /// A straight line, at constant speed.
        case line(from: Point, to: Point)
        /// Part of a circle around `center`, from angle `from` to angle `to` (radians).
        case arc(center: Point, radius: Double, from: Double, to: Double)

        /// The point at progress `u` (0 is the start, 1 the end).
        public func point(at u: Double) -> Point {
            switch self {
            case .still(let p):
                return p
            case .line(let a, let b):
                return Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u)
            case .arc(let c, let r, let a0, let a1):
                let angle = a0 + (a1 - a0) * u
                return Point(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
            }
        }
    }

    /// Samples per second while fingers move.
    public static let sampleRate = 120.0
    /// How far apart realistic fingers lift, one after another (seconds).
    public static let liftSpread = 0.012

    public let realistic: Bool
    private var random: SeededRandom
    private var events: [TouchTrace.Event] = []
    private let outputSize: Size

    public init(outputSize: Size, realistic: Bool, seed: UInt64) {
        self.outputSize = outputSize
        self.realistic = realistic
        random = SeededRandom(seed: seed)
    }

    /// One finger per path (ids 1, 2, …) goes down at `start`, moves for `duration` seconds and
    /// lifts. Returns the time of the last move.
    @discardableResult
    public mutating func fingers(at start: Double, for duration: Double, _ paths: [Path]) -> Double {
        for (index, path) in paths.enumerated() { add(start, id: index + 1, .down, path.point(at: 0)) }
        let steps = max(1, Int(duration * Self.sampleRate))
        for step in 1...steps {
            let time = start + Double(step) / Self.sampleRate
            for (index, path) in paths.enumerated() {
                add(time, id: index + 1, .move, path.point(at: Double(step) / Double(steps)))
            }
        }
        let end = start + Double(steps) / Self.sampleRate
        for (index, path) in paths.enumerated() {
            let spread = realistic ? Double(index) * Self.liftSpread + random.uniform(0, 0.004) : 0
            add(end + 1 / Self.sampleRate + spread, id: index + 1, .up, path.point(at: 1))
        }
        return end
    }

    /// Everything scripted so far, in time order (events at the same time keep their order).
    public var trace: TouchTrace {
        let ordered = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        return TouchTrace(outputSize: outputSize, events: ordered.map(\.element))
    }

    private mutating func add(_ time: Double, id: Int, _ phase: TouchTrace.Phase, _ point: Point) {
        var p = point
        if realistic, phase != .up {
            p.x += random.uniform(-2, 2)
            p.y += random.uniform(-2, 2)
        }
        // Rounded as a recording would be, so the written trace reads well.
        events.append(TouchTrace.Event(time: rounded(time, 10_000), id: id, phase: phase,
                                       x: rounded(p.x, 100), y: rounded(p.y, 100)))
    }

    private func rounded(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }
}

/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// numbers on every machine and Swift version, unlike the system generator.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `low..<high`, from the top 53 bits (so the same on every platform).
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
