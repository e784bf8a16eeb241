import Annotation
import CWaylandClient
import CWaylandProtocols
import Renderer
import TouchCore
import TouchlightConfig
import Visualizer

/// The overlay on one output: a layer surface on the overlay layer, anchored to all edges,
/// with its TouchCore window and dispatcher, its buffers and its frame pacing.
///
/// Drawing: on input, draw and commit at once unless a frame callback is pending (then on the
/// callback). Frame callbacks are asked for only while something animates; a later change
/// with no input (a stale marker's fade) is a timer. When idle, nothing is scheduled.
@MainActor
final class Overlay {
    let output: Output
    let surface: OpaquePointer
    private(set) var layerSurface: OpaquePointer?
    /// What it shows: window, dispatcher, ink, toolbar, and their renderer.
    let scene: OverlayScene
    var window: OverlayWindow { scene.window }
    var dispatcher: TouchDispatcher { scene.dispatcher }
    var ink: OverlayInk { scene.ink }
    let buffers: BufferRing
    /// The sprite renderer's subsurfaces (`renderer = "sprites"`); nil draws on the canvas.
    var sprites: SpriteLayer?
    /// The sprites while another renderer draws: hidden, kept until the overlay goes.
    var parkedSprites: SpriteLayer?
    /// The GLES renderer on the overlay's surface (`renderer = "gles"`); nil draws on the canvas.
    var gles: GLLayer?
    unowned let connection: Connection
    /// The buffers' release while nothing shows (`[performance] idle_release_ms`).
    let idleMemory: IdleMemory
    unowned let events: OverlayEvents
    let scheduler: Scheduler
    private let compositor: OpaquePointer
    /// `[performance] max_fps` (0: as often as the compositor asks).
    var maximumFrameRate: Int
    private var viewport: OpaquePointer?
    private var fractionalScale: OpaquePointer?
    private var preferredFractional: Double?
    private(set) var logicalSize = (width: 0, height: 0)
    /// The logical size as a TouchCore size.
    var size: Size { Size(width: Double(logicalSize.width), height: Double(logicalSize.height)) }
    private(set) var scale = SurfaceScale(bufferScale: 1, fractional: nil)
    private(set) var isConfigured = false
    /// Off the screen while idle (see `IdleMemory`), and being mapped again.
    enum MapState { case mapped, unmapped, awaitingConfigure }
    var mapState = MapState.mapped
    /// Whether an idle overlay unmaps its surface: false once the compositor did not answer
    /// the commit that maps it again with a configure (Mir 2.12); it stays mapped then.
    var mayUnmap = true
    /// How long a configure may take to answer that commit before the overlay draws anyway.
    static let mapConfigureTimeout = 0.1
    private(set) var isClosed = false
    private var frameCallback: OpaquePointer?
    var needsDraw = false
    /// The timer that wakes the overlay when no frame callback will (see `FramePacing`).
    private var wakeTimer: ScheduledTimer?
    /// How often the pacing invariant was found broken (always 0 unless there is a bug).
    private(set) var animationStalls = 0
    private var regionGeneration = -1
    /// Whether the input region is empty (pass mode, no toolbar): then the overlay may leave
    /// the screen while idle, as no touch or click needs to reach it.
    private(set) var takesNoInput = true
    private var lastCommitTime = -Double.infinity
    private var frameRateTimer: ScheduledTimer?
    private var scaleSettleTimer: ScheduledTimer?

    init(output: Output, connection: Connection, scheduler: Scheduler, events: OverlayEvents, capture: Bool,
         settings: OverlaySettings, toolbarPlace: ToolbarPlace) {
        self.events = events
        self.connection = connection
        self.scheduler = scheduler
        maximumFrameRate = settings.maximumFrameRate
        compositor = connection.compositor!
        self.output = output
        // bindGlobals checked that these exist.
        let surface = wl_compositor_create_surface(compositor)!
        self.surface = surface
        let buffers = BufferRing(shm: connection.shm!)
        self.buffers = buffers
        let viewport = connection.viewporter.flatMap { wp_viewporter_get_viewport($0, surface) }
        self.viewport = viewport
        idleMemory = IdleMemory(delay: settings.idleReleaseDelay, scheduler: scheduler, surface: surface, viewport: viewport, buffers: buffers,
                                pixel: connection.transparentPixel!)
        scene = OverlayScene(size: Size(width: 1, height: 1), scheduler: scheduler, capture: capture, style: settings.style,
                             doubleTapInterval: settings.doubleTapInterval, annotate: settings.annotate, toolbarPlace: toolbarPlace)
        scene.text = settings.text
        dispatcher.eventObserver = { [unowned self] event in self.events.overlay(self, delivered: event) }
        connectToolbar()
        let me = listenerData(self)

        idleMemory.onDue = { [unowned self] in self.releaseBuffersIfNothingShows() }
        if let manager = connection.fractionalScaleManager {
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            wp_fractional_scale_v1_add_listener(fractionalScale, Self.fractionalScaleEvents.pointer, me)
        }

        layerSurface = zwlr_layer_shell_v1_get_layer_surface(connection.layerShell, surface, output.proxy,
                                                             ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "touchlight")
        sendLayerState()
        zwlr_layer_surface_v1_add_listener(layerSurface, Self.layerSurfaceEvents.pointer, me)
        updateInputRegion()
        wl_surface_commit(surface)  // the initial commit, without a buffer
        use(settings.renderer)
    }

    // MARK: Events

    private static let layerSurfaceEvents: ListenerTable<zwlr_layer_surface_v1_listener> = {
        var events = zwlr_layer_surface_v1_listener()
        events.configure = { data, _, serial, width, height in
            withOwner(data, Overlay.self) { $0.configure(serial: serial, width: Int(width), height: Int(height)) }
        }
        events.closed = { data, _ in withOwner(data, Overlay.self) { $0.closedByCompositor() } }
        return ListenerTable(events)
    }()

    private static let frameEvents: ListenerTable<wl_callback_listener> = {
        var events = wl_callback_listener()
        events.done = { data, callback, _ in
            wl_callback_destroy(callback)
            withOwner(data, Overlay.self) { $0.frameDone() }
        }
        return ListenerTable(events)
    }()

    private static let fractionalScaleEvents: ListenerTable<wp_fractional_scale_v1_listener> = {
        var events = wp_fractional_scale_v1_listener()
        events.preferred_scale = { data, _, scale in withOwner(data, Overlay.self) { $0.preferredScale(Double(scale) / 120) } }
        return ListenerTable(events)
    }()

    private func closedByCompositor() {
        events.overlayClosed(self)
    }

    private func preferredScale(_ scale: Double) {
        preferredFractional = scale
        scaleMayHaveChanged()
    }

    /// Paused: nothing is drawn and nothing taken (privacy while typing a password); the
    /// markers and ink come back on resume.
    var isPaused: Bool { scene.isPaused }

    func setPaused(_ paused: Bool) {
        guard scene.setPaused(paused) else { return }
        redrawAll()
    }

    /// After a mode or pause change: the input region follows, and everything is redrawn.
    func redrawAll() {
        updateInputRegion()
        draw(force: true)
        wl_surface_commit(surface)
    }

    /// Switches capture mode: the input region and keyboard interactivity follow.
    func setCapturing(_ capturing: Bool, layerShellVersion: UInt32) {
        window.isCapturing = capturing
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, keyboardInteractivity(capturing: capturing, version: layerShellVersion))
        updateInputRegion()
        if idleMemory.isUnmapped, !takesNoInput { draw(force: true) }  // mapped, to take input
        wl_surface_commit(surface)
    }

    // MARK: Configure and scale

    private func configure(serial: UInt32, width: Int, height: Int) {
        zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
        mapState = .mapped
        let newWidth = width > 0 ? width : Int(output.logicalSize.width > 0 ? output.logicalSize.width : output.modeSize.width)
        let newHeight = height > 0 ? height : Int(output.logicalSize.height > 0 ? output.logicalSize.height : output.modeSize.height)
        // A configure that changes nothing (the one that answers mapping again after idle, or
        // a compositor's repeat) redraws only what changed: a full redraw at 4K is 33 MB of
        // pixels, on the first touch after idle.
        let changed = !isConfigured || newWidth != logicalSize.width || newHeight != logicalSize.height
        if newWidth != logicalSize.width || newHeight != logicalSize.height {
            logicalSize = (max(1, newWidth), max(1, newHeight))
            scene.resize(to: size)
            events.note("overlay on \(output.label): \(logicalSize.width)×\(logicalSize.height) logical px")
        }
        isConfigured = true
        applyScale(force: true)
        updateInputRegion()
        draw(force: changed)
    }

    /// How long a new scale waits for the configure that usually follows it. Compositors send
    /// the output's new scale before the configure with its new logical size (KWin 13 ms
    /// before); drawing in between would draw the old size at the new scale, a buffer of the
    /// wrong size (four times the pixels going from scale 1 to 2: 132 MB for a 4K output).
    static let scaleSettleTime = 0.2

    /// The output's scale or the preferred fractional scale changed. Before the first configure
    /// it is taken at once; after, at the next configure, or once `scaleSettleTime` has passed
    /// without one (a scale change that keeps the logical size has none).
    func scaleMayHaveChanged() {
        guard isConfigured else { applyScale(force: false); return }
        guard chosenScale != scale, scaleSettleTimer == nil else { return }
        scaleSettleTimer = scheduler.schedule(at: scheduler.now + Self.scaleSettleTime) { [weak self] in
            guard let self else { return }
            self.scaleSettleTimer = nil
            if self.applyScale(force: false) { self.draw(force: true) }
        }
    }

    private var chosenScale: SurfaceScale {
        SurfaceScale.choose(outputScale: Int(output.scale), preferredFractional: preferredFractional, hasViewporter: viewport != nil)
    }

    /// Takes the chosen scale: the buffer scale and the viewport follow (pending until the next
    /// commit). Whether it changed.
    @discardableResult
    func applyScale(force: Bool) -> Bool {
        if let scaleSettleTimer { scheduler.cancel(scaleSettleTimer) }
        scaleSettleTimer = nil
        let chosen = chosenScale
        guard chosen != scale || force else { return false }
        scale = chosen
        // Released, the transparent pixel keeps scale 1 and a viewport until buffers return.
        guard !idleMemory.isReleased else { return true }
        wl_surface_set_buffer_scale(surface, Int32(chosen.bufferScale))
        // Before the first configure the size is unknown, and a 0×0 destination is a protocol
        // error (KWin enforces it: its preferred scale arrives first); configure sets it.
        if let viewport, logicalSize.width > 0 {
            if chosen.fractional != nil {
                wp_viewport_set_destination(viewport, Int32(logicalSize.width), Int32(logicalSize.height))
            } else {
                wp_viewport_set_destination(viewport, -1, -1)
            }
        }
        return true
    }

    /// Sets the input region if the view tree changed since it was last computed.
    func updateInputRegion() {
        guard regionGeneration != window.viewTreeGeneration else { return }
        regionGeneration = window.viewTreeGeneration
        let region = wl_compositor_create_region(compositor)
        let rects = InputRegion.rects(of: window, size: size)
        takesNoInput = rects.isEmpty
        for rect in rects.map(\.integral) {   // outward to whole logical pixels: an edge touch still lands
            wl_region_add(region, Int32(rect.minX), Int32(rect.minY), Int32(rect.width), Int32(rect.height))
        }
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }

    // MARK: Drawing

    /// Input arrived: the handler only marks the overlay, as swaybg's and slurp's do; the loop
    /// draws it once before it sleeps (`drawIfNeeded`), or the pending frame callback does.
    func setNeedsDraw() {
        needsDraw = true
        if frameCallback != nil { events.overlayDeferredInput() }
    }

    /// The loop's act before it sleeps: draws what the handlers marked, unless a frame callback
    /// is pending (the frame's end draws it then).
    func drawIfNeeded() {
        if needsDraw, frameCallback == nil { draw() }
    }

    private func frameDone() {
        frameCallback = nil
        if needsDraw || isAnimating { draw() }
    }

    func draw(force: Bool = false) {
        guard isConfigured, !isClosed else { return }
        guard mapState == .mapped else { return mapState == .unmapped ? mapAgain() : () }
        let now = scheduler.now
        // [performance] max_fps: too soon after the last frame, draw when the interval is over.
        if maximumFrameRate > 0, !force, now - lastCommitTime < 1 / Double(maximumFrameRate) {
            needsDraw = true
            if frameRateTimer == nil {
                frameRateTimer = scheduler.schedule(at: lastCommitTime + 1 / Double(maximumFrameRate)) { [weak self] in
                    self?.frameRateTimer = nil
                    self?.draw()
                }
            }
            return
        }
        needsDraw = false
        let pixels = scale.bufferSize(logicalWidth: logicalSize.width, logicalHeight: logicalSize.height)
        let frameDamage = scene.prepareFrame(now: now, pixelWidth: pixels.width, pixelHeight: pixels.height, renderScale: scale.renderScale)
        var spritesChanged = false
        if let sprites {
            let visualizer = window.visualizer
            do {
                spritesChanged = try sprites.show(isPaused ? [] : visualizer.items, damage: visualizer.damage.rects,
                                                  scale: scale.renderScale, text: scene.text)
            } catch {
                events.overlay(self, failed: error)
                return
            }
            if sprites.needsAnotherFrame { needsDraw = true }
        }
        let outcome = gles.map { drawWithGLES($0, damage: frameDamage, pixels: pixels, force: force) }
            ?? drawCanvas(damage: frameDamage, pixels: pixels, force: force)
        switch outcome {
        case .failed, .busy: return
        case .unchanged where !spritesChanged && !force:
            events.overlayShowedNothing()
            arrangeNextFrame(committed: false)
            return
        case .drawn, .unchanged: break
        }
        arrangeNextFrame(committed: true)
        if sprites?.needsAnotherFrame == true { requestFrame() }
        if let gles, outcome == .drawn { gles.present() } else { wl_surface_commit(surface) }
        lastCommitTime = now
        events.overlayCommitted(self)
        idleMemory.frameCommitted()
    }

    /// Idle and taking no input: off the screen (see `IdleMemory.unmap`). A frame callback
    /// still pending would never be answered now, and would hold back every later draw.
    func unmapWhileIdle() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        idleMemory.unmap()
        mapState = .unmapped
    }

    func requestFrame() {
        guard frameCallback == nil else { return }
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, Self.frameEvents.pointer, listenerData(self))
    }

    /// Makes sure the next frame comes while anything animates (see `FramePacing`); called
    /// before the commit, so a frame callback requested here belongs to it.
    private func arrangeNextFrame(committed: Bool) {
        idleMemory.frameEnded(showsNothing: scene.showsNothing && !isAnimating,
                              holdsMemory: !idleMemory.isReleased || sprites?.holdsMemory == true, mayUnmap: mayUnmapWhileIdle)
        if let wakeTimer { scheduler.cancel(wakeTimer) }
        wakeTimer = nil
        let visualizer = window.visualizer
        switch FramePacing.next(isAnimating: isAnimating, committed: committed,
                                nextDeadline: visualizer.nextDeadline, now: scheduler.now) {
        case .frameCallback: requestFrame()
        case .timer(let time) where frameCallback == nil:
            wakeTimer = scheduler.schedule(at: time) { [weak self] in
                self?.wakeTimer = nil
                self?.setNeedsDraw()
            }
        case .timer, .none: break
        }
        if !isAnimationScheduled {
            animationStalls += 1
            events.note("overlay on \(output.name): an animation had no frame callback or timer pending (a bug; recovering)")
            wakeTimer = scheduler.schedule(at: scheduler.now + FramePacing.fallbackInterval) { [weak self] in
                self?.wakeTimer = nil
                self?.setNeedsDraw()
            }
        }
    }

    /// The pacing invariant: while anything animates, a frame callback or a timer is pending.
    var isAnimationScheduled: Bool {
        FramePacing.holds(isAnimating: isAnimating, frameCallbackPending: frameCallback != nil,
                          timerPending: wakeTimer != nil || frameRateTimer != nil)
    }

    /// Whether the next frame differs without new input: markers or ink animate.
    private var isAnimating: Bool { scene.isAnimating }

    // MARK: Teardown

    func destroy() {
        guard !isClosed else { return }
        isClosed = true
        if let wakeTimer { scheduler.cancel(wakeTimer) }
        if let frameRateTimer { scheduler.cancel(frameRateTimer) }
        if let scaleSettleTimer { scheduler.cancel(scaleSettleTimer) }
        idleMemory.destroy()
        gles?.destroy()
        gles = nil
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        layerSurface = nil
        buffers.removeAll()
        wl_surface_destroy(surface)
        // The sprites' subsurfaces go after their parent (see SpriteSurface.hide).
        for layer in [sprites, parkedSprites] { layer?.destroy() }
        (sprites, parkedSprites) = (nil, nil)
    }
}
