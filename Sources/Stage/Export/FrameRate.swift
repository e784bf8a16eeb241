/// A frame rate kept as an exact fraction: NTSC's 60000/1001 stays 60000/1001, so frame `n`
/// of a 59.94 frames/s video and frame `n` of the touches fall at the same instant.
public struct FrameRate: Equatable, Sendable, CustomStringConvertible {
    /// Frames per `denominator` seconds, in lowest terms.
    public let numerator: Int
    public let denominator: Int

    /// The rates `--fps` accepts, in frames per second.
    public static let accepted = 1.0...240.0
    /// The rate of a track when nothing else says.
    public static let standard = FrameRate(numerator: 60, denominator: 1)!

    /// `numerator / denominator` frames per second, reduced; nil unless both are positive and
    /// small enough to stay exact.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0, numerator <= 1 << 30, denominator <= 1 << 30 else { return nil }
        let divisor = Self.greatestCommonDivisor(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// "60", "30000/1001" (ffprobe's form) or a decimal such as "29.97". A decimal within
    /// 0.005 of an NTSC rate (k × 1000/1001: 23.976, 29.97, 59.94, …) means that rate exactly.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
            self.init(numerator: n, denominator: d)
            return
        }
        guard parts.count == 1, let value = Double(text) else { return nil }
        self.init(value)
    }

    /// The nearest fraction over 1000, or an NTSC rate when `value` is within 0.005 of one.
    public init?(_ value: Double) {
        guard value.isFinite, value > 0, value <= 1_000_000 else { return nil }
        let ntsc = (value * 1.001).rounded()
        if value != value.rounded(), ntsc >= 1, abs(value - ntsc * 1000 / 1001) < 0.005 {
            self.init(numerator: Int(ntsc) * 1000, denominator: 1001)
        } else {
            self.init(numerator: Int((value * 1000).rounded()), denominator: 1000)
        }
    }

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// How long one frame lasts, in seconds.
    public var frameDuration: Double { Double(denominator) / Double(numerator) }

    /// As ffmpeg reads it: "60" or "60000/1001".
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    /// For people: "60" or "59.94".
    public var readable: String {
        if denominator == 1 { return "\(numerator)" }
        let hundredths = Int((framesPerSecond * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }

    /// The number of whole frames that start within `seconds` (frame 0 starts at 0).
    public func frames(in seconds: Double) -> Int {
        guard seconds > 0 else { return 0 }
        // Exact for durations that are whole frames: 10 s at 30000/1001 is 299.7 → 300 frames.
        return Int((seconds * Double(numerator) / Double(denominator) - 1e-9).rounded(.up))
    }

    /// Whether another rate is within `tolerance` (relative) of this one.
    func isClose(to other: FrameRate, tolerance: Double = 0.005) -> Bool {
        abs(framesPerSecond - other.framesPerSecond) <= tolerance * framesPerSecond
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
