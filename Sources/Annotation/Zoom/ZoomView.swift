import TouchCore

/// How a frozen picture of the output is shown while zoomed: magnified `scale` times, with
/// picture point `offset` at the output's top left. Ink is kept in picture coordinates (at ×1
/// they are the output's), so it stays on what it marks however the picture is zoomed or
/// panned, and after the zoom ends.
public struct ZoomView: Equatable, Sendable {
    /// ×1 to ×`AnnotationDefaults.zoomRange.upperBound`.
    public private(set) var scale = 1.0
    /// The picture point shown at the output's top left (logical px).
    public private(set) var offset = Point.zero

    public init() {}

    public init(scale: Double, offset: Point, in size: Size) {
        self.scale = scale
        self.offset = offset
        clamp(to: size)
    }

    /// Whether it shows the picture as it was (×1, unmoved).
    public var isIdentity: Bool { scale == 1 && offset == .zero }

    /// Where picture point `point` shows on the output.
    public func toScreen(_ point: Point) -> Point {
        Point(x: (point.x - offset.x) * scale, y: (point.y - offset.y) * scale)
    }

    /// The picture point shown at output point `point`.
    public func toPicture(_ point: Point) -> Point {
        Point(x: point.x / scale + offset.x, y: point.y / scale + offset.y)
    }

    /// A picture rectangle as it shows on the output.
    public func toScreen(_ rect: Rect) -> Rect {
        guard !rect.isNull else { return rect }
        let origin = toScreen(Point(x: rect.minX, y: rect.minY))
        return Rect(x: origin.x, y: origin.y, width: rect.width * scale, height: rect.height * scale)
    }

    /// Magnified by `factor` more, the picture point under output point `anchor` staying there
    /// (a pinch's centre), within ×1…×maximum, and never showing beyond the picture's edges.
    public mutating func zoom(by factor: Double, around anchor: Point, in size: Size, maximum: Double = AnnotationDefaults.zoomRange.upperBound) {
        guard factor.isFinite, factor > 0 else { return }
        let fixed = toPicture(anchor)
        scale = min(max(scale * factor, AnnotationDefaults.zoomRange.lowerBound), max(1, maximum))
        offset = Point(x: fixed.x - anchor.x / scale, y: fixed.y - anchor.y / scale)
        clamp(to: size)
    }

    /// Moved with two fingers by `delta` output px (the picture follows the fingers).
    public mutating func pan(by delta: Point, in size: Size) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        offset = Point(x: offset.x - delta.x / scale, y: offset.y - delta.y / scale)
        clamp(to: size)
    }

    /// Keeps the shown part inside the picture (an output of `size`).
    private mutating func clamp(to size: Size) {
        if !scale.isFinite || scale < 1 { scale = 1 }
        scale = min(scale, AnnotationDefaults.zoomRange.upperBound)  // a trace's 1e300 too
        let room = (x: size.width - size.width / scale, y: size.height - size.height / scale)
        offset = Point(x: min(max(offset.x.isFinite ? offset.x : 0, 0), max(0, room.x)),
                       y: min(max(offset.y.isFinite ? offset.y : 0, 0), max(0, room.y)))
    }
}

extension ZoomView {
    /// The name of a trace's `set` line that records the zoom: `on` when it froze the screen
    /// (a live replay freezes it again; `render` has no picture), `SCALE,X,Y` as two fingers
    /// move it, `off` when it ends; so that a replay and `render` put the ink where it showed.
    public static let settingName = CommandWord.zoom.rawValue

    /// How a trace writes it (to a thousandth).
    public var settingValue: String {
        func number(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
        return "\(number(scale)),\(number(offset.x)),\(number(offset.y))"
    }

    /// A trace's value: a view, or nil for `off`; throws for anything else.
    public static func parse(settingValue value: String, in size: Size) throws(ControlError) -> ZoomView? {
        if value == "off" { return nil }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 3, let scale = parts[0], let x = parts[1], let y = parts[2], scale.isFinite, x.isFinite, y.isFinite else {
            throw ControlError("expected SCALE,X,Y or off, not '\(value)'")
        }
        return ZoomView(scale: scale, offset: Point(x: x, y: y), in: size)
    }
}

extension AnnotationDefaults {
    /// How far the zoom magnifies.
    public static let zoomRange = 1.0...8.0
}
