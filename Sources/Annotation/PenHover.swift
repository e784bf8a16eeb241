import TouchCore
import Visualizer

/// Where a pen in proximity would draw, while it hovers without touching: a small dot of the
/// ink's colour for its tip, a ring as large as the eraser's reach for its eraser end. The
/// dot has a thin outline in black or white, whichever contrasts with it, so it shows on any
/// background.
public struct PenHover: Equatable, Sendable {
    public var point: Point
    /// Whether it is the eraser end.
    public var erases: Bool

    public init(point: Point, erases: Bool) {
        (self.point, self.erases) = (point, erases)
    }

    /// The name of a trace's `set` line that records it (`TIME set pen_hover X,Y,TIP`, or
    /// `off` when it ends), so that a replay and `render` show it too.
    public static let settingName = "pen_hover"

    /// How a trace writes it: `X,Y,pen` or `X,Y,eraser` (logical px, to a hundredth).
    public var settingValue: String {
        func number(_ v: Double) -> String { String((v * 100).rounded() / 100) }
        return "\(number(point.x)),\(number(point.y)),\(erases ? "eraser" : "pen")"
    }

    /// What a trace's value says: a hover, nil for `off`; throws for anything else.
    public static func parse(settingValue value: String) throws(PenHoverValueError) -> PenHover? {
        if value == "off" { return nil }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite,
              parts[2] == "pen" || parts[2] == "eraser" else { throw PenHoverValueError(value: value) }
        // Held within `InputLimits`, as a touch's place is: no number reaches a conversion that traps.
        guard let point = InputLimits.point(Point(x: x, y: y)) else { throw PenHoverValueError(value: value) }
        return PenHover(point: point, erases: parts[2] == "eraser")
    }

    /// Owner number of its draw items (apart from the visualizer's and the toolbar's).
    static let itemOwner = 3_100_000

    /// Its shapes, drawn with the ink `settings` in force (colour, width).
    public func items(settings: InkDocument.Settings, into out: inout [DrawItem]) {
        func add(_ part: Int, _ shape: DrawItem.Shape, _ color: Color) {
            out.append(DrawItem(identity: .init(owner: Self.itemOwner, part: part), center: point, shape: shape, color: color))
        }
        let outline = AnnotationDefaults.penHoverOutline, radius = Self.radius(settings: settings)
        if erases {
            add(0, .ring(radius: radius, width: outline * 4), Color.black.withOpacity(0.5))
            add(1, .ring(radius: radius, width: outline * 2), Color.white.withOpacity(0.95))
        } else {
            add(0, .disc(radius: radius + outline), settings.color.contrastingOutline)
            add(1, .disc(radius: radius), settings.color.opaque)
        }
    }

    /// The dot's radius, and the eraser ring's: half the ink's width, which is what the eraser
    /// takes every stroke within, and never too small to see.
    private static func radius(settings: InkDocument.Settings) -> Double {
        max(AnnotationDefaults.penHoverMinimumRadius, settings.width / 2)
    }

    /// The logical area its shapes can touch.
    public func bounds(settings: InkDocument.Settings) -> Rect {
        let reach = Self.radius(settings: settings) + 2 * AnnotationDefaults.penHoverOutline + 2
        return Rect(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach)
    }
}

/// A trace's `pen_hover` value that is neither `X,Y,pen`, `X,Y,eraser` nor `off`.
public struct PenHoverValueError: Error, Equatable, CustomStringConvertible {
    public let value: String
    public var description: String { "expected X,Y,pen or X,Y,eraser or off, not '\(value)'" }
}

extension AnnotationDefaults {
    /// A hovering pen's dot is at least this large (logical px radius), whatever the width.
    public static let penHoverMinimumRadius = 2.5
    /// The width of the outline around the hover dot and of the eraser's ring (logical px).
    public static let penHoverOutline = 1.0
}
