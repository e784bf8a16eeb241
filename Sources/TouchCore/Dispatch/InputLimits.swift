/// The bounds every input value is held to before TouchCore uses it, whatever its source.
///
/// Parsers reject values outside these bounds with a message; the dispatcher then clamps or
/// drops whatever still gets through (a live source has no one to report to), so no number
/// from any source can reach a conversion that traps or a loop that runs for its size.
public enum InputLimits {
    /// The largest coordinate magnitude, in logical units: far beyond any output.
    public static let coordinate = 1_000_000.0
    /// The largest contact axis (full length), in logical units.
    public static let contactAxis = 10_000.0
    /// The longest time a trace may span, in seconds (a year).
    public static let traceDuration = 31_536_000.0
    /// The most contacts down at once: more than any touchscreen's slots (the kernel's
    /// multitouch panels report a few dozen at most); more are refused, and counted.
    public static let contacts = 64

    /// `value` within ±`coordinate`, or nil when it is not a number at all.
    @inlinable public static func coordinate(_ value: Double) -> Double? {
        value.isNaN ? nil : min(max(value, -coordinate), coordinate)
    }

    /// The point with both coordinates clamped, or nil when either is NaN.
    @inlinable public static func point(_ point: Point) -> Point? {
        guard let x = coordinate(point.x), let y = coordinate(point.y) else { return nil }
        return Point(x: x, y: y)
    }

    /// A contact axis length clamped to 0…`contactAxis`, or nil when it is not a number.
    @inlinable public static func contactAxis(_ value: Double) -> Double? {
        value.isNaN ? nil : min(max(value, 0), contactAxis)
    }

    /// A pressure clamped to 0…1, or nil when it is not a number.
    @inlinable public static func force(_ value: Double) -> Double? {
        value.isNaN ? nil : min(max(value, 0), 1)
    }
}
