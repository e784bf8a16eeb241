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
        case .scale: line.append(number: scale, decimals: 1)
        case .degrees: line.append(number: rotation * 180 / .pi, decimals: 0)
        case .distance: line.append(number: distance, decimals: 0)
        case .seconds: line.append(number: seconds, decimals: 1)
        case .fingers: line.append(number: Double(fingers), decimals: 0)
        case .taps: line.append(number: Double(taps), decimals: 0)
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
}

extension StaticString {
    /// The string's UTF-8 bytes (static storage: no allocation).
    var utf8: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}
