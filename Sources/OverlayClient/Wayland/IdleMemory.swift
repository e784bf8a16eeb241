import CWaylandClient
import CLinux
import CWaylandProtocols
import TouchCore
import TouchlightConfig

/// An overlay's memory while it shows nothing, and where its surface stands: the one state
/// (`Residency`) the presenters, the surface and the idle timer ask. Its full-size shm buffers
/// are most of touchlight's memory (and the compositor's share of it: 33 MB each at
/// 3840×2160 px). After `[performance] idle_release_ms` with nothing shown they go. An overlay
/// that takes no input then attaches no buffer at all (`unmap`): its layer surface leaves the
/// screen, so the compositor has nothing to composite and nothing that keeps a fullscreen video
/// from direct scanout. One that takes input (capture or draw mode) must stay mapped to receive
/// it, and shows one transparent pixel, stretched over the surface by its viewport (`release`).
/// The next frame with anything to show brings buffers back (`restore`); they start
/// transparent, so only what is new is drawn into them (at 3840×2160 a marker, not 33 MB of
/// pixels).
@MainActor
final class IdleMemory {
    /// Where the surface stands.
    enum Residency: Equatable {
        /// No buffer attached yet: a new surface, or one mapped again and configured. The next
        /// frame attaches buffers, or the pixel.
        case noBuffer
        /// Mapped, drawing into full-size buffers.
        case buffers
        /// Mapped, showing the transparent pixel: the buffers are gone (idle, taking input).
        case pixel
        /// Idle and off the screen: no buffer attached, and it maps again only through
        /// `LayerSurface.mapAgain` (a configure meanwhile is only acknowledged).
        case unmapped
        /// Committed again without a buffer after `unmapped`: the configure that answers it
        /// maps the surface (layer-shell's way), and the next frame draws.
        case mapping
    }

    /// A new surface has no buffer: nothing is drawn, and no buffer made, before there is
    /// something to show.
    private(set) var residency = Residency.noBuffer
    /// How long nothing must show before the buffers go, in seconds (0: never):
    /// `[performance] idle_release_ms`.
    private(set) var delay = 0.0
    /// Whether the buffers are gone (the pixel shows, or nothing).
    var isReleased: Bool { residency != .buffers }
    /// Whether no buffer is attached (as on a new surface).
    var isUnmapped: Bool { residency == .noBuffer || residency == .unmapped || residency == .mapping }
    /// Whether the release came due (`idle_release_ms` passed with nothing shown): the loop
    /// takes it (`takeDueRelease`) and checks that nothing shows still.
    private var releaseDue = false
    /// Whether the frame being drawn brought the buffers back (for --statistics).
    private(set) var restoredThisFrame = false
    private var timer: ScheduledTimer?
    /// The logical size the pixel covers.
    private var coveredSize = (width: 0, height: 0)
    private let scheduler: Scheduler
    /// The surface whose buffers these are (set by it once it is made).
    weak var surface: PresentSurface?
    private let buffers: BufferRing

    init(scheduler: Scheduler, buffers: BufferRing) {
        (self.scheduler, self.buffers) = (scheduler, buffers)
    }

    /// Takes the configuration's `[performance]` keys (at creation and on reload).
    func apply(_ performance: Configuration.Performance) {
        delay = performance.idleReleaseDelay
    }

    /// After every frame: while nothing shows and memory is held (the buffers, or sprites'),
    /// the release is due `delay` later (the loop then takes it: `takeDueRelease`); anything
    /// shown calls it off.
    /// Without a viewport the pixel could not cover the surface, so the buffers stay unless
    /// the surface may be unmapped.
    func frameEnded(showsNothing: Bool, holdsMemory: Bool, mayUnmap: Bool) {
        guard showsNothing, holdsMemory, delay > 0, surface?.canStretchPixel == true || mayUnmap else { return cancel() }
        guard timer == nil else { return }
        timer = scheduler.schedule(at: scheduler.now + delay) { [weak self] in
            self?.timer = nil
            self?.releaseDue = true
        }
    }

    /// Whether the release came due since the loop last asked (the timer only marks it).
    func takeDueRelease() -> Bool {
        defer { releaseDue = false }
        return releaseDue
    }

    /// After a frame's commit has been counted.
    func frameCommitted() { restoredThisFrame = false }

    /// Shows the transparent pixel over `width`×`height` logical px and drops the buffers (or,
    /// unmapped, maps the surface with the pixel). Throws when the pixel cannot be made (then
    /// the buffers stay).
    func release(width: Int, height: Int) throws(ClientError) {
        guard residency != .pixel, let surface, surface.canStretchPixel else { return }
        try surface.showTransparentPixel(width: width, height: height)
        buffers.removeAll(showingNothing: true)
        coveredSize = (width, height)
        residency = .pixel
        // What was freed (the overlay drops its sprites first) goes back to the system, not
        // only to malloc's free lists.
        tl_malloc_trim()
    }

    /// Attaches no buffer, which unmaps the layer surface, and drops the buffers.
    func unmap() {
        guard residency == .buffers || residency == .pixel else { return }
        surface?.detach()
        buffers.removeAll(showingNothing: true)
        (residency, coveredSize) = (.unmapped, (0, 0))
        tl_malloc_trim()
    }

    /// While the pixel shows: it covers a new logical size.
    func resize(width: Int, height: Int) {
        guard residency == .pixel, let surface, surface.canStretchPixel, coveredSize != (width, height) else { return }
        surface.stretchTransparentPixel(width: width, height: height)
        coveredSize = (width, height)
    }

    /// Something is to be shown: the caller sets the surface's scale and viewport again and
    /// draws into new buffers, which start transparent (see `BufferRing.removeAll`).
    func restore() {
        cancel()
        residency = .buffers
        restoredThisFrame = true
    }

    /// Unmapped while idle, the surface committed again without a buffer (`LayerSurface.mapAgain`).
    func mappingAgain() {
        guard residency == .unmapped else { return }
        residency = .mapping
    }

    /// A configure came while mapping again, or none came in time: the next frame draws.
    func mapped() {
        guard residency == .mapping else { return }
        residency = .noBuffer
    }

    func cancel() {
        if let timer { scheduler.cancel(timer) }
        timer = nil
    }

    /// Before the surface goes: the timer.
    func destroy() {
        cancel()
        releaseDue = false
    }
}

/// The transparent pixel of one connection, made when first needed and shown by every surface
/// that shows nothing, idle overlays and hidden sprites alike (a wl_buffer may be attached to
/// any number of surfaces): one page of shm at most, however many there are.
@MainActor
final class SharedTransparentPixel {
    private let shm: OpaquePointer
    private let singlePixelBufferManager: OpaquePointer?
    private var pixel: TransparentPixel?

    init(shm: OpaquePointer, singlePixelBufferManager: OpaquePointer?) {
        (self.shm, self.singlePixelBufferManager) = (shm, singlePixelBufferManager)
    }

    /// The pixel's wl_buffer; throws when it cannot be made.
    func buffer() throws(ClientError) -> OpaquePointer {
        if let pixel { return pixel.buffer }
        let made = try TransparentPixel(singlePixelBufferManager: singlePixelBufferManager, shm: shm)
        pixel = made
        return made.buffer
    }

    /// Before the connection's globals go (after every surface that showed it).
    func destroy() { pixel = nil }
}

/// One fully transparent pixel as a wl_buffer: wp_single_pixel_buffer_v1 where the compositor
/// offers it, else a 1×1 shm buffer (a new memfd reads as zeros: transparent ARGB).
final class TransparentPixel {
    let buffer: OpaquePointer
    /// The 1×1 shm buffer, which owns `buffer`, when there is no single-pixel protocol.
    private let shmPixel: ShmBuffer?

    init(singlePixelBufferManager: OpaquePointer?, shm: OpaquePointer) throws(ClientError) {
        if let manager = singlePixelBufferManager,
           let buffer = wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(manager, 0, 0, 0, 0) {
            (self.buffer, shmPixel) = (buffer, nil)
        } else {
            let pixel = try ShmBuffer(shm: shm, width: 1, height: 1)
            (buffer, shmPixel) = (pixel.wlBuffer!, pixel)
        }
    }

    deinit {
        if shmPixel == nil { wl_buffer_destroy(buffer) }
    }
}
