import FoundationEssentials
import Glibc
import TouchCore
import Visualizer

/// What one sprite shows: a pre-rendered picture (a marker, a disc or a ring, at one opacity
/// step), or pixels drawn for it every frame (lines, arcs, ellipses, large circles). A
/// pre-rendered picture has a buffer of its own that any number of sprites share.
public enum SpriteArt: Hashable, Sendable {
    /// A marker in `rgb` (0xRRGGBB) at `opacity` steps of 1/`SpriteTunables.opacitySteps`.
    case marker(MarkerLook, rgb: UInt32, opacity: Int)
    /// A disc, or a ring `width` quarter logical px wide, pre-rendered at radius
    /// `bandRatio^band` and shown at its true radius through the viewport.
    case circle(isRing: Bool, band: Int, width: Int, rgb: UInt32, opacity: Int)
    /// Pixels drawn every frame for the items of one owner.
    case drawn(owner: Int)

    /// Whether the art is pre-rendered (a shared buffer) rather than drawn every frame.
    public var isPreRendered: Bool {
        if case .drawn = self { return false }
        return true
    }

    /// The side of a pre-rendered sprite's square, in logical px (its viewport's size when
    /// shown at its own size).
    public var logicalSide: Int {
        let outer: Double
        switch self {
        case .marker(let look, _, _): outer = look.outerRadius
        case .circle(let isRing, let band, let width, _, _):
            outer = Self.radius(ofBand: band) + (isRing ? Double(width) / 4 * SpriteTunables.ringWidthCompensation / 2 : 0)
        case .drawn: return 0
        }
        // A logical px of room each side for anti-aliasing.
        return SpriteTunables.roundUp(Int((2 * outer + 2).rounded(.up)), to: SpriteTunables.sizeQuantum)
    }

    /// The side in device pixels at `scale`.
    public func pixelSide(scale: Double) -> Int { max(1, Int((Double(logicalSide) * scale).rounded())) }

    /// The radius circles of `band` are pre-rendered at.
    public static func radius(ofBand band: Int) -> Double { pow(SpriteTunables.bandRatio, Double(band)) }

    /// The band whose radius is the smallest at least `radius` (≥ 1).
    public static func band(forRadius radius: Double) -> Int {
        let r = max(1, radius)
        var band = Int((log(r) / log(SpriteTunables.bandRatio)).rounded(.up))
        while band > 0, Self.radius(ofBand: band - 1) >= r { band -= 1 }
        while Self.radius(ofBand: band) < r { band += 1 }
        return band
    }

    /// An opacity (0…1) as a step; 0 shows nothing.
    public static func opacityStep(_ opacity: Double) -> Int {
        guard opacity.isFinite else { return 0 }
        return Int((min(1, max(0, opacity)) * Double(SpriteTunables.opacitySteps)).rounded())
    }

    /// A colour's red, green and blue bytes as 0xRRGGBB.
    public static func rgb(of color: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v.isFinite ? v : 0)) * 255).rounded()) }
        return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }

    /// The opaque colour of 0xRRGGBB.
    static func color(rgb: UInt32) -> Color {
        Color(red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
    }
}

