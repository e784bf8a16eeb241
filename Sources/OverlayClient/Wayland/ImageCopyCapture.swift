import CWaylandClient
import CWaylandProtocols
import Renderer
import TouchCore

/// One capture of an output's picture through ext-image-copy-capture-v1: a capture source for
/// the output, a session that says which buffers it takes (size and shm formats, then done),
/// and one frame copied into a shared-memory buffer Touchlight makes. The picture wraps that
/// memory without copying it.
@MainActor
final class ImageCopyCapture: PictureRequest {
    private let source: OpaquePointer?
    private let session: OpaquePointer?
    private var frame: OpaquePointer?
    private let shm: OpaquePointer
    private let logicalSize: Size
    private let finished: (PictureOutcome) -> Void
    private var size: (width: Int, height: Int)?
    private var format: UInt32?
    private var buffer: ShmBuffer?
    private var transform = WL_OUTPUT_TRANSFORM_NORMAL.rawValue
    private var isDone = false

    init(sources: OpaquePointer, copies: OpaquePointer, output: OpaquePointer, shm: OpaquePointer, logicalSize: Size,
         finished: @escaping (PictureOutcome) -> Void) {
        (self.shm, self.logicalSize, self.finished) = (shm, logicalSize, finished)
        source = ext_output_image_capture_source_manager_v1_create_source(sources, output)
        session = ext_image_copy_capture_manager_v1_create_session(copies, source, 0)  // no cursors in the picture
        ext_image_copy_capture_session_v1_add_listener(session, Self.sessionEvents.pointer, listenerData(self))
    }

    private static let sessionEvents: ListenerTable<ext_image_copy_capture_session_v1_listener> = {
        var events = ext_image_copy_capture_session_v1_listener()
        events.buffer_size = { data, _, width, height in
            withOwner(data, ImageCopyCapture.self) { $0.size = (Int(width), Int(height)) }
        }
        events.shm_format = { data, _, format in
            withOwner(data, ImageCopyCapture.self) { capture in
                // The first usable one offered; XRGB over ARGB (an opaque picture blends faster).
                if WaylandScreenCapture.isUsable(format: format), capture.format == nil || format == WL_SHM_FORMAT_XRGB8888.rawValue {
                    capture.format = format
                }
            }
        }
        events.dmabuf_device = { _, _, _ in }
        events.dmabuf_format = { _, _, _, _ in }
        events.done = { data, _ in withOwner(data, ImageCopyCapture.self) { $0.constraintsDone() } }
        events.stopped = { data, _ in
            withOwner(data, ImageCopyCapture.self) { $0.finish(.failed("the compositor stopped the capture (its output went)")) }
        }
        return ListenerTable(events)
    }()

    private static let frameEvents: ListenerTable<ext_image_copy_capture_frame_v1_listener> = {
        var events = ext_image_copy_capture_frame_v1_listener()
        events.transform = { data, _, transform in withOwner(data, ImageCopyCapture.self) { $0.transform = transform } }
        events.damage = { _, _, _, _, _, _ in }
        events.presentation_time = { _, _, _, _, _ in }
        events.ready = { data, _ in withOwner(data, ImageCopyCapture.self) { $0.ready() } }
        events.failed = { data, _, reason in
            withOwner(data, ImageCopyCapture.self) { $0.finish(.failed(ImageCopyCapture.failure(reason))) }
        }
        return ListenerTable(events)
    }()

    /// Why a frame failed, as the protocol's reason says.
    nonisolated static func failure(_ reason: UInt32) -> String {
        switch reason {
        case EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_BUFFER_CONSTRAINTS.rawValue:
            "the compositor refused the buffer made to its own constraints"
        case EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_STOPPED.rawValue: "the compositor stopped the capture (its output went)"
        default: "the compositor could not copy the screen"
        }
    }

    /// The constraints are known (a later batch, after the frame exists, is ignored: the
    /// frame then fails with buffer_constraints, which ends the capture).
    private func constraintsDone() {
        guard !isDone, frame == nil else { return }
        guard let format, let size, size.width > 0, size.height > 0, size.width <= Canvas.largestSide, size.height <= Canvas.largestSide else {
            return finish(.failed("the compositor offered no 32-bit shared-memory buffer to copy the screen into"))
        }
        do {
            let buffer = try ShmBuffer(shm: shm, width: size.width, height: size.height, format: format, stride: size.width * 4)
            guard let wlBuffer = buffer.wlBuffer else { return finish(.failed("no wl_shm")) }
            self.buffer = buffer
            frame = ext_image_copy_capture_session_v1_create_frame(session)
            ext_image_copy_capture_frame_v1_add_listener(frame, Self.frameEvents.pointer, listenerData(self))
            ext_image_copy_capture_frame_v1_attach_buffer(frame, wlBuffer)
            ext_image_copy_capture_frame_v1_damage_buffer(frame, 0, 0, Int32(size.width), Int32(size.height))
            ext_image_copy_capture_frame_v1_capture(frame)
        } catch {
            finish(.failed("no memory for the screen's picture: \(error)"))
        }
    }

    private func ready() {
        guard let buffer, let format, let size else { return finish(.failed("a capture was ready before it had a buffer")) }
        // Only an upright picture or one flipped upside down is drawn as it is (a rotated
        // output's picture would need turning: the zoom says so rather than show it sideways).
        let flipped = transform == WL_OUTPUT_TRANSFORM_FLIPPED_180.rawValue
        guard transform == WL_OUTPUT_TRANSFORM_NORMAL.rawValue || flipped else {
            return finish(.failed("the compositor gave the picture turned (wl_output transform \(transform)), which the zoom does not turn back"))
        }
        finish(WaylandScreenCapture.picture(in: buffer, format: format, width: size.width, height: size.height, stride: size.width * 4,
                                           yInverted: flipped, logicalSize: logicalSize))
    }

    private func finish(_ outcome: PictureOutcome) {
        guard !isDone else { return }
        cancel()
        finished(outcome)
    }

    func cancel() {
        guard !isDone else { return }
        isDone = true
        if let frame { ext_image_copy_capture_frame_v1_destroy(frame) }
        if let session { ext_image_copy_capture_session_v1_destroy(session) }
        if let source { ext_image_capture_source_v1_destroy(source) }
        frame = nil
    }
}
