import CWaylandClient
import CWaylandProtocols
import Renderer

/// Sprites as the compositor shows them: synchronized wl_subsurfaces of the overlay's surface,
/// each with a viewport and an empty input region.
@MainActor
final class WaylandSpriteTargets: SpriteTargetMaker {
    private let parent: OpaquePointer
    private let compositor: OpaquePointer
    private let subcompositor: OpaquePointer
    private let viewporter: OpaquePointer
    let shm: OpaquePointer?
    /// What a hidden sprite shows: the connection's transparent pixel, which outlives every sprite.
    private let transparentPixel: OpaquePointer

    /// Nil when the compositor lacks a global sprites need (a subcompositor, a viewporter).
    init?(parent: OpaquePointer, connection: Connection) {
        guard let compositor = connection.compositor, let subcompositor = connection.subcompositor,
              let viewporter = connection.viewporter, let shm = connection.shm,
              let pixel = try? connection.transparentPixel?.buffer() else { return nil }
        (self.parent, self.compositor, self.subcompositor, self.viewporter) = (parent, compositor, subcompositor, viewporter)
        (self.shm, transparentPixel) = (shm, pixel)
    }

    func makeSpriteTarget() -> SpriteTarget { makeSubsurface() }

    /// A subsurface as the concrete type (the zoom's picture places it below its parent).
    func makeSubsurface() -> Subsurface {
        Subsurface(parent: parent, compositor: compositor, subcompositor: subcompositor, viewporter: viewporter,
                   transparentPixel: transparentPixel)
    }

    /// One sprite's wl_subsurface. Subsurfaces start synchronized: their state applies with
    /// the parent's commit. It takes no input: touches fall through to the overlay's own
    /// region, and from there to the apps below.
    final class Subsurface: SpriteTarget {
        let surface: OpaquePointer
        private let subsurface: OpaquePointer
        private let viewport: OpaquePointer
        private let parent: OpaquePointer
        private let transparentPixel: OpaquePointer

        init(parent: OpaquePointer, compositor: OpaquePointer, subcompositor: OpaquePointer, viewporter: OpaquePointer,
             transparentPixel: OpaquePointer) {
            (self.parent, self.transparentPixel) = (parent, transparentPixel)
            surface = wl_compositor_create_surface(compositor)!
            subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent)!
            viewport = wp_viewporter_get_viewport(viewporter, surface)!
            let nothing = wl_compositor_create_region(compositor)
            wl_surface_set_input_region(surface, nothing)
            wl_region_destroy(nothing)
        }

        func attach(_ buffer: ShmBuffer, damage: [PixelRect]) { buffer.attach(to: surface, damage: damage) }

        func showNothing() {
            wl_surface_attach(surface, transparentPixel, 0, 0)
            wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        }

        func setDestination(width: Int, height: Int) {
            wp_viewport_set_destination(viewport, Int32(max(1, width)), Int32(max(1, height)))
        }

        func setPosition(x: Int, y: Int) {
            wl_subsurface_set_position(subsurface, Int32(clamping: x), Int32(clamping: y))
        }

        func place(above sibling: SpriteTarget?) {
            wl_subsurface_place_above(subsurface, (sibling as? Subsurface)?.surface ?? parent)
        }

        /// Stacks it below the parent (and so below everything the parent shows).
        func placeBelowParent() { wl_subsurface_place_below(subsurface, parent) }

        func commit() { wl_surface_commit(surface) }

        func destroy() {
            wp_viewport_destroy(viewport)
            wl_subsurface_destroy(subsurface)
            wl_surface_destroy(surface)
        }
    }
}
