import TouchCore

/// The spotlight (`ctl spotlight on`, `[spotlight]`): the screen dimmed except a soft circle
/// around the newest finger, pen or pointer. It is only a picture: it takes no touch, so in
/// pass mode touches still reach the apps below.
public struct Spotlight: Equatable, Sendable {
    /// Where the circle's centre is (logical px); nil until something touched or hovered.
    public var center: Point?
    /// The clear circle's radius (logical px); the dimming fades in over `softEdge` beyond it.
    public var radius: Double
    /// How much the rest of the screen is darkened: 0 not at all, 1 black.
    public var dim: Double

    public init(center: Point? = nil, radius: Double = AnnotationDefaults.spotlightRadius, dim: Double = AnnotationDefaults.spotlightDim) {
        (self.center, self.radius, self.dim) = (center, radius, dim)
    }

    /// The width of the soft edge, where the dimming fades in (logical px).
    public var softEdge: Double { radius * AnnotationDefaults.spotlightSoftness }

    /// The area the circle and its soft edge cover (what changes when it moves); nil without
    /// a centre.
    public var circleBounds: Rect? {
        guard let center else { return nil }
        let reach = radius + softEdge + 1
        return Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
    }

    /// How much a point `distance` px from the centre is darkened (0 inside the circle, `dim`
    /// past the soft edge, smooth between).
    public func darkening(atDistance distance: Double) -> Double {
        guard center != nil else { return dim }
        let t = min(1, max(0, (distance - radius) / max(softEdge, 0.001)))
        return dim * t * t * (3 - 2 * t)
    }

    /// `radius` kept within what a pinch may make of it.
    public static func clampedRadius(_ radius: Double) -> Double {
        min(max(radius.isFinite ? radius : AnnotationDefaults.spotlightRadius, AnnotationDefaults.spotlightRadii.lowerBound),
            AnnotationDefaults.spotlightRadii.upperBound)
    }
}

extension Spotlight {
    /// The name of a trace's `set` line that records a hovering pointer leading the spotlight
    /// (`TIME set spotlight_at X,Y`), which the touches in a trace do not tell.
    public static let hoverSettingName = "spotlight_at"

    /// How a trace writes the hover's place: `X,Y` (logical px, to a hundredth).
    public static func hoverSettingValue(_ point: Point) -> String {
        func number(_ v: Double) -> String { String((v * 100).rounded() / 100) }
        return "\(number(point.x)),\(number(point.y))"
    }

    /// The place a trace's value gives, held within `InputLimits` as a touch's is; nil for
    /// anything but two finite numbers.
    public static func parseHover(_ value: String) -> Point? {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else { return nil }
        return InputLimits.point(Point(x: x, y: y))
    }
}

extension AnnotationDefaults {
    /// How much the spotlight darkens the rest of the screen (`[spotlight] dim`).
    public static let spotlightDim = 0.6
    /// The spotlight's radius at start (`[spotlight] radius`, logical px).
    public static let spotlightRadius = 120.0
    /// The radii a pinch can give the spotlight (logical px).
    public static let spotlightRadii = 24.0...1200.0
    /// The soft edge's width, as a share of the radius.
    public static let spotlightSoftness = 0.35
}
