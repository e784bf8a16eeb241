@testable import OverlayClient
import Renderer

/// An offscreen compositor for one overlay, so that the presenters run in process: it takes
/// what a presenter attaches and commits on the overlay's surface and on its sprites'
/// subsurfaces, applies it as a compositor does (a sprite's state with its parent's commit,
/// a buffer released when another replaces it), and composites the result into a picture of
/// the output: `pixels`, premultiplied ARGB, `logicalSize × scale` device pixels.
@MainActor
final class OffscreenScreen: PresenterHost, SpriteTargetMaker {
    let logicalSize: (width: Int, height: Int)
    let scale: Double
    let pixelSize: (width: Int, height: Int)
    var mustStayMapped = false
    var hasSubsurfaces = false
    let shm: OpaquePointer? = nil
    /// What the presenters said, for the test's messages.
    private(set) var notes: [String] = []
    private(set) var commits = 0

    /// The overlay's own surface: the buffer attached and the one shown.
    private var pendingBuffer: ShmBuffer?
    private var shownBuffer: ShmBuffer?
    /// The damage the attached buffer came with, and the compositor's own copy of the
    /// surface: as KWin's and wlroots' renderers do with shm buffers, only the damaged
    /// rectangles are taken from a new buffer, so damage that is too small shows as stale
    /// pixels in `picture()`.
    private var pendingDamage: [PixelRect] = []
    private var copy: Canvas?
    /// The area of all damage attached so far (device px).
    private(set) var damagedArea = 0
    /// Set while GL draws the overlay: its framebuffer is what the surface shows.
    var glPicture: (() -> Canvas)?
    /// The sprites, bottom to top once the parent's commit applies their order.
    private var sprites: [OffscreenSprite] = []
    private var pendingOrder: [OffscreenSprite]?

    init(logicalWidth: Int, logicalHeight: Int, scale: Double) {
        logicalSize = (logicalWidth, logicalHeight)
        self.scale = scale
        pixelSize = SurfaceScale.choose(outputScale: Int(scale.rounded(.up)), preferredFractional: scale == scale.rounded() ? nil : scale,
                                        hasViewporter: true)
            .bufferSize(logicalWidth: logicalWidth, logicalHeight: logicalHeight)
    }

    // MARK: The overlay's surface

    func attach(_ buffer: ShmBuffer, damage: [PixelRect]) {
        pendingBuffer = buffer
        pendingDamage = damage
        damagedArea += damage.reduce(0) { $0 + $1.width * $1.height }
    }

    func commit() {
        if let pendingBuffer {
            if shownBuffer !== pendingBuffer { shownBuffer?.isBusy = false }
            shownBuffer = pendingBuffer
            take(pendingBuffer.canvas, damage: pendingDamage)
        }
        pendingBuffer = nil
        if let pendingOrder { sprites = pendingOrder }
        pendingOrder = nil
        for sprite in sprites { sprite.parentCommitted() }
        commits += 1
    }

    var canStretchPixel: Bool { true }
    func showTransparentPixel(width: Int, height: Int) throws(ClientError) { showNothing() }
    func stretchTransparentPixel(width: Int, height: Int) {}
    func detach() { showNothing() }

    /// Copies what `damage` covers of `canvas` into the surface's copy; all of it when the
    /// copy is new or of another size.
    private func take(_ canvas: Canvas, damage: [PixelRect]) {
        guard let copy, copy.width == canvas.width, copy.height == canvas.height else {
            let whole = Canvas(width: canvas.width, height: canvas.height)
            for y in 0..<canvas.height { for x in 0..<canvas.width { whole.pixels.storeBytes(of: canvas.pixel(x: x, y: y), toByteOffset: y * whole.stride + x * 4, as: UInt32.self) } }
            copy = whole
            return
        }
        for rect in damage {
            let r = rect.clipped(toWidth: canvas.width, height: canvas.height)
            guard !r.isEmpty else { continue }
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { copy.pixels.storeBytes(of: canvas.pixel(x: x, y: y), toByteOffset: y * copy.stride + x * 4, as: UInt32.self) } }
        }
    }

    private func showNothing() {
        shownBuffer?.isBusy = false
        shownBuffer = nil
        copy = nil
        commits += 1
    }

    func restoreScale() {}
    func note(_ text: String) { notes.append(text) }

    // MARK: Sprites

    func makeSpriteTarget() -> SpriteTarget {
        let sprite = OffscreenSprite(screen: self)
        sprites.append(sprite)
        hasSubsurfaces = true
        return sprite
    }

    /// A sprite asked to be stacked just above `sibling` (nil: the parent): applies with the
    /// parent's next commit.
    func place(_ sprite: OffscreenSprite, above sibling: OffscreenSprite?) {
        var order = pendingOrder ?? sprites
        order.removeAll { $0 === sprite }
        let index = sibling.flatMap { s in order.firstIndex { $0 === s } }.map { $0 + 1 } ?? 0
        order.insert(sprite, at: index)
        pendingOrder = order
    }

    func remove(_ sprite: OffscreenSprite) {
        sprites.removeAll { $0 === sprite }
        pendingOrder?.removeAll { $0 === sprite }
    }

    // MARK: The picture

    /// How many pixels of the buffer the surface shows differ in the compositor's copy: what
    /// the client drew but its damage never brought.
    func pixelsMissingFromCopy() -> Int {
        guard let canvas = shownBuffer?.canvas, let copy, copy.width == canvas.width, copy.height == canvas.height else { return 0 }
        var missing = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y) != copy.pixel(x: x, y: y) { missing += 1 }
        }
        return missing
    }

    /// The output as shown now: the overlay's buffer (at its pixel size, as the viewport shows
    /// it at any scale), then each sprite's buffer scaled to its destination, bilinearly.
    func picture() -> [UInt32] {
        var out = [UInt32](repeating: 0, count: pixelSize.width * pixelSize.height)
        if let canvas = glPicture?() ?? (shownBuffer == nil ? nil : copy) {
            for y in 0..<min(pixelSize.height, canvas.height) {
                for x in 0..<min(pixelSize.width, canvas.width) { out[y * pixelSize.width + x] = canvas.pixel(x: x, y: y) }
            }
        }
        for sprite in sprites { sprite.composite(into: &out, width: pixelSize.width, height: pixelSize.height, scale: scale) }
        return out
    }
}

/// One sprite's subsurface offscreen: synchronized, so what it commits is cached and shows
/// with the parent's next commit; its position applies then too.
@MainActor
final class OffscreenSprite: SpriteTarget {
    private unowned let screen: OffscreenScreen
    private struct State {
        var buffer: ShmBuffer?
        var destination = (width: 0, height: 0)
    }
    private var pending = State()
    private var cached = State()
    private var shown = State()
    private var pendingPosition = (x: 0, y: 0)
    private var position = (x: 0, y: 0)

    init(screen: OffscreenScreen) { self.screen = screen }

    func attach(_ buffer: ShmBuffer, damage: [PixelRect]) { pending.buffer = buffer }
    func showNothing() { pending.buffer = nil }
    func setDestination(width: Int, height: Int) { pending.destination = (width, height) }
    func setPosition(x: Int, y: Int) { pendingPosition = (x, y) }
    func place(above sibling: SpriteTarget?) { screen.place(self, above: sibling as? OffscreenSprite) }
    func commit() { cached = pending }
    func destroy() { screen.remove(self) }

    /// The parent committed: the cached state and the position apply, and a buffer no longer
    /// shown is released.
    func parentCommitted() {
        if let old = shown.buffer, old !== cached.buffer { old.isBusy = false }
        shown = cached
        position = pendingPosition
    }

    /// Blends the shown buffer over `out` where its destination lies, sampling it bilinearly
    /// at each device pixel's centre (premultiplied OVER).
    func composite(into out: inout [UInt32], width: Int, height: Int, scale: Double) {
        guard let canvas = shown.buffer?.canvas, shown.destination.width > 0 else { return }
        let x0 = Double(position.x) * scale, y0 = Double(position.y) * scale
        let w = Double(shown.destination.width) * scale, h = Double(shown.destination.height) * scale
        let (sx, sy) = (Double(canvas.width) / w, Double(canvas.height) / h)
        for py in max(0, Int(y0.rounded(.down)))..<min(height, Int((y0 + h).rounded(.up))) {
            let v = (Double(py) + 0.5 - y0) * sy - 0.5
            guard v > -1, v < Double(canvas.height) else { continue }
            for px in max(0, Int(x0.rounded(.down)))..<min(width, Int((x0 + w).rounded(.up))) {
                let u = (Double(px) + 0.5 - x0) * sx - 0.5
                guard u > -1, u < Double(canvas.width) else { continue }
                let source = Self.sample(canvas, u, v)
                out[py * width + px] = Self.over(source, out[py * width + px])
            }
        }
    }

    /// Bilinear sample of premultiplied ARGB, clamped to the edge.
    private static func sample(_ canvas: Canvas, _ u: Double, _ v: Double) -> (Double, Double, Double, Double) {
        let x = min(max(u, 0), Double(canvas.width - 1)), y = min(max(v, 0), Double(canvas.height - 1))
        let (x0, y0) = (Int(x), Int(y))
        let (x1, y1) = (min(x0 + 1, canvas.width - 1), min(y0 + 1, canvas.height - 1))
        let (fx, fy) = (x - Double(x0), y - Double(y0))
        var result = (0.0, 0.0, 0.0, 0.0)
        for (px, py, weight) in [(x0, y0, (1 - fx) * (1 - fy)), (x1, y0, fx * (1 - fy)), (x0, y1, (1 - fx) * fy), (x1, y1, fx * fy)] {
            let p = canvas.pixel(x: px, y: py)
            result.0 += Double(p >> 24) * weight
            result.1 += Double((p >> 16) & 0xFF) * weight
            result.2 += Double((p >> 8) & 0xFF) * weight
            result.3 += Double(p & 0xFF) * weight
        }
        return result
    }

    private static func over(_ s: (Double, Double, Double, Double), _ d: UInt32) -> UInt32 {
        let k = 1 - s.0 / 255
        func channel(_ value: Double, _ shift: UInt32) -> UInt32 {
            UInt32(min(255, max(0, (value + Double((d >> shift) & 0xFF) * k).rounded())))
        }
        return channel(s.0, 24) << 24 | channel(s.1, 16) << 16 | channel(s.2, 8) << 8 | channel(s.3, 0)
    }
}
