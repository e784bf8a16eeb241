import CPixman
import TouchCore
import Visualizer

/// Draws a visualizer frame's items into a canvas with pixman, touching only the damaged
/// rectangles: each is cleared to transparent, then every item that reaches it is composited
/// (OVER, colour through a coverage mask). Repeating shapes come from the sprite cache;
/// ellipses, arcs and lines are rasterized into a scratch mask, only inside the damage.
public final class MarkerRenderer {
    /// Device pixels per logical unit (1, 1.25, 1.5, 2, …).
    public var scale: Double {
        didSet { if scale != oldValue { sprites.removeAll() } }
    }

    let sprites = SpriteCache()
    /// Paints each damaged rectangle's background before the items (the ink, under the
    /// markers); without one, the rectangle is cleared to transparent.
    public weak var underlay: Underlay?
    /// Draws text items (captions, the HUD); without it they are left out.
    public var text: TextRenderer?
    /// Whether persisting lines (`DrawItem.persists`) are drawn once into a layer kept for
    /// the next frames (for a renderer drawing the same output into same-sized buffers).
    public var keepsLayer = true {
        didSet { if !keepsLayer { pathLayer.release() } }
    }
    private var tiles: TileGrid
    private let painter = ShapePainter()
    private(set) lazy var pathLayer = PathLayer(painter: painter)
    /// The source colour of mask-shaped items, set to each item's premultiplied colour.
    private let paint = SolidPixel(format: PIXMAN_a8r8g8b8)
    /// The opacity mask of pre-coloured sprites, set to each marker's opacity.
    private let opacity = SolidPixel(format: PIXMAN_a8)

    /// `tileSize`: the side of the square tiles damage is rounded out to, in device pixels.
    public init(scale: Double = 1, tileSize: Int = 32) {
        self.scale = scale
        tiles = TileGrid(tileSize: max(1, tileSize))
    }

    /// Forgets every pre-rendered sprite (after a style change).
    public func invalidateSprites() { sprites.removeAll() }

    /// How many shapes were rasterized into sprites so far.
    public var spriteRasterizations: Int { sprites.rasterizations }

    /// Redraws the whole canvas.
    public func drawAll(_ items: [DrawItem], into canvas: Canvas) {
        computeBoxes(of: items, canvas: canvas)
        redraw(items, into: canvas, area: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
    }

    /// Redraws what `damage` (logical rectangles, as the visualizer reports them) covers, as
    /// non-overlapping runs of tiles, and returns those device-pixel rectangles: the damage to
    /// report to the compositor (valid until the next call).
    @discardableResult
    public func draw(_ items: [DrawItem], into canvas: Canvas, damage: [Rect]) -> [PixelRect] {
        tiles.reset(width: canvas.width, height: canvas.height)
        strips.removeAll(keepingCapacity: true)
        for rect in damage where !rect.isNull {
            // A thin line across the output (a HUD crosshair) is redrawn as it is: rounded
            // out to tiles it would cost a band as wide as the output and a tile high.
            if DamageRegion.isThin(rect) { strips.append(devicePixels(of: rect)) } else { tiles.mark(devicePixels(of: rect)) }
        }
        let runs = redrawTiles(items, into: canvas)
        guard !strips.isEmpty else { return runs }
        for strip in strips { redraw(items, into: canvas, area: strip) }
        drawn.removeAll(keepingCapacity: true)
        drawn.append(contentsOf: runs)
        drawn.append(contentsOf: strips)
        return drawn
    }

    /// This frame's thin damage, redrawn outside the tiles, and all it redrew (storage kept).
    private var strips: [PixelRect] = []
    private var drawn: [PixelRect] = []

    /// Redraws what `damage`, in device pixels, covers; otherwise like `draw(_:into:damage:)`.
    @discardableResult
    public func draw(_ items: [DrawItem], into canvas: Canvas, devicePixelDamage damage: [PixelRect]) -> [PixelRect] {
        tiles.reset(width: canvas.width, height: canvas.height)
        for rect in damage { tiles.mark(rect) }
        return redrawTiles(items, into: canvas)
    }

    private func redrawTiles(_ items: [DrawItem], into canvas: Canvas) -> [PixelRect] {
        let runs = tiles.runs()
        computeBoxes(of: items, canvas: canvas)
        for run in runs { redraw(items, into: canvas, area: run) }
        return runs
    }

    /// Each item's device-pixel box, computed once per frame.
    private var boxes: [PixelRect] = []

    /// Also brings the path layer up to date, once a frame before anything is redrawn, and
    /// lists the items left to draw.
    private func computeBoxes(of items: [DrawItem], canvas: Canvas) {
        boxes.removeAll(keepingCapacity: true)
        drawable.removeAll(keepingCapacity: true)
        var layered = false
        for index in items.indices {
            boxes.append(devicePixels(of: items[index].bounds))
            if keepsLayer, PathLayer.holds(items[index]) { layered = true } else { drawable.append(index) }
        }
        if layered || pathLayer.hasImage {
            pathLayer.update(items, boxes: boxes, width: canvas.width, height: canvas.height, scale: scale)
        }
    }

    /// The indices of the items `redraw` draws: all but the lines the layer holds.
    private var drawable: [Int] = []

    /// Clears `area` and composites every item that reaches it.
    private func redraw(_ items: [DrawItem], into canvas: Canvas, area: PixelRect) {
        let clip = area.clipped(toWidth: canvas.width, height: canvas.height)
        guard !clip.isEmpty else { return }
        if let underlay {
            underlay.composite(into: canvas, area: clip)
        } else {
            canvas.clear(x: clip.x, y: clip.y, width: clip.width, height: clip.height)
        }
        if keepsLayer { pathLayer.composite(into: canvas, area: clip) }
        // By index: an item (text makes them large) is copied only when it is drawn.
        for index in drawable where boxes[index].intersects(clip) {
            draw(items[index], box: boxes[index], into: canvas, clip: clip)
        }
    }

    private func devicePixels(of bounds: Rect) -> PixelRect { Renderer.devicePixels(of: bounds, scale: scale) }

    /// Composites `item`, whose device-pixel box is `box`, inside `clip`.
    private func draw(_ item: DrawItem, box: PixelRect, into canvas: Canvas, clip: PixelRect) {
        paint.value = item.color.premultipliedARGB
        guard paint.value != 0 else { return }
        let c = Point(x: item.center.x * scale, y: item.center.y * scale)
        switch item.shape {
        case .marker(let look):
            composite(sprites.marker(look, color: item.color, scale: scale), opacity: item.color.alphaByte,
                      at: c, into: canvas, clip: clip)
        case .disc(let r):
            composite(sprites.sprite(.disc, radius: r * scale), at: c, into: canvas, clip: clip)
        case .ring(let r, let w):
            composite(sprites.sprite(.ring, radius: r * scale, width: w * scale), at: c, into: canvas, clip: clip)
        case .arc(let r, let w, _, let sweep) where abs(sweep) >= 2 * .pi:  // a whole arc is its ring
            composite(sprites.sprite(.ring, radius: r * scale, width: w * scale), at: c, into: canvas, clip: clip)
        case .ellipse(let major, let minor, let angle):
            rasterizeAndComposite(.ellipse(center: c, major: major * scale, minor: minor * scale, angle: angle),
                                  area: box.intersection(clip), into: canvas)
        case .arc(let r, let w, let start, let sweep):
            rasterizeAndComposite(.arc(center: c, radius: r * scale, width: w * scale, start: start, sweep: sweep),
                                  area: box.intersection(clip), into: canvas)
        case .line(let to, let w):
            rasterizeAndComposite(.capsule(from: c, to: Point(x: to.x * scale, y: to.y * scale), width: w * scale),
                                  area: box.intersection(clip), into: canvas)
        case .text(let line):
            text?.draw(line, centeredAt: item.center, color: item.color, outline: item.color.contrastingOutline.withOpacity(item.color.alpha),
                       scale: scale, into: canvas, clip: box.intersection(clip))
        }
    }

    private func composite(_ sprite: SpriteCache.Sprite, at center: Point, into canvas: Canvas, clip: PixelRect) {
        let x = pixel((center.x - sprite.center).rounded()), y = pixel((center.y - sprite.center).rounded())
        let box = PixelRect(x: x, y: y, width: sprite.mask.width, height: sprite.mask.height)
        let hole = sprite.hole
        guard hole > 0 else {
            compositeMask(sprite.mask, origin: (x, y), area: box.intersection(clip), into: canvas)
            return
        }
        // A ring's inside is empty: composite the four bands around the square hole only.
        let inner = PixelRect(x: x + hole, y: y + hole, width: box.width - 2 * hole, height: box.height - 2 * hole)
        let bands = [
            PixelRect(x: box.x, y: box.y, width: box.width, height: hole),
            PixelRect(x: box.x, y: inner.y + inner.height, width: box.width, height: box.y + box.height - inner.y - inner.height),
            PixelRect(x: box.x, y: inner.y, width: hole, height: inner.height),
            PixelRect(x: inner.x + inner.width, y: inner.y, width: box.x + box.width - inner.x - inner.width, height: inner.height),
        ]
        for band in bands { compositeMask(sprite.mask, origin: (x, y), area: band.intersection(clip), into: canvas) }
    }

    /// Composites a pre-coloured sprite at `opacity` (255: none needed).
    private func composite(_ sprite: SpriteCache.MarkerSprite, opacity alpha: UInt8, at center: Point,
                           into canvas: Canvas, clip: PixelRect) {
        let x = pixel((center.x - sprite.center).rounded()), y = pixel((center.y - sprite.center).rounded())
        let area = PixelRect(x: x, y: y, width: sprite.image.width, height: sprite.image.height).intersection(clip)
        guard !area.isEmpty else { return }
        opacity.value = UInt32(alpha)
        pixman_image_composite32(PIXMAN_OP_OVER, sprite.image.image, alpha == 255 ? nil : opacity.image, canvas.image,
                                 Int32(area.x - x), Int32(area.y - y), 0, 0,
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }

    private func compositeMask(_ mask: MaskImage, origin: (x: Int, y: Int), area: PixelRect, into canvas: Canvas) {
        guard !area.isEmpty else { return }
        pixman_image_composite32(PIXMAN_OP_OVER, paint.image, mask.image, canvas.image,
                                 0, 0, Int32(area.x - origin.x), Int32(area.y - origin.y),
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }

    /// Rasterizes `shape` only inside `area` (the item's box within the damage) and composites it.
    private func rasterizeAndComposite(_ shape: DeviceShape, area: PixelRect, into canvas: Canvas) {
        painter.fill(shape, premultiplied: paint.value, area: area, into: canvas)
    }
}

/// A rectangle of whole device pixels.
public struct PixelRect: Equatable, Sendable {
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public func clipped(toWidth w: Int, height h: Int) -> PixelRect {
        intersection(PixelRect(x: 0, y: 0, width: w, height: h))
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(x + width, other.x + other.width) - x0,
                         height: max(y + height, other.y + other.height) - y0)
    }
}

/// A device-pixel coordinate as an integer. Inputs are held to `InputLimits` before they get
/// here; this is the last guard, so a value that slipped through draws off-canvas, not a trap.
@inline(__always) func pixel(_ value: Double) -> Int {
    value.isNaN ? 0 : Int(min(max(value, -1_073_741_824), 1_073_741_824))
}
