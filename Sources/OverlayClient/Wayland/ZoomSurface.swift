import Annotation
import Renderer
import TouchCore

/// The zoom's frozen picture as the compositor shows it: a sprite's subsurface (synchronized,
/// with a viewport and an empty input region), placed below the overlay's surface, holding the
/// captured buffer itself (no copy). A pinch then costs the client a viewport change and a
/// move, not a resampled frame; the compositor scales (on a GPU, for nothing). Once made it
/// lives as long as the overlay, hidden behind the transparent pixel between zooms (phoc
/// crashes when a layer surface's subsurface is unmapped or destroyed while the layer surface
/// lives; see `SpriteSurface.hide`).
@MainActor
final class ZoomSurface {
    private let target: WaylandSpriteTargets.Subsurface
    private var isShown = false

    /// Nil when the compositor lacks what it needs (a subcompositor, a viewporter).
    init?(parent: OpaquePointer, connection: Connection) {
        guard let targets = WaylandSpriteTargets(parent: parent, connection: connection) else { return nil }
        target = targets.makeSubsurface()
        target.placeBelowParent()
    }

    /// Shows `buffer` (spanning an output of `logicalSize`) as `view` says; applies with the
    /// overlay's next commit.
    func show(_ buffer: ShmBuffer, logicalSize: Size, view: ZoomView) {
        isShown = true
        target.attach(buffer, damage: [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)])
        follow(view, logicalSize: logicalSize)
    }

    /// Scales the picture as `view` shows it: the whole picture, magnified, placed so that the
    /// view's offset is at the output's top left (the output clips the rest). Not by cropping
    /// with the viewport's source: wlroots 0.15's pixman renderer ignores a source's position
    /// (it takes only its size), so headless sway, and sway without a GPU, would show the
    /// wrong part. The placement is in whole logical px: the picture can sit up to half a
    /// pixel from the ink.
    func follow(_ view: ZoomView, logicalSize: Size) {
        guard isShown, logicalSize.width > 0, logicalSize.height > 0 else { return }
        target.setDestination(width: Int((logicalSize.width * view.scale).rounded()), height: Int((logicalSize.height * view.scale).rounded()))
        target.setPosition(x: Int((-view.offset.x * view.scale).rounded()), y: Int((-view.offset.y * view.scale).rounded()))
        target.commit()
    }

    /// Shows nothing (the transparent pixel); the captured buffer may go once the overlay commits.
    func hide() {
        guard isShown else { return }
        isShown = false
        target.showNothing()
        target.setDestination(width: 1, height: 1)
        target.setPosition(x: 0, y: 0)
        target.commit()
    }

    /// Only with the overlay's own teardown.
    func destroy() { target.destroy() }
}
