import CPixman
import TouchCore
import Visualizer

/// Draws sprites' pixels with pixman: a pre-rendered `SpriteArt` once into its own buffer, and
/// a drawn sprite's items every frame into its buffer, exactly as the canvas renderer would
/// draw them at that place.
public final class SpriteArtist {
    /// The coverage scratch, grown to the largest picture drawn.
    private var mask = MaskImage(width: 1, height: 1)
    private let paint = SolidPixel(format: PIXMAN_a8r8g8b8)
    private let opacity = SolidPixel(format: PIXMAN_a8)
    /// Draws the drawn sprites' items; its buffers differ in size and place, so it keeps no layer.
    private let itemRenderer: MarkerRenderer = {
        let renderer = MarkerRenderer()
        renderer.keepsLayer = false
        return renderer
    }()
    /// The drawn items, moved into the sprite's buffer (storage kept between frames).
    private var moved: [DrawItem] = []

    public init() {}

    /// Draws text items (captions, the HUD) in drawn sprites; without it they are left out.
    public var text: TextRenderer? {
        get { itemRenderer.text }
        set { itemRenderer.text = newValue }
    }

    /// How many pictures were pre-rendered so far.
    public private(set) var rasterizations = 0

    /// Draws `art`, square, into all of `canvas` (whose side is `art.pixelSide(scale:)`).
    public func draw(_ art: SpriteArt, into canvas: Canvas) {
        canvas.clear(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let side = canvas.width
        let scale = Double(side) / Double(max(1, art.logicalSide))  // the exact ratio of this buffer
        let c = Point(x: Double(side) / 2, y: Double(canvas.height) / 2)
        let mask = self.mask(side: side)
        switch art {
        case .marker(let look, let rgb, let step):
            for (shape, partColor) in look.parts(center: c, scale: scale, color: SpriteArt.color(rgb: rgb)) where partColor.alpha > 0 {
                composite(shape, partColor, through: mask, side: side, into: canvas)
            }
            // The marker fades as a whole, as the canvas composites its sprite at an opacity.
            if step < SpriteTunables.opacitySteps {
                opacity.value = UInt32(alphaByte(step))
                pixman_image_composite32(PIXMAN_OP_IN_REVERSE, opacity.image, nil, canvas.image,
                                         0, 0, 0, 0, 0, 0, Int32(side), Int32(side))
            }
        case .circle(let isRing, let band, let width, let rgb, let step):
            let radius = SpriteArt.radius(ofBand: band) * scale
            let shape: DeviceShape = isRing
                ? .ring(center: c, radius: radius, width: Double(width) / 4 * SpriteTunables.ringWidthCompensation * scale)
                : .disc(center: c, radius: radius)
            composite(shape, SpriteArt.color(rgb: rgb).withOpacity(Double(step) / Double(SpriteTunables.opacitySteps)),
                      through: mask, side: side, into: canvas)
        case .drawn:
            return
        }
        rasterizations += 1
    }

    /// Redraws `items` into `canvas`, whose top-left corner is at `origin` (logical), at
    /// `scale` device pixels per logical px, where `damage` (logical, in the canvas's own
    /// coordinates) says; returns the device pixels redrawn.
    public func draw(_ items: ArraySlice<DrawItem>, origin: Point, scale: Double, into canvas: Canvas,
                     damage: [Rect]) -> [PixelRect] {
        moved.removeAll(keepingCapacity: true)
        for item in items { moved.append(item.moved(by: Point(x: -origin.x, y: -origin.y))) }
        itemRenderer.scale = scale
        return itemRenderer.draw(moved, into: canvas, damage: damage)
    }

    private func composite(_ shape: DeviceShape, _ color: Color, through mask: MaskImage, side: Int, into canvas: Canvas) {
        mask.rasterize(shape, originX: 0, originY: 0, width: side, height: side)
        paint.value = color.premultipliedARGB
        pixman_image_composite32(PIXMAN_OP_OVER, paint.image, mask.image, canvas.image,
                                 0, 0, 0, 0, 0, 0, Int32(side), Int32(side))
    }

    /// The scratch mask, at least `side`×`side`.
    private func mask(side: Int) -> MaskImage {
        mask = mask.holding(width: side, height: side)
        return mask
    }

    /// Drops the scratch memory (while nothing shows).
    public func releaseScratch() {
        mask = MaskImage(width: 1, height: 1)
        moved = []
        itemRenderer.invalidateSprites()
    }
}

/// An opacity step as an alpha byte.
func alphaByte(_ step: Int) -> UInt8 {
    UInt8(min(255, max(0, (Double(step) / Double(SpriteTunables.opacitySteps) * 255).rounded())))
}
