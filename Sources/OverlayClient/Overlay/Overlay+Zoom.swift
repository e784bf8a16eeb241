import Annotation
import Renderer

/// Who takes the zoom's picture where the compositor offers no Wayland screen capture: on
/// GNOME, the Shell extension (see `ShellPicture`); on KWin, its ScreenShot2 D-Bus interface
/// (`KWinScreenShot`). Asked once per zoom; the answer comes through `pictureArrived`.
@MainActor
protocol PictureService: AnyObject {
    /// Who it is, for the log: "the GNOME Shell extension".
    var name: String { get }
    func askPicture(of overlay: Overlay)
}

/// The zoom on a live overlay: the overlay first shows nothing (so that it is not in the
/// picture), and once that frame is committed it asks the compositor for a copy of its output
/// (ext-image-copy-capture or wlr-screencopy), or its `PictureService` (GNOME's Shell
/// extension, KWin's ScreenShot2) for its picture. The picture is shown
/// under the ink until the zoom ends, and then freed.
extension Overlay {
    /// Whether the screen's picture can be had: the compositor's capture, or a picture service's.
    static func zooms(_ connection: Connection, _ pictures: PictureService?) -> Bool {
        connection.screenCapture != nil || pictures != nil
    }

    /// Why there is no zoom here.
    static let zoomUnavailable = "this compositor offers no screen capture (ext_image_copy_capture_manager_v1 or zwlr_screencopy_manager_v1), so the zoom cannot freeze the screen"

    func setZoom(_ on: Bool) -> String? {
        guard on else {
            zoomCapture?.cancel()
            zoomCapture = nil
            guard scene.zoom.state != .off else { return nil }
            zoomSurface?.hide()
            retiredZoomBuffer = zoomBuffer  // shown until the overlay's next commit applies the hide
            zoomBuffer = nil
            scene.endZoom()
            events.overlay(self, zoomed: "off")
            sceneChanged(everything: true)
            return nil
        }
        guard scene.zoom.state == .off else { return nil }
        guard Self.zooms(connection, pictures) else { return Self.zoomUnavailable }
        pictureAsked = false
        scene.beginZoomCapture()
        events.overlay(self, zoomed: "on")
        sceneChanged(everything: true)  // the next frame shows nothing; the capture follows its commit
        return nil
    }

    /// After a frame: a zoom waiting for a frame without the overlay in it asks for the picture.
    func startPendingCapture() {
        guard scene.zoom.state == .capturing, zoomCapture == nil else { return }
        guard let capture = connection.screenCapture else {
            guard let pictures, !pictureAsked else { return }
            pictureAsked = true
            return pictures.askPicture(of: self)
        }
        zoomCaptureName = capture.name
        zoomCapture = capture.capture(output.proxy, logicalSize: size) { [weak self] outcome in self?.captured(outcome) }
    }

    /// The picture service's picture for the zoom arrived, or could not be taken.
    func pictureArrived(_ outcome: Result<ZoomPicture, PictureError>) {
        pictureAsked = false
        guard scene.zoom.state == .capturing else { return }  // ended meanwhile
        switch outcome {
        case .success(let picture):
            scene.showZoom(picture)
            events.note("zoom on \(output.label): the screen frozen (\(picture.width)×\(picture.height) px, \(picture.byteCount / 1024) KiB, by \(pictures?.name ?? "a picture service"))")
            sceneChanged(everything: true)
        case .failure(let reason):
            zoomFailed(reason.description)
        }
    }

    /// No picture: the zoom ends, saying why.
    private func zoomFailed(_ reason: String) {
        scene.endZoom()
        events.overlay(self, zoomed: "off")
        events.note("zoom on \(output.label): \(reason)")
        sceneChanged(everything: true)
    }

    private func captured(_ outcome: CaptureOutcome) {
        zoomCapture = nil
        guard scene.zoom.state == .capturing else { return }  // ended meanwhile
        switch outcome {
        case .picture(let picture, let buffer, let yInverted):
            scene.showZoom(picture)
            // While two fingers move it, the compositor shows the picture in a subsurface where
            // it can (a viewport cannot flip a y-inverted one); at rest it is drawn here.
            if !yInverted, buffer.wlBuffer != nil, let surface = zoomSurface ?? ZoomSurface(parent: self.surface, connection: connection) {
                zoomSurface = surface
                zoomBuffer = buffer
                scene.zoom.compositorCanShow = true
            }
            events.note("zoom on \(output.label): the screen frozen (\(picture.width)×\(picture.height) px, \(picture.byteCount / 1024) KiB, by \(zoomCaptureName))")
            sceneChanged(everything: true)
        case .failed(let reason):
            zoomFailed(reason)
        }
    }

    /// The compositor shows the picture while two fingers move it, or no longer.
    func compositorShowsZoom(_ shows: Bool) {
        guard let zoomSurface else { return }
        if shows, let buffer = zoomBuffer {
            zoomSurface.show(buffer, logicalSize: size, view: scene.zoom.view)
            events.note("zoom on \(output.label): the compositor shows the picture while two fingers move it")
        } else {
            zoomSurface.hide()
        }
    }

    /// Two fingers moved the zoom's view (recorded).
    func zoomChanged() {
        events.overlay(self, zoomed: scene.zoom.view.settingValue)
    }
}
