import CWaylandClient
import CWaylandProtocols
import Renderer

/// One pooled sprite: a synchronized wl_subsurface of the overlay with a viewport, so what it
/// shows applies with the overlay's next commit, and shows at a logical size whatever its
/// buffer's pixel size. It takes no input (an empty input region): touches fall through to
/// the overlay's own region, and from there to the apps below.
@MainActor
final class SpriteSurface {
    let surface: OpaquePointer
    let subsurface: OpaquePointer
    private let viewport: OpaquePointer
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

    init(parent: OpaquePointer, compositor: OpaquePointer, subcompositor: OpaquePointer, viewporter: OpaquePointer) {
        surface = wl_compositor_create_surface(compositor)!
        subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent)!
        viewport = wp_viewporter_get_viewport(viewporter, surface)!
        let nothing = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(surface, nothing)
        wl_region_destroy(nothing)
        // Subsurfaces start synchronized: their state applies with the parent's commit.
    }

    /// Attaches `buffer`, new where `damage` (device pixels) says.
    func attach(_ buffer: OpaquePointer, damage: [PixelRect]) {
        wl_surface_attach(surface, buffer, 0, 0)
        for rect in damage {
            wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        isShown = true
        isDirty = true
    }

    /// Shows the buffer at `width`×`height` logical px.
    func setDestination(width: Int, height: Int) {
        guard destination != (width, height) else { return }
        wp_viewport_set_destination(viewport, Int32(max(1, width)), Int32(max(1, height)))
        destination = (width, height)
        isDirty = true
    }

    /// Moves the sprite's top-left corner (logical px; applies with the parent's commit).
    func move(toX x: Int, y: Int) {
        guard position != (x, y) else { return }
        wl_subsurface_set_position(subsurface, Int32(clamping: x), Int32(clamping: y))
        position = (x, y)
    }

    /// Hides the sprite behind `transparentPixel`; its drawn buffers stay for the slot's next
    /// use. It stays mapped: phoc 0.24 crashes (SIGSEGV in wl_list_remove) when a subsurface of
    /// a layer surface is unmapped with a null buffer, and an overlay must never take its
    /// compositor down.
    func hide(showing transparentPixel: OpaquePointer) {
        guard isShown else { return }
        wl_surface_attach(surface, transparentPixel, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        isShown = false
        isDirty = true
        art = nil
        drawnIsStale = true
    }

    /// Commits what was asked (cached until the parent's commit); whether there was anything.
    func commitIfNeeded() -> Bool {
        guard isDirty else { return false }
        wl_surface_commit(surface)
        isDirty = false
        return true
    }

    /// Destroys the sprite; only after its parent is gone (see `hide`: phoc crashes when a
    /// layer surface's subsurface is destroyed while the layer surface lives).
    func destroy() {
        wp_viewport_destroy(viewport)
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
        drawnBuffers?.removeAll()
        drawnBuffers = nil
    }
}
