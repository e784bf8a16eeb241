import Renderer
import TouchCore

/// Who takes the picture of an output as the compositor shows it, for the zoom and for
/// `touchlight ctl screenshot`:
/// - the compositor's own capture, ext-image-copy-capture or wlr-screencopy
///   (`WaylandScreenCapture`: sway, labwc, phoc, wayfire, Mir);
/// - on GNOME, the Shell extension, with the Shell's screenshot machinery (`ShellPictures`);
/// - on KWin 6, its ScreenShot2 interface on the session bus (`KWinScreenShot`).
///
/// One is chosen for the whole program where its overlays are made (`App.pictures`); the
/// zoom and the screenshots only ask it.
@MainActor
protocol OutputPictures: AnyObject {
    /// Who takes them, for the log: "ext_image_copy_capture_manager_v1", "the GNOME Shell extension".
    var name: String { get }
    /// Starts taking `output`'s picture, which spans `logicalSize`; `finished` is called once,
    /// on the loop, unless the request is cancelled first.
    func takePicture(of output: Output, logicalSize: Size, finished: @escaping (PictureOutcome) -> Void) -> PictureRequest
    /// Starts taking what comes back to the loop from off it, if anything does.
    func listen(on loop: EventLoop)
}

extension OutputPictures {
    func listen(on loop: EventLoop) {}
}

/// The one way this session's outputs' pictures are taken: the compositor's capture where it
/// offers one, else the GNOME Shell extension's (when it started touchlight), else KWin's
/// ScreenShot2; nil where there is none (the zoom's button is hidden, and `ctl zoom` and
/// `ctl screenshot` say why).
@MainActor
func chosenPictures(connection: Connection, shellLink: ShellLink?, environment: [String: String]) -> OutputPictures? {
    connection.screenCapture ?? shellLink?.pictures ?? KWinScreenShot.available(on: connection, environment: environment)
}

/// Why there are no pictures here.
let noPictures = "this compositor offers no screen capture (ext_image_copy_capture_manager_v1 or zwlr_screencopy_manager_v1), and neither the GNOME Shell extension nor KWin's ScreenShot2 is there to take the screen's picture"

/// A picture on its way.
@MainActor
protocol PictureRequest: AnyObject {
    /// Stops it: `finished` is never called (the overlay went, or the zoom ended first).
    func cancel()
}

/// An output's picture, as it was taken.
struct OutputPicture {
    let picture: ZoomPicture
    /// The shared-memory buffer that holds it, where a subsurface can show it as it is (an
    /// upright picture the compositor copied into a `wl_buffer`); nil otherwise.
    let showable: ShmBuffer?
}

/// What a request gives: the picture, or why there is none.
enum PictureOutcome {
    case taken(OutputPicture)
    case failed(String)
}

/// A request that a picture service keeps in its own table: cancelling it drops the entry.
@MainActor
final class PictureTicket: PictureRequest {
    private var onCancel: (() -> Void)?
    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
    func cancel() {
        onCancel?()
        onCancel = nil
    }
}
