import CWaylandClient
import CWaylandProtocols
import Renderer
import TouchCore

/// One capture of an output's picture through wlr-screencopy, for the zoom: the compositor
/// offers a shared-memory buffer type, Touchlight makes one and asks for a copy, the
/// compositor fills it. The picture wraps that memory without copying it.
@MainActor
final class ScreencopyCapture: PictureRequest {
    private let frame: OpaquePointer
    private let shm: OpaquePointer
    private let logicalSize: Size
    private let finished: (PictureOutcome) -> Void
    private var offer: (format: UInt32, width: Int, height: Int, stride: Int)?
    private var buffer: ShmBuffer?
    private var yInverted = false
    private var isDone = false

    /// Starts capturing `output` (of `logicalSize`); `finished` is called once, from an event.
    init(manager: OpaquePointer, output: OpaquePointer, shm: OpaquePointer, logicalSize: Size, finished: @escaping (PictureOutcome) -> Void) {
        self.shm = shm
        self.logicalSize = logicalSize
        self.finished = finished
        frame = zwlr_screencopy_manager_v1_capture_output(manager, 0, output)
        zwlr_screencopy_frame_v1_add_listener(frame, Self.frameEvents.pointer, listenerData(self))
    }

    private static let frameEvents: ListenerTable<zwlr_screencopy_frame_v1_listener> = {
        var events = zwlr_screencopy_frame_v1_listener()
        events.buffer = { data, _, format, width, height, stride in
            withOwner(data, ScreencopyCapture.self) { $0.offered(format: format, width: Int(width), height: Int(height), stride: Int(stride)) }
        }
        events.flags = { data, _, flags in
            withOwner(data, ScreencopyCapture.self) { $0.yInverted = flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT.rawValue != 0 }
        }
        events.ready = { data, _, _, _, _ in withOwner(data, ScreencopyCapture.self) { $0.ready() } }
        events.failed = { data, _ in withOwner(data, ScreencopyCapture.self) { $0.finish(.failed("the compositor could not copy the screen")) } }
        events.damage = { _, _, _, _, _, _ in }
        events.linux_dmabuf = { _, _, _, _, _ in }
        events.buffer_done = { data, _ in withOwner(data, ScreencopyCapture.self) { $0.copy() } }
        return ListenerTable(events)
    }()

    /// Only 32-bit XRGB or ARGB buffers are taken (the formats pixman reads as they are).
    private func offered(format: UInt32, width: Int, height: Int, stride: Int) {
        guard WaylandScreenCapture.isUsable(format: format), offer == nil, width > 0, height > 0, width <= Canvas.largestSide, height <= Canvas.largestSide, stride >= width * 4 else { return }
        offer = (format, width, height, stride)
        // Before version 3 there is no buffer_done: the one offer is all there is.
        if wl_proxy_get_version(frame) < 3 { copy() }
    }

    private func copy() {
        guard !isDone, buffer == nil else { return }
        guard let offer else { return finish(.failed("the compositor offered no 32-bit shared-memory buffer to copy the screen into")) }
        do {
            let buffer = try ShmBuffer(shm: shm, width: offer.width, height: offer.height, format: offer.format, stride: offer.stride)
            guard let wlBuffer = buffer.wlBuffer else { return finish(.failed("no wl_shm")) }
            self.buffer = buffer
            zwlr_screencopy_frame_v1_copy(frame, wlBuffer)
        } catch {
            finish(.failed("no memory for the screen's picture: \(error)"))
        }
    }

    private func ready() {
        guard let buffer, let offer else { return finish(.failed("a capture was ready before it had a buffer")) }
        finish(WaylandScreenCapture.picture(in: buffer, format: offer.format, width: offer.width, height: offer.height, stride: offer.stride,
                                           yInverted: yInverted, logicalSize: logicalSize))
    }

    private func finish(_ outcome: PictureOutcome) {
        guard !isDone else { return }
        isDone = true
        zwlr_screencopy_frame_v1_destroy(frame)
        finished(outcome)
    }

    /// Stops a capture still under way (the overlay went, or zoom was turned off first).
    func cancel() {
        guard !isDone else { return }
        isDone = true
        zwlr_screencopy_frame_v1_destroy(frame)
    }
}
