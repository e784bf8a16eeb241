import CWaylandClient
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
    /// The globals sprites need (checked by `init?`).
    struct Globals {
        let compositor: OpaquePointer
        let subcompositor: OpaquePointer
        let viewporter: OpaquePointer
        let shm: OpaquePointer
    }

    private let parent: OpaquePointer
    private let globals: Globals
    private let planner = SpritePlanner()
    private let art: SpriteArtCache
    private let artist = SpriteArtist()
    private var surfaces: [SpriteSurface] = []
    /// The scale the drawn sprites were drawn at: a new one draws them again.
    private var drawnScale = 0.0
    /// Whether the last frame left a drawn sprite undrawn (every buffer busy): draw again.
    private(set) var needsAnotherFrame = false

    /// Nil when the compositor lacks a global sprites need (a subcompositor, a viewporter).
    init?(parent: OpaquePointer, connection: Connection) {
        guard let compositor = connection.compositor, let subcompositor = connection.subcompositor,
              let viewporter = connection.viewporter, let shm = connection.shm else { return nil }
        self.parent = parent
        globals = Globals(compositor: compositor, subcompositor: subcompositor, viewporter: viewporter, shm: shm)
        art = SpriteArtCache(shm: shm)
        surfaces.reserveCapacity(64)
    }

    /// How many sprites show, how many surfaces the pool made, and the pictures rendered.
    var shownCount: Int { planner.placements.count }
    var surfaceCount: Int { surfaces.count }
    var rasterizations: Int { art.rasterizations }

    /// Shows `items` (this frame's, back to front) at `scale` device pixels per logical px;
    /// `damage` (logical) says which drawn sprites must be drawn again. Whether any sprite's
    /// state changed, so that the overlay must commit.
    func show(_ items: [DrawItem], damage: [Rect], scale: Double) throws(ClientError) -> Bool {
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
            surfaces.append(SpriteSurface(parent: parent, compositor: globals.compositor,
                                          subcompositor: globals.subcompositor, viewporter: globals.viewporter))
        }
        for placement in planner.placements {
            let sprite = surfaces[placement.slot]
            if placement.isNew { sprite.drawnIsStale = true }
            if placement.art.isPreRendered {
                try showPicture(placement, on: sprite, scale: scale)
            } else {
                try draw(placement, items: items, damage: damage, on: sprite, scale: scale)
            }
            if sprite.position != (placement.x, placement.y) {
                sprite.move(toX: placement.x, y: placement.y)
                changed = true
            }
            changed = sprite.commitIfNeeded() || changed
        }
        if planner.orderChanged { restack() }
        return changed
    }

    /// Hides every sprite (pause, a switch to the canvas); whether any showed.
    func hideAll() -> Bool {
        (try? show([], damage: [], scale: 1)) ?? false
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
            sprite.attach(buffer.buffer, pixelWidth: key.side, pixelHeight: key.side)
        }
        sprite.setDestination(width: placement.width, height: placement.height)
    }

    /// A drawn picture: redrawn into the sprite's own buffers when its place or its items
    /// changed (the visualizer's damage reaches it).
    private func draw(_ placement: SpritePlacement, items: [DrawItem], damage: [Rect], on sprite: SpriteSurface,
                      scale: Double) throws(ClientError) {
        if let old = sprite.art {
            art.release(old)
            sprite.art = nil
            sprite.drawnIsStale = true
        }
        let quantum = SpriteTunables.drawnSizeQuantum
        let needed = (width: SpriteTunables.roundUp(placement.width, to: quantum),
                      height: SpriteTunables.roundUp(placement.height, to: quantum))
        if needed.width > sprite.drawnSize.width || needed.height > sprite.drawnSize.height {
            sprite.drawnSize = (max(needed.width, sprite.drawnSize.width), max(needed.height, sprite.drawnSize.height))
            sprite.drawnIsStale = true
        }
        let area = Rect(x: Double(placement.x), y: Double(placement.y),
                        width: Double(placement.width), height: Double(placement.height))
        guard sprite.drawnIsStale || sprite.drawnOrigin != (placement.x, placement.y)
                || damage.contains(where: { $0.intersects(area) }) else { return }
        let size = sprite.drawnSize
        let pixels = (width: max(1, Int((Double(size.width) * scale).rounded())),
                      height: max(1, Int((Double(size.height) * scale).rounded())))
        let buffers = sprite.drawnBuffers ?? BufferRing(shm: globals.shm)
        sprite.drawnBuffers = buffers
        guard let buffer = try buffers.nextBuffer(width: pixels.width, height: pixels.height) else {
            sprite.drawnIsStale = true  // all busy: drawn on the next frame
            needsAnotherFrame = true
            return
        }
        artist.draw(items[placement.items], origin: Point(x: Double(placement.x), y: Double(placement.y)),
                    scale: Double(pixels.width) / Double(size.width), into: buffer.canvas)
        buffer.isBusy = true
        sprite.attach(buffer.buffer, pixelWidth: pixels.width, pixelHeight: pixels.height)
        sprite.setDestination(width: size.width, height: size.height)
        sprite.drawnOrigin = (placement.x, placement.y)
        sprite.drawnIsStale = false
    }

    /// Stacks the sprites back to front above the overlay's own surface (its ink and toolbar).
    private func restack() {
        var below = parent
        for placement in planner.placements {
            let sprite = surfaces[placement.slot]
            wl_subsurface_place_above(sprite.subsurface, below)
            below = sprite.surface
        }
    }
}
