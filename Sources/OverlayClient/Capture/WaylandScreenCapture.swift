import CWaylandClient
import CWaylandProtocols
import Renderer
import TouchCore

/// How this compositor lets a client copy an output's picture: ext-image-copy-capture where it
/// is offered (wlroots 0.19's compositors: here sway 1.12, labwc 0.20 and phoc 0.58),
/// wlr-screencopy otherwise. Only the globals a capture needs.
@MainActor
final class WaylandScreenCapture: OutputPictures {
    enum Kind {
        case imageCopy(sources: OpaquePointer, copies: OpaquePointer)
        case screencopy(OpaquePointer)
    }
    let kind: Kind
    let shm: OpaquePointer

    init(kind: Kind, shm: OpaquePointer) {
        (self.kind, self.shm) = (kind, shm)
    }

    /// The protocol's global, as `wayland-info` names it.
    var name: String {
        switch kind {
        case .imageCopy: "ext_image_copy_capture_manager_v1"
        case .screencopy: "zwlr_screencopy_manager_v1"
        }
    }

    /// Starts capturing `output` (of `logicalSize`); `finished` is called once, from an event.
    func takePicture(of output: Output, logicalSize: Size, finished: @escaping (PictureOutcome) -> Void) -> PictureRequest {
        switch kind {
        case .imageCopy(let sources, let copies):
            ImageCopyCapture(sources: sources, copies: copies, output: output.proxy, shm: shm, logicalSize: logicalSize, finished: finished)
        case .screencopy(let manager):
            ScreencopyCapture(manager: manager, output: output.proxy, shm: shm, logicalSize: logicalSize, finished: finished)
        }
    }

    /// Only 32-bit XRGB or ARGB buffers are taken (the formats pixman reads as they are).
    static func isUsable(format: UInt32) -> Bool {
        format == WL_SHM_FORMAT_XRGB8888.rawValue || format == WL_SHM_FORMAT_ARGB8888.rawValue
    }

    /// The picture in `buffer`, or why not. A subsurface can show it as it is unless it is
    /// upside down (a viewport cannot flip it).
    static func picture(in buffer: ShmBuffer, format: UInt32, width: Int, height: Int, stride: Int, yInverted: Bool,
                        logicalSize: Size) -> PictureOutcome {
        guard let picture = ZoomPicture(pixels: buffer.memory, width: width, height: height, stride: stride,
                                        opaque: format == WL_SHM_FORMAT_XRGB8888.rawValue, yInverted: yInverted,
                                        logicalSize: logicalSize, keeper: buffer) else { return .failed("pixman could not wrap the picture") }
        return .taken(OutputPicture(picture: picture, showable: !yInverted && buffer.wlBuffer != nil ? buffer : nil))
    }
}
