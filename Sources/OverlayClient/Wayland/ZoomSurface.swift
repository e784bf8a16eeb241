import Annotation
import CWaylandClient
import CWaylandProtocols
import TouchCore

/// The zoom's frozen picture as the compositor shows it: a synchronized subsurface below the
/// overlay's surface, holding the captured buffer itself (no copy), with a viewport that
/// scales it. A pinch then costs the client a viewport change and a move, not a resampled
/// frame; the compositor scales (on a GPU, for nothing).
/// It takes no input. Once made it lives as long as the overlay, hidden behind the transparent
/// pixel between zooms (phoc crashes when a layer surface's subsurface is unmapped or destroyed
/// while the layer surface lives; see `SpriteSurface.hide`).
@MainActor
final class ZoomSurface {
    private let surface: OpaquePointer
    private let subsurface: OpaquePointer
    private let viewport: OpaquePointer
    private let transparentPixel: OpaquePointer
    /// The picture's size in buffer pixels, while one is shown.
    private var pictureSize: (width: Int, height: Int)?

    /// Nil when the compositor lacks what it needs (a subcompositor, a viewporter).
    init?(parent: OpaquePointer, connection: Connection) {
        guard let compositor = connection.compositor, let subcompositor = connection.subcompositor, let viewporter = connection.viewporter,
              let pixel = try? connection.transparentPixel?.buffer(),
              let surface = wl_compositor_create_surface(compositor) else { return nil }
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent),
              let viewport = wp_viewporter_get_viewport(viewporter, surface) else {
            wl_surface_destroy(surface)
            return nil
        }
        (self.surface, self.subsurface, self.viewport, transparentPixel) = (surface, subsurface, viewport, pixel)
        wl_subsurface_place_below(subsurface, parent)
        let nothing = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(surface, nothing)
        wl_region_destroy(nothing)
    }

    /// Shows `buffer` (`width`×`height` px, spanning an output of `logicalSize`) as `view` says;
    /// applies with the overlay's next commit.
    func show(_ buffer: OpaquePointer, width: Int, height: Int, logicalSize: Size, view: ZoomView) {
        pictureSize = (width, height)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
        follow(view, logicalSize: logicalSize)
    }

    /// Scales the picture as `view` shows it: the whole picture, magnified, placed so that the
    /// view's offset is at the output's top left (the output clips the rest). Not by cropping
    /// with the viewport's source: wlroots 0.15's pixman renderer ignores a source's position
    /// (it takes only its size), so headless sway, and sway without a GPU, would show the
    /// wrong part. The placement is in whole logical px: the picture can sit up to half a
    /// pixel from the ink.
    func follow(_ view: ZoomView, logicalSize: Size) {
        guard pictureSize != nil, logicalSize.width > 0, logicalSize.height > 0 else { return }
        wp_viewport_set_destination(viewport, Int32((logicalSize.width * view.scale).rounded()), Int32((logicalSize.height * view.scale).rounded()))
        wl_subsurface_set_position(subsurface, Int32((-view.offset.x * view.scale).rounded()), Int32((-view.offset.y * view.scale).rounded()))
        wl_surface_commit(surface)
    }

    /// Shows nothing (the transparent pixel); the captured buffer may go once the overlay commits.
    func hide() {
        guard pictureSize != nil else { return }
        pictureSize = nil
        wl_surface_attach(surface, transparentPixel, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        wp_viewport_set_destination(viewport, 1, 1)
        wl_subsurface_set_position(subsurface, 0, 0)
        wl_surface_commit(surface)
    }

    /// Only with the overlay's own teardown.
    func destroy() {
        wp_viewport_destroy(viewport)
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }
}
