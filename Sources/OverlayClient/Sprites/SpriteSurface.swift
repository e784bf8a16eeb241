import Renderer

/// One pooled sprite: what its subsurface shows and where, so that only changes are asked of
/// it. Its target is synchronized, so what it shows applies with the overlay's next commit,
/// and shows at a logical size whatever its buffer's pixel size.
@MainActor
final class SpriteSurface {
    let target: SpriteTarget
    /// The pre-rendered picture attached, if any.
    var art: SpriteArtCache.Key?
    /// The drawn picture's buffers (lines, arcs, ellipses), made when first needed.
    var drawnBuffers: BufferRing?
    /// The drawn buffers' logical size and top-left corner: the items' area with a margin,
    /// kept while the items fit in it.
    var drawnSize = (width: 0, height: 0)
    var drawnOrigin = (x: 0, y: 0)
    /// Whether the drawn picture must be drawn again whole (new slot, new scale).
    var drawnIsStale = true
    private(set) var position = (x: Int.min, y: Int.min)
    private(set) var destination = (width: 0, height: 0)
    private(set) var isShown = false
    /// Whether anything was asked of the surface since its last commit.
    private var isDirty = false

    init(target: SpriteTarget) { self.target = target }

    /// Attaches `buffer`, new where `damage` (device pixels) says.
    func attach(_ buffer: ShmBuffer, damage: [PixelRect]) {
        target.attach(buffer, damage: damage)
        isShown = true
        isDirty = true
    }

    /// Shows the buffer at `width`×`height` logical px.
    func setDestination(width: Int, height: Int) {
        guard destination != (width, height) else { return }
        target.setDestination(width: width, height: height)
        destination = (width, height)
        isDirty = true
    }

    /// Moves the sprite's top-left corner (logical px; applies with the parent's commit).
    func move(toX x: Int, y: Int) {
        guard position != (x, y) else { return }
        target.setPosition(x: x, y: y)
        position = (x, y)
    }

    /// Hides the sprite behind the transparent pixel; its drawn buffers stay for the slot's
    /// next use. It stays mapped: phoc 0.24 crashes (SIGSEGV in wl_list_remove) when a
    /// subsurface of a layer surface is unmapped with a null buffer, and an overlay must never
    /// take its compositor down.
    func hide() {
        guard isShown else { return }
        target.showNothing()
        isShown = false
        isDirty = true
        art = nil
        drawnIsStale = true
    }

    /// Commits what was asked (cached until the parent's commit); whether there was anything.
    func commitIfNeeded() -> Bool {
        guard isDirty else { return false }
        target.commit()
        isDirty = false
        return true
    }

    /// Destroys the sprite; only after its parent is gone (see `hide`: phoc crashes when a
    /// layer surface's subsurface is destroyed while the layer surface lives).
    func destroy() {
        target.destroy()
        drawnBuffers?.removeAll()
        drawnBuffers = nil
    }
}
