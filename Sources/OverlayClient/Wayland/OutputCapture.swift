import CWaylandClient
import CWaylandProtocols
import Renderer
import TouchCore

/// One capture of an output's picture under way, for the zoom: its outcome comes once, from an
/// event, unless it is cancelled first.
@MainActor
protocol OutputCapture: AnyObject {
    /// Stops a capture still under way (the overlay went, or the zoom was turned off first).
    func cancel()
}

/// What a capture gives: the picture, or why there is none.
enum CaptureOutcome {
    /// The picture, and the buffer that holds it (which a subsurface can show as it is).
    case picture(ZoomPicture, buffer: ShmBuffer, yInverted: Bool)
    case failed(String)
}

/// How this compositor lets a client copy an output's picture: ext-image-copy-capture where it
/// is offered (wlroots 0.19's compositors: here sway 1.12, labwc 0.20 and phoc 0.58),
/// wlr-screencopy otherwise. Only the globals a capture needs.
@MainActor
struct ScreenCaptureSource {
    enum Kind {
        case imageCopy(sources: OpaquePointer, copies: OpaquePointer)
        case screencopy(OpaquePointer)
    }
    let kind: Kind
    let shm: OpaquePointer

    /// The protocol's global, as `wayland-info` names it.
    var name: String {
        switch kind {
        case .imageCopy: "ext_image_copy_capture_manager_v1"
        case .screencopy: "zwlr_screencopy_manager_v1"
        }
    }

    /// Starts capturing `output` (of `logicalSize`); `finished` is called once, from an event.
    func capture(_ output: OpaquePointer, logicalSize: Size, finished: @escaping (CaptureOutcome) -> Void) -> OutputCapture {
        switch kind {
        case .imageCopy(let sources, let copies):
            ImageCopyCapture(sources: sources, copies: copies, output: output, shm: shm, logicalSize: logicalSize, finished: finished)
        case .screencopy(let manager):
            ScreencopyCapture(manager: manager, output: output, shm: shm, logicalSize: logicalSize, finished: finished)
        }
    }

    /// Only 32-bit XRGB or ARGB buffers are taken (the formats pixman reads as they are).
    static func isUsable(format: UInt32) -> Bool {
        format == WL_SHM_FORMAT_XRGB8888.rawValue || format == WL_SHM_FORMAT_ARGB8888.rawValue
    }

    /// The picture in `buffer`, or why not.
    static func picture(in buffer: ShmBuffer, format: UInt32, width: Int, height: Int, stride: Int, yInverted: Bool,
                        logicalSize: Size) -> CaptureOutcome {
        guard let picture = ZoomPicture(pixels: buffer.memory, width: width, height: height, stride: stride,
                                        opaque: format == WL_SHM_FORMAT_XRGB8888.rawValue, yInverted: yInverted,
                                        logicalSize: logicalSize, keeper: buffer) else { return .failed("pixman could not wrap the picture") }
        return .picture(picture, buffer: buffer, yInverted: yInverted)
    }
}
