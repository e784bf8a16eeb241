import Renderer
import TouchCore
import Visualizer

/// The sprite renderer's part of one overlay (`[performance] renderer = "sprites"`): the
/// visualizer's markers, ripples and cues as pooled subsurfaces that the compositor moves and
/// blends, instead of pixels in the overlay's full-size canvas. `SpritePlanner` decides which
/// slot shows what; this applies its plan with as few requests as it can: a sprite whose
/// picture and place did not change costs nothing, one that only moved costs a set_position.
@MainActor
final class SpriteLayer {
    private let targets: SpriteTargetMaker
    private let planner = SpritePlanner()
    private let art: SpriteArtCache
    private let artist = SpriteArtist()
    private var surfaces: [SpriteSurface] = []
    /// The damage that reaches one drawn sprite, in its own coordinates (storage kept).
    private var localDamage: [Rect] = []
    /// The scale the drawn sprites were drawn at: a new one draws them again.
    private var drawnScale = 0.0
    /// Whether the last frame left a drawn sprite undrawn (every buffer busy): draw again.
    private(set) var needsAnotherFrame = false

    /// `targets` makes the sprites' subsurfaces (on the compositor, or offscreen).
    init(targets: SpriteTargetMaker) {
        self.targets = targets
        art = SpriteArtCache(shm: targets.shm)
        surfaces.reserveCapacity(64)
    }

    /// What the pool made (for --statistics): surfaces, pictures rendered, sprites left out
    /// past the cap.
    struct Pool {
        var surfaces: Int
        var pictures: Int
        var leftOut: Int
    }

    var pool: Pool { Pool(surfaces: surfaces.count, pictures: art.rasterizations, leftOut: planner.droppedCount) }

    /// Shows `items` (this frame's, back to front) at `scale` device pixels per logical px;
    /// `damage` (logical) says which drawn sprites must be drawn again. Whether any sprite's
    /// state changed, so that the overlay must commit.
    func show(_ items: [DrawItem], damage: [Rect], scale: Double, text: TextRenderer?) throws(ClientError) -> Bool {
        artist.text = text
        art.trimIfOverBudget()
        planner.plan(items)
        needsAnotherFrame = false
        if scale != drawnScale {
            drawnScale = scale
            for sprite in surfaces { sprite.drawnIsStale = true }
        }
        var changed = planner.orderChanged
        for slot in planner.hidden {
            let sprite = surfaces[slot]
            if let key = sprite.art { art.release(key) }
            sprite.hide()
            changed = sprite.commitIfNeeded() || changed
        }
        while surfaces.count < planner.slotCount {
            surfaces.append(SpriteSurface(target: targets.makeSpriteTarget()))
        }
        for placement in planner.placements {
            let sprite = surfaces[placement.slot]
            if placement.isNew { sprite.drawnIsStale = true }
            var position = (x: placement.x, y: placement.y)
            if placement.art.isPreRendered {
                try showPicture(placement, on: sprite, scale: scale)
            } else {
                position = try draw(placement, items: items, damage: damage, on: sprite, scale: scale)
            }
            if sprite.position != position {
                sprite.move(toX: position.x, y: position.y)
                changed = true
            }
            changed = sprite.commitIfNeeded() || changed
        }
        if planner.orderChanged { restack() }
        return changed
    }

    /// Whether pictures or drawn buffers are held (for the idle release).
    var holdsMemory: Bool { art.count > 0 || surfaces.contains { $0.drawnBuffers != nil } }

    /// While nothing shows: gives back the pictures and the drawn buffers.
    func releaseMemory() {
        for sprite in surfaces where !sprite.isShown {
            sprite.drawnBuffers?.removeAll()
            sprite.drawnBuffers = nil
            sprite.drawnSize = (0, 0)
        }
        art.releaseMemory()
        artist.releaseScratch()
    }

    /// Hides every sprite (another renderer takes over; the overlay's next commit shows it) and
    /// gives back their memory; the subsurfaces stay until the overlay goes, ready to show again.
    func park() {
        for sprite in surfaces where sprite.isShown {
            if let key = sprite.art { art.release(key) }
            sprite.hide()
            _ = sprite.commitIfNeeded()
        }
        planner.reset()
        releaseMemory()
    }

    /// Destroys the subsurfaces: only once their parent, the overlay's surface, is gone.
    func destroy() {
        for sprite in surfaces { sprite.destroy() }
        surfaces.removeAll()
        planner.reset()
        art.removeUnused()
    }

    /// A pre-rendered picture: attached when it changes, resized through the viewport.
    private func showPicture(_ placement: SpritePlacement, on sprite: SpriteSurface, scale: Double) throws(ClientError) {
        let key = SpriteArtCache.Key(art: placement.art, side: placement.art.pixelSide(scale: scale))
        if sprite.art != key {
            let buffer = try art.acquire(key)
            if let old = sprite.art { art.release(old) }
            sprite.art = key
            sprite.attach(buffer, damage: [PixelRect(x: 0, y: 0, width: key.side, height: key.side)])
        }
        sprite.setDestination(width: placement.width, height: placement.height)
    }

    /// A drawn picture, in the sprite's own buffers: placed with a margin around its items'
    /// area and kept there while they fit, so that only what the visualizer's damage covers
    /// is redrawn (a growing trail adds its new segment, not the whole trail). Returns the
    /// sprite's top-left corner.
    private func draw(_ placement: SpritePlacement, items: [DrawItem], damage: [Rect], on sprite: SpriteSurface,
                      scale: Double) throws(ClientError) -> (x: Int, y: Int) {
        if let old = sprite.art {
            art.release(old)
            sprite.art = nil
            sprite.drawnIsStale = true
        }
        let margin = SpriteTunables.drawnSizeQuantum
        let origin = sprite.drawnOrigin, size = sprite.drawnSize
        let fits = placement.x >= origin.x && placement.y >= origin.y
            && placement.x + placement.width <= origin.x + size.width && placement.y + placement.height <= origin.y + size.height
        if !fits || sprite.drawnIsStale {
            sprite.drawnOrigin = (placement.x - margin, placement.y - margin)
            sprite.drawnSize = (SpriteTunables.roundUp(placement.width + 2 * margin, to: margin),
                                SpriteTunables.roundUp(placement.height + 2 * margin, to: margin))
            sprite.drawnBuffers?.invalidateAll()
            sprite.drawnIsStale = true
        }
        let area = Rect(x: Double(sprite.drawnOrigin.x), y: Double(sprite.drawnOrigin.y),
                        width: Double(sprite.drawnSize.width), height: Double(sprite.drawnSize.height))
        localDamage.removeAll(keepingCapacity: true)
        for rect in damage where rect.intersects(area) { localDamage.append(rect.offsetBy(dx: -area.minX, dy: -area.minY)) }
        guard sprite.drawnIsStale || !localDamage.isEmpty else { return sprite.drawnOrigin }
        let pixels = (width: max(1, Int((area.width * scale).rounded())), height: max(1, Int((area.height * scale).rounded())))
        let buffers = sprite.drawnBuffers ?? BufferRing(shm: targets.shm)
        sprite.drawnBuffers = buffers
        guard let buffer = try buffers.nextBuffer(width: pixels.width, height: pixels.height) else {
            buffers.noteDamage(localDamage)
            needsAnotherFrame = true  // all busy: drawn on the next frame
            return sprite.drawnOrigin
        }
        let drawn = buffers.redraw(buffer, adding: localDamage, whole: Rect(origin: .zero, size: area.size)) { damage in
            artist.draw(items[placement.items], origin: area.origin, scale: Double(pixels.width) / area.width,
                        into: buffer.canvas, damage: damage)
        }
        sprite.attach(buffer, damage: drawn)
        sprite.setDestination(width: sprite.drawnSize.width, height: sprite.drawnSize.height)
        sprite.drawnIsStale = false
        return sprite.drawnOrigin
    }

    /// Stacks the sprites back to front above the overlay's own surface (its ink and toolbar).
    private func restack() {
        var below: SpriteTarget? = nil
        for placement in planner.placements {
            let sprite = surfaces[placement.slot].target
            sprite.place(above: below)
            below = sprite
        }
    }
}
