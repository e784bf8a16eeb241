import TouchCore

/// A gesture's measures, as its caption shows them. The gesture lens fills in what its
/// recognizer knows; each caption format picks what it shows.
public struct CaptionMeasures: Equatable, Sendable {
    public var scale = 1.0
    /// Radians, clockwise positive.
    public var rotation = 0.0
    public var distance = 0.0
    public var seconds = 0.0
    public var fingers = 1
    public var taps = 1
    public var direction = SwipeGestureRecognizer.Direction.right
    public var edge = RectEdge.left

    public init() {}

    /// Writes one measure's text.
    func write(_ value: CaptionFormat.Value, into line: inout TextLine) {
        switch value {
        case .scale: Self.write(scale, decimals: 1, into: &line)
        case .degrees: Self.write(rotation * 180 / .pi, decimals: 0, into: &line)
        case .distance: Self.write(distance, decimals: 0, into: &line)
        case .seconds: Self.write(seconds, decimals: 1, into: &line)
        case .fingers: Self.write(Double(fingers), decimals: 0, into: &line)
        case .taps: Self.write(Double(taps), decimals: 0, into: &line)
        case .arrow: line.append(utf8: Self.arrow(direction).utf8)
        case .direction: line.append(utf8: Self.word(direction).utf8)
        case .edge: line.append(utf8: Self.word(edge).utf8)
        }
    }

    static func arrow(_ direction: SwipeGestureRecognizer.Direction) -> StaticString {
        switch direction {
        case .left: "←"
        case .up: "↑"
        case .down: "↓"
        default: "→"
        }
    }

    static func word(_ direction: SwipeGestureRecognizer.Direction) -> StaticString {
        switch direction {
        case .left: "left"
        case .up: "up"
        case .down: "down"
        default: "right"
        }
    }

    static func word(_ edge: RectEdge) -> StaticString {
        if edge.contains(.left) { return "left" }
        if edge.contains(.right) { return "right" }
        if edge.contains(.top) { return "top" }
        return "bottom"
    }

    /// Writes `value` rounded to `decimals` (0 or 1) places without allocating; "–" for a
    /// value that is not finite or too large to mean anything.
    static func write(_ value: Double, decimals: Int, into line: inout TextLine) {
        let factor = decimals > 0 ? 10.0 : 1.0
        let scaled = (value * factor).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else {
            line.append(utf8: "–".utf8)
            return
        }
        var units = Int(abs(scaled))
        if scaled < 0, units != 0 { line.append(utf8: "-".utf8) }
        let fraction = decimals > 0 ? units % 10 : -1
        if decimals > 0 { units /= 10 }
        var digits = InlineArray<20, UInt8>(repeating: 0), n = 0
        repeat {
            digits[n] = UInt8(ascii: "0") + UInt8(units % 10)
            units /= 10
            n += 1
        } while units > 0
        while n > 0 {
            n -= 1
            line.append(utf8: CollectionOfOne(digits[n]))
        }
        if fraction >= 0 {
            line.append(utf8: CollectionOfOne(UInt8(ascii: ".")))
            line.append(utf8: CollectionOfOne(UInt8(ascii: "0") + UInt8(fraction)))
        }
    }
}

extension StaticString {
    /// The string's UTF-8 bytes (static storage: no allocation).
    var utf8: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}
