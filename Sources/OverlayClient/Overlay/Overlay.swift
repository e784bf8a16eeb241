import Annotation
import Renderer
import Stage
import TouchCore
import TouchlightConfig
import Visualizer

/// The overlay on one output: what it shows (`OverlayScene`), its layer surface, its frame
/// clock and its presenter.
///
/// Handlers only mark it (input, timers, configure, ctl); the loop calls `act` before it
/// sleeps, which draws once if the clock says a frame is due. Frame callbacks are asked for
/// only while something animates; a later change with no input (a stale marker's fade) is a
/// timer. When idle, nothing is scheduled. EGL is touched only in `act` (drawing, switching
/// renderers, the idle release), never in a handler, so no handler can run EGL while the
/// loop holds libwayland's prepared read.
@MainActor
final class Overlay {
    /// What it shows: window, dispatcher, ink, toolbar, and their renderer.
    let scene: OverlayScene
    var window: OverlayWindow { scene.window }
    var dispatcher: TouchDispatcher { scene.dispatcher }
    var ink: OverlayInk { scene.ink }
    let layer: LayerSurface
    let clock: FrameClock
    private let presenters: PresenterFactory
    private(set) var presenter: Presenter
    /// The renderer asked for and not yet taken (the loop takes it in `act`).
    private var wantedRenderer: RendererChoice?
    unowned let events: OverlayEvents
    /// Input-to-commit latency and commits (--statistics), told directly.
    private let statistics: Statistics
    let scheduler: Scheduler

    init(output: Output, connection: Connection, scheduler: Scheduler, events: OverlayEvents, statistics: Statistics, capture: Bool,
         settings: OverlaySettings, toolbarPlace: ToolbarPlace, globals: RequiredGlobals, role: SurfaceRoleKind,
         pictures: OutputPictures? = nil) {
        self.events = events
        self.pictures = pictures
        self.statistics = statistics
        self.scheduler = scheduler
        self.connection = connection
        let buffers = BufferRing(shm: globals.shm)
        layer = LayerSurface(output: output, connection: connection, compositor: globals.compositor, scheduler: scheduler, buffers: buffers,
                             takesKeyboard: capture, role: role)
        clock = FrameClock(surface: layer.surface, scheduler: scheduler)
        let canvas = CanvasPresenter(host: layer, buffers: buffers, idleMemory: layer.idleMemory)
        presenters = PresenterFactory(host: layer, surface: layer.surface, connection: connection, canvas: canvas)
        presenter = canvas
        scene = OverlayScene(size: Size(width: 1, height: 1), scheduler: scheduler, capture: capture, settings: settings.scene,
                             toolbarPlace: toolbarPlace, zooms: pictures != nil)
        layer.owner = self
        dispatcher.eventObserver = { [unowned self] event in self.events.overlay(self, delivered: event) }
        dispatcher.contactLimitReached = { [unowned self] in
            self.events.note("more than \(InputLimits.contacts) contacts down at once on \(self.output.label): the rest are ignored until they lift")
        }
        connectToolbar()
        scene.ink.onTextBoxChanged = { [unowned self] change in self.textBoxChanged(change) }
        scene.zoom.onViewChanged = { [unowned self] in
            self.zoomSwitched(self.scene.zoom.view.settingValue)
            self.setNeedsDraw()
        }
        scene.zoom.onViewApplied = { [unowned self] view in self.zoomController.follow(view) }
        scene.zoom.onCompositorShows = { [unowned self] shows in self.zoomController.compositorShows(shows) }
        apply(settings)
        updateInputRegion()
        layer.commit()  // the initial commit, without a buffer
    }

    /// The globals (the zoom's subsurface is made with them).
    let connection: Connection
    /// Who takes the output's picture for the zoom (nil: there is no zoom here).
    private let pictures: OutputPictures?
    /// The zoom: its picture, and the subsurface the compositor shows it in.
    private(set) lazy var zoomController = ZoomController(host: self, scene: scene, pictures: pictures)

    var output: Output { layer.output }
    var surface: OpaquePointer { layer.surface }
    var logicalSize: (width: Int, height: Int) { layer.logicalSize }
    /// The logical size as a TouchCore size.
    var size: Size { layer.size }
    var scale: SurfaceScale { layer.scale }
    var isConfigured: Bool { layer.isConfigured }
    var idleMemory: IdleMemory { layer.idleMemory }
    var animationStalls: Int { clock.animationStalls }
    /// How many frames this overlay has committed.
    private(set) var framesCommitted = 0
    /// Nothing animated in the last frame drawn (see `noteRest`).
    private var isAtRest = false
    /// The sprites' pool, once sprites were used (for --statistics).
    var spritePool: SpriteLayer.Pool? { presenters.spriteLayer?.pool }

    // MARK: What handlers do: mark

    /// Input arrived: the handler only marks the overlay, as swaybg's and slurp's do.
    func setNeedsDraw() {
        clock.mark()
        if clock.waitsForFrame { statistics.inputDeferred() }
    }

    /// Paused: nothing is drawn and nothing taken (privacy while typing a password); the
    /// markers and ink come back on resume.
    func setPaused(_ paused: Bool) {
        if scene.setPaused(paused) { sceneChanged(everything: true) }
    }

    /// A pen hovers over the overlay (nil: no more): where it would draw shows in draw mode.
    /// Whether it shows.
    @discardableResult
    func showPenHover(_ hover: PenHover?) -> Bool {
        let shows = hover != nil && ink.showsPenHover
        if ink.penHover != hover {
            // Recorded while it shows, and when one that showed ends.
            if shows || (ink.penHover != nil && ink.showsPenHover) { events.overlay(self, penHovered: shows ? hover : nil) }
            ink.penHover = hover
            setNeedsDraw()
        }
        return shows
    }

    /// A text box opened (the keyboard is the overlay's while it is open), changed or closed.
    private func textBoxChanged(_ change: TextBoxChange) {
        switch change {
        case .opened: askForKeyboard()
        case .closed, .displaced:
            cancelKeyboardWait()
            layer.setTyping(.none)
        case .edited: break
        }
        events.overlay(self, textBox: change)
        setNeedsDraw()
    }

    /// While a box waits for the keyboard on demand: the fallback to taking it exclusively.
    private var keyboardWait: ScheduledTimer?

    /// Asks for the keyboard on demand; where it has not come within
    /// `AnnotationDefaults.keyboardOnDemandWait`, takes it exclusively.
    private func askForKeyboard() {
        cancelKeyboardWait()
        layer.setTyping(.onDemand)
        guard layer.typing == .onDemand else {
            return note("\(layer.role.description) has no keyboard on demand: the text box takes it exclusively")
        }
        keyboardWait = scheduler.schedule(at: scheduler.now + AnnotationDefaults.keyboardOnDemandWait) { [weak self] in
            guard let self, self.layer.typing == .onDemand else { return }
            self.keyboardWait = nil
            self.note("the compositor gave the text box no keyboard on demand: taking it exclusively")
            self.layer.setTyping(.exclusive)
            self.layer.commit()
        }
    }

    private func cancelKeyboardWait() {
        if let keyboardWait { scheduler.cancel(keyboardWait) }
        keyboardWait = nil
    }

    /// The keyboard's focus came to this overlay: a box that asked on demand keeps it so.
    func keyboardArrived() {
        guard keyboardWait != nil else { return }
        cancelKeyboardWait()
        note("the compositor gave the text box the keyboard on demand")
    }

    /// The pointer hovers at `point` without drawing: it leads the spotlight while no finger is down.
    func pointerHovered(at point: Point) {
        guard scene.spotlight.isOn, scene.spotlight.hover(at: point) else { return }
        events.overlay(self, ledSpotlightTo: point)
        setNeedsDraw()
    }

    /// Switches capture mode: the input region and keyboard interactivity follow.
    func setCapturing(_ capturing: Bool) {
        window.isCapturing = capturing
        layer.setTakesKeyboard(capturing)
        updateInputRegion()
        if idleMemory.isUnmapped, !layer.takesNoInput {
            clock.mark(everything: true)  // mapped, to take input
        } else {
            layer.commit()
        }
    }

    /// Takes `choice` before the next frame (see `PresenterFactory`); a change redraws everything.
    func use(_ choice: RendererChoice) {
        wantedRenderer = choice
    }

    /// Sets the input region if the view tree changed since it was last computed.
    func updateInputRegion() { layer.updateInputRegion(from: window) }

    // MARK: What the loop does: act

    /// The loop's act before it sleeps: takes a new renderer, gives memory back when idle, and
    /// draws if a frame is due.
    func act() {
        guard !layer.isClosed else { return }
        takeConfigure()
        var switched = false
        if let wanted = wantedRenderer {
            wantedRenderer = nil
            switched = switchRenderer(to: wanted)
        }
        if idleMemory.takeDueRelease() {
            // Input that came with the timer is drawn first: a frame that then shows nothing
            // starts the wait again.
            if !clock.needsDraw { releaseMemoryIfNothingShows() }
        }
        if clock.isDue(isAnimating: scene.isAnimating) { draw() }
        if switched { note("now drawing with \(presenter.kind)") }  // after its first frame
    }

    /// Whether the presenter changed.
    private func switchRenderer(to choice: RendererChoice) -> Bool {
        let wanted = presenters.kind(for: choice)
        guard wanted != presenter.kind else { return false }
        presenter.tearDown()
        presenter = presenters.make(wanted)
        scene.visualizerOnCanvas = presenter.kind != .sprites
        if isConfigured { clock.mark(everything: true) }
        return true
    }

    private func draw() {
        guard layer.isConfigured else { return }
        switch layer.residency {
        case .unmapped: return layer.mapAgain()
        case .mapping: return  // the configure that maps it again draws
        case .noBuffer, .buffers, .pixel: break
        }
        let force = clock.needsEverything
        let now = scheduler.now
        guard clock.begin(now: now) else { return }   // [performance] max_fps: later
        let pixels = layer.pixelSize
        let renderScale = layer.scale.renderScale
        let damage = scene.prepareFrame(now: now, pixelWidth: pixels.width, pixelHeight: pixels.height, renderScale: renderScale)
        let frame = PresentedFrame(scene: scene, damage: damage, pixels: pixels, scale: renderScale, force: force)
        let outcome = presenter.present(frame) {
            arrangeNextFrame(committed: true)
            if presenter.needsAnotherFrame { clock.requestFrame() }
        }
        if presenter.needsAnotherFrame { clock.mark() }
        switch outcome {
        case .failed(let error):
            events.overlay(self, failed: error)
        case .busy:
            clock.waitForBuffer()
            layer.commit()
        case .unchanged:
            statistics.inputShowedNothing()
            arrangeNextFrame(committed: false)
            noteRest(now: now)
            zoomController.frameEnded(committed: false)
        case .presented:
            clock.committed(at: now)
            framesCommitted += 1
            statistics.committed(at: scheduler.now, restoredBuffers: idleMemory.restoredThisFrame)
            if framesCommitted == 1 { events.overlayShowedFirstFrame(self) }
            idleMemory.frameCommitted()
            noteRest(now: now)
            zoomController.frameEnded(committed: true)
        }
    }

    /// Says when the overlay comes to rest: the first frame after which nothing animates, with
    /// how long until a timer changes it (a stale marker's fade), if one will.
    private func noteRest(now: Double) {
        let resting = !scene.isAnimating
        if resting, !isAtRest { events.overlay(self, cameToRestFor: window.visualizer.nextDeadline.map { $0 - now }) }
        isAtRest = resting
    }

    /// Makes sure the next frame comes while anything animates, and that memory goes back
    /// once nothing shows; called before the commit, so a frame callback belongs to it.
    private func arrangeNextFrame(committed: Bool) {
        let isAnimating = scene.isAnimating
        idleMemory.frameEnded(showsNothing: scene.showsNothing && !isAnimating, holdsMemory: presenter.holdsMemory,
                              mayUnmap: layer.mayUnmapWhileIdle)
        if !clock.arrange(committed: committed, isAnimating: isAnimating, nextDeadline: window.visualizer.nextDeadline) {
            events.note("overlay on \(output.name): an animation had no frame callback or timer pending (a bug; recovering)")
        }
    }

    /// `idle_release_ms` passed with nothing shown: the presenter's memory goes, and the
    /// surface leaves the screen or shows the transparent pixel (see `IdleMemory`).
    private func releaseMemoryIfNothingShows() {
        guard layer.isConfigured, scene.showsNothing, !scene.isAnimating else { return }
        scene.renderer.invalidateSprites()  // rasterized again when needed, in well under 1 ms each
        let unmapping = layer.mayUnmapWhileIdle
        presenter.releaseMemory(unmapping: unmapping)
        if unmapping {
            clock.dropFrameCallback()
            layer.unmapWhileIdle()
        }
        events.note("overlay on \(output.label): nothing shown for \(idleMemory.delay) s: buffers released\(idleMemory.isUnmapped ? ", surface unmapped" : "")")
    }

    // MARK: Teardown

    func destroy() {
        cancelKeyboardWait()
        zoomController.cancel()
        guard !layer.isClosed else { return }
        clock.stop()
        presenter.tearDown()
        layer.destroy()
        presenters.destroy()   // the sprites' subsurfaces go after their parent (see SpriteSurface.hide)
        zoomController.destroy()  // so does the zoom's
    }
}

extension Overlay: LayerSurfaceOwner {
    /// Takes the configure received since the loop last acted, if any (before drawing, or
    /// where start-up waited for the first one and needs the size now).
    func takeConfigure() {
        guard let (resized, changed) = layer.takeConfigure() else { return }
        configured(resized: resized, changed: changed)
    }

    /// A configure was taken: `resized` when the logical size is new, `changed` when anything
    /// is (the first configure, or a new size).
    private func configured(resized: Bool, changed: Bool) {
        if resized {
            _ = setZoom(false)  // its picture no longer fits: the live screen again, its memory freed
            scene.resize(to: size)
            events.note("overlay on \(output.label): \(logicalSize.width)×\(logicalSize.height) logical px")
        }
        updateInputRegion()
        clock.mark(everything: changed)
    }

    func layerSurfaceClosed() { events.overlayClosed(self) }
    func layerSurfaceRescaled() { clock.mark(everything: true) }
    func layerSurfaceMappedWithoutConfigure() { clock.mark() }
    func note(_ text: String) { events.note("overlay on \(output.label): \(text)") }
}

extension Overlay: ZoomHost {
    /// Turns the zoom on or off (ctl, the toolbar, a replay); why not, if it cannot be.
    func setZoom(_ on: Bool) -> String? { zoomController.set(on) }

    func zoomSwitched(_ value: String) { events.overlay(self, zoomed: value) }
    func zoomNoted(_ text: String) { events.note("zoom on \(output.label): \(text)") }
}
