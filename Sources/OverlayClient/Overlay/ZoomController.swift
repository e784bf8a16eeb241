import Annotation
import Renderer
import Stage
import TouchCore

/// What the zoom needs of its overlay, and nothing more.
@MainActor
protocol ZoomHost: AnyObject {
    var output: Output { get }
    /// The overlay's logical size, which the picture spans.
    var size: Size { get }
    /// The overlay's surface, the parent of the subsurface the compositor shows the picture in.
    var surface: OpaquePointer { get }
    var connection: Connection { get }
    /// The zoom began (`on`), shows a view (`SCALE,X,Y`) or ended (`off`), for recording.
    func zoomSwitched(_ value: String)
    /// Something to say about the zoom, in the log.
    func zoomNoted(_ text: String)
    /// The scene changed: the next frame draws it.
    func sceneChanged(everything: Bool)
}

/// The zoom on one live overlay: the overlay first shows nothing (so that it is not in the
/// picture), and once that frame is committed the zoom asks for the output's picture (see
/// `OutputPictures`). The picture is shown under the ink until the zoom ends, and then freed.
/// While two fingers move it, the compositor shows it in a subsurface where it can.
@MainActor
final class ZoomController {
    private unowned let host: ZoomHost
    private let scene: OverlayScene
    /// Who takes the picture (nil: no zoom here).
    private let pictures: OutputPictures?
    /// The picture, while it is on its way.
    private var request: PictureRequest?
    /// The subsurface the compositor shows the picture in (made at the first zoom), the buffer
    /// it shows, and one it showed until the overlay's next commit.
    private var zoomSurface: ZoomSurface?
    private var shownBuffer: ShmBuffer?
    private var retiredBuffer: ShmBuffer?

    init(host: ZoomHost, scene: OverlayScene, pictures: OutputPictures?) {
        (self.host, self.scene, self.pictures) = (host, scene, pictures)
    }

    /// Whether the screen's picture can be had here.
    var isAvailable: Bool { pictures != nil }

    /// Turns the zoom on or off; why not, if it cannot be.
    func set(_ on: Bool) -> String? {
        guard on else {
            request?.cancel()
            request = nil
            guard scene.zoom.state != .off else { return nil }
            zoomSurface?.hide()
            retiredBuffer = shownBuffer  // shown until the overlay's next commit applies the hide
            shownBuffer = nil
            scene.endZoom()
            host.zoomSwitched("off")
            host.sceneChanged(everything: true)
            return nil
        }
        guard scene.zoom.state == .off else { return nil }
        guard pictures != nil else { return "\(noPictures), so the zoom cannot freeze the screen" }
        scene.beginZoomCapture()
        host.zoomSwitched("on")
        host.sceneChanged(everything: true)  // the next frame shows nothing; the picture is asked for after its commit
        return nil
    }

    /// After a frame (`committed`: the overlay committed one): a zoom waiting for a frame
    /// without the overlay in it asks for the picture.
    func frameEnded(committed: Bool) {
        if committed { retiredBuffer = nil }  // the commit that hid it is made
        guard scene.zoom.state == .capturing, request == nil, let pictures else { return }
        request = pictures.takePicture(of: host.output, logicalSize: host.size) { [weak self] outcome in self?.taken(outcome, by: pictures.name) }
    }

    private func taken(_ outcome: PictureOutcome, by name: String) {
        request = nil
        guard scene.zoom.state == .capturing else { return }  // ended meanwhile
        switch outcome {
        case .taken(let taken):
            scene.showZoom(taken.picture)
            if let buffer = taken.showable, let surface = zoomSurface ?? ZoomSurface(parent: host.surface, connection: host.connection) {
                zoomSurface = surface
                shownBuffer = buffer
                scene.zoom.compositorCanShow = true
            }
            let picture = taken.picture
            host.zoomNoted("the screen frozen (\(picture.width)×\(picture.height) px, \(picture.byteCount / 1024) KiB, by \(name))")
        case .failed(let reason):
            scene.endZoom()
            host.zoomSwitched("off")
            host.zoomNoted(reason)
        }
        host.sceneChanged(everything: true)
    }

    /// The compositor shows the picture while two fingers move it, or no longer.
    func compositorShows(_ shows: Bool) {
        guard let zoomSurface else { return }
        if shows, let shownBuffer {
            zoomSurface.show(shownBuffer, logicalSize: host.size, view: scene.zoom.view)
            host.zoomNoted("the compositor shows the picture while two fingers move it")
        } else {
            zoomSurface.hide()
        }
    }

    /// The view moved: the compositor's copy follows.
    func follow(_ view: ZoomView) {
        zoomSurface?.follow(view, logicalSize: host.size)
    }

    /// The overlay goes: so does a picture on its way. The subsurface goes after its parent.
    func cancel() {
        request?.cancel()
        request = nil
    }

    func destroy() {
        zoomSurface?.destroy()
        zoomSurface = nil
    }
}
