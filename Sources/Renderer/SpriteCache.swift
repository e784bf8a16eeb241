import CPixman
import TouchCore
import Visualizer

/// Pre-rendered shapes, rasterized once per size, colour and output scale and then only
/// composited: coverage masks for rings and discs (ripples, cue rings), and whole markers in
/// their colour. The cache is emptied when the style or the scale changes, and when it grows
/// past its capacity (ripples pass through many sizes).
final class SpriteCache {
    enum Kind: Hashable { case disc, ring }

    struct Key: Hashable {
        var kind: Kind
        /// Radius and width in quarter device pixels.
        var radius: Int
        var width: Int
    }

    /// A coverage sprite: the mask, where its centre lies inside it, and for rings the inset
    /// of the empty square inside (0: none), which compositing can skip.
    struct Sprite {
        let mask: MaskImage
        let center: Double
        let hole: Int
    }

    /// A marker pre-rendered in its colour (premultiplied ARGB) at full opacity.
    struct MarkerSprite {
        let image: Canvas
        let center: Double
    }

    struct MarkerKey: Hashable {
        var look: MarkerLook
        /// The colour's red, green and blue bytes.
        var rgb: UInt32
    }

    let capacity: Int
    /// Marker sprites kept: one per palette colour and look in use, so a handful.
    let markerCapacity = 64
    private var sprites: [Key: Sprite] = [:]
    private var markers: [MarkerKey: MarkerSprite] = [:]
    private(set) var rasterizations = 0
    private let paint = SolidPixel(format: PIXMAN_a8r8g8b8)

    init(capacity: Int = 512) {
        self.capacity = capacity
        sprites.reserveCapacity(capacity)
    }

    func removeAll() {
        sprites.removeAll(keepingCapacity: true)
        markers.removeAll(keepingCapacity: true)
    }

    /// The sprite for a disc or ring of `radius` (and ring `width`) device pixels.
    func sprite(_ kind: Kind, radius: Double, width: Double = 0) -> Sprite {
        let key = Key(kind: kind, radius: Int((radius * 4).rounded()), width: Int((width * 4).rounded()))
        if let sprite = sprites[key] { return sprite }
        if sprites.count >= capacity { sprites.removeAll(keepingCapacity: true) }
        let r = Double(key.radius) / 4, w = Double(key.width) / 4
        let outer = kind == .disc ? r : r + w / 2
        let size = Int((2 * outer + 3).rounded(.up))
        let center = Double(size) / 2
        let mask = MaskImage(width: size, height: size)
        let c = Point(x: center, y: center)
        let shape: DeviceShape = kind == .disc ? .disc(center: c, radius: r) : .ring(center: c, radius: r, width: w)
        mask.rasterize(shape, originX: 0, originY: 0, width: size, height: size)
        rasterizations += 1
        // The largest square inside the ring's inner edge (less a pixel of anti-aliasing).
        let innerRadius = kind == .ring ? r - w / 2 - 1 : 0
        let halfSide = innerRadius / 2.squareRoot()
        let hole = halfSide > 4 ? Int((center - halfSide).rounded(.up)) : 0
        let sprite = Sprite(mask: mask, center: center, hole: hole)
        sprites[key] = sprite
        return sprite
    }

    /// The sprite of a marker that looks like `look` in `color` (its alpha ignored), at
    /// `scale` device pixels per logical unit: shadow ring, fill and ring composited in that
    /// order, as separate items would be.
    func marker(_ look: MarkerLook, color: Color, scale: Double) -> MarkerSprite {
        let opaque = color.opaque
        let key = MarkerKey(look: look, rgb: opaque.premultipliedARGB & 0xFF_FFFF)
        if let sprite = markers[key] { return sprite }
        if markers.count >= markerCapacity { markers.removeAll(keepingCapacity: true) }
        let size = Int((2 * look.outerRadius * scale + 3).rounded(.up))
        let center = Double(size) / 2
        let c = Point(x: center, y: center)
        let image = Canvas(width: size, height: size)
        let mask = MaskImage(width: size, height: size)
        for (shape, paintColor) in look.parts(center: c, scale: scale, color: opaque) where paintColor.alpha > 0 {
            mask.rasterize(shape, originX: 0, originY: 0, width: size, height: size)
            paint.value = paintColor.premultipliedARGB
            pixman_image_composite32(PIXMAN_OP_OVER, paint.image, mask.image, image.image,
                                     0, 0, 0, 0, 0, 0, Int32(size), Int32(size))
        }
        rasterizations += 1
        let sprite = MarkerSprite(image: image, center: center)
        markers[key] = sprite
        return sprite
    }
}

extension MarkerLook {
    /// The marker's parts in device pixels, back to front, in the opaque `color`: the shadow
    /// ring, the fill, the ring and the outline, each at its opacity.
    func parts(center c: Point, scale: Double, color: Color) -> [(DeviceShape, Color)] {
        let r = radius * scale, w = ringWidth * scale
        let paints = partColors(color)
        return [
            (.ring(center: c, radius: shadowRadius * scale, width: w), paints.shadow),
            (.disc(center: c, radius: r), paints.fill),
            (.ring(center: c, radius: r, width: w), paints.ring),
            (.ring(center: c, radius: outlineRadius * scale, width: outlineWidth * scale), paints.outline),
        ]
    }

    /// The colours of the marker's parts in the opaque `color`, each at its opacity: the
    /// shadow's black, the fill's, the ring's, and the outline's black or white (transparent
    /// without an outline).
    public func partColors(_ color: Color) -> (shadow: Color, fill: Color, ring: Color, outline: Color) {
        (Color.black.withOpacity(shadowOpacity), color.withOpacity(fillOpacity), color.withOpacity(ringOpacity),
         color.contrastingOutline.withOpacity(outlineWidth > 0 ? 1 : 0))
    }
}
