import CWaylandClient
import CWaylandProtocols
import Renderer
import TouchCore
import Visualizer

/// What a layer surface tells the overlay it belongs to. The handlers record; the overlay
/// marks itself, and the loop draws.
@MainActor
protocol LayerSurfaceOwner: AnyObject {
    /// The compositor closed the surface (its output went, say).
    func layerSurfaceClosed()
    /// A new scale was taken without a configure: everything is redrawn.
    func layerSurfaceRescaled()
    /// Mapped again, and no configure answered (Mir 2.12): the overlay draws anyway.
    func layerSurfaceMappedWithoutConfigure()
    func note(_ text: String)
}

/// An overlay's surface on one output, as small as swaybg's output struct: the wl_surface and
/// its role (`SurfaceRole`: the layer shell's overlay layer, anchored to all edges), and the
/// policy over them: its configure and close, scale (integer, or fractional through a
/// viewport), input region and keyboard; and what it shows while idle (`IdleMemory`: the
/// transparent pixel, or unmapped).
@MainActor
final class LayerSurface: PresenterHost, SurfaceRoleEvents {
    let output: Output
    let surface: OpaquePointer
    /// What puts the surface over everything and gives it the keyboard.
    private(set) var role: SurfaceRole!
    private unowned let connection: Connection
    private let compositor: OpaquePointer
    /// Set by the overlay right after it makes the surface, before any event can come.
    weak var owner: LayerSurfaceOwner?
    private let scheduler: Scheduler
    private let viewport: OpaquePointer?
    private var fractionalScale: OpaquePointer?
    private var preferredFractional: Double?
    /// The buffers' release, and unmapping, while nothing shows (`[performance] idle_release_ms`).
    let idleMemory: IdleMemory
    private(set) var logicalSize = (width: 0, height: 0)
    private(set) var scale = SurfaceScale(bufferScale: 1, fractional: nil)
    private(set) var isConfigured = false
    private(set) var isClosed = false
    /// Where the surface stands: drawing, idle, off the screen or being mapped again (kept by
    /// `IdleMemory`, which the presenters and the idle timer ask too).
    var residency: IdleMemory.Residency { idleMemory.residency }
    /// Whether an idle overlay unmaps its surface: false once the compositor did not answer
    /// the commit that maps it again with a configure (Mir 2.12); it stays mapped then.
    private(set) var mayUnmap = true
    /// How long a configure may take to answer that commit before the overlay draws anyway.
    static let mapConfigureTimeout = 0.1
    /// Whether the keyboard is taken (capture mode: Escape gives the touches back).
    private var takesKeyboard: Bool
    private var regionGeneration = -1
    /// Whether the input region is empty (pass mode, no toolbar): then the overlay may leave
    /// the screen while idle, as no touch or click needs to reach it.
    private(set) var takesNoInput = true
    private var scaleSettleTimer: ScheduledTimer?
    /// Whether subsurfaces (sprites) were made on it: it stays mapped from then on.
    var hasSubsurfaces = false

    init(output: Output, connection: Connection, compositor: OpaquePointer, scheduler: Scheduler, buffers: BufferRing, takesKeyboard: Bool,
         role kind: SurfaceRoleKind) {
        (self.output, self.connection, self.scheduler) = (output, connection, scheduler)
        self.takesKeyboard = takesKeyboard
        self.compositor = compositor
        let surface = wl_compositor_create_surface(compositor)!
        self.surface = surface
        let viewport = connection.viewporter.flatMap { wp_viewporter_get_viewport($0, surface) }
        self.viewport = viewport
        idleMemory = IdleMemory(scheduler: scheduler, buffers: buffers)
        let me = listenerData(self)
        if let manager = connection.fractionalScaleManager {
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            wp_fractional_scale_v1_add_listener(fractionalScale, Self.fractionalScaleEvents.pointer, me)
        }
        switch kind {
        case .layerShell(let shell, let version):
            let layerShell = LayerShellRole(shell: shell, version: version, surface: surface, output: output.proxy, events: self)
            role = layerShell
            role.sendState(keyboard: keyboardRequest)
            layerShell.listen()
        case .shellWindow(let wmBase, let focus):
            role = ShellWindowRole(wmBase: wmBase, surface: surface, output: output, focus: focus, events: self)
            role.sendState(keyboard: keyboardRequest)
        }
        idleMemory.surface = self
    }

    /// The logical size as a TouchCore size.
    var size: Size { Size(width: Double(logicalSize.width), height: Double(logicalSize.height)) }

    // MARK: Events

    func roleClosed() { owner?.layerSurfaceClosed() }

    /// wp_fractional_scale_v1 sends the preferred scale times this.
    private static let fractionalScaleDenominator = 120.0

    private static let fractionalScaleEvents: ListenerTable<wp_fractional_scale_v1_listener> = {
        var events = wp_fractional_scale_v1_listener()
        events.preferred_scale = { data, _, scale in
            withOwner(data, LayerSurface.self) { surface in
                surface.preferredFractional = Double(scale) / LayerSurface.fractionalScaleDenominator
                surface.scaleMayHaveChanged()
            }
        }
        return ListenerTable(events)
    }()

    /// A configure records what it asks; the loop takes it (`takeConfigure`) before it draws,
    /// as swaybg does: the acknowledgement goes with the frame that answers it.
    func roleConfigured(serial: UInt32, width: Int, height: Int) {
        // Unmapped while idle, the surface maps again only through `mapAgain`: sway 1.7 answers
        // the unmapping commit itself with a configure, which drawing would take as leave to map
        // (and half a second later the overlay would unmap again, and so on while idle).
        guard residency != .unmapped else { return role.acknowledge(serial: serial) }
        pendingConfigure = (serial, width, height)
    }
    private var pendingConfigure: (serial: UInt32, width: Int, height: Int)?
    /// A configure taken while no buffer was attached, acknowledged by the commit that attaches
    /// one (`SurfaceRole.acknowledgesWithFirstBuffer`): buffers coming back, or the pixel.
    private var heldAcknowledgement: UInt32?

    private func acknowledgeHeldConfigure() {
        if let serial = heldAcknowledgement { role.acknowledge(serial: serial) }
        heldAcknowledgement = nil
    }

    /// The configure received since the loop last acted, acknowledged and applied (size and
    /// scale): whether the logical size is new (`resized`), and whether anything is (`changed`:
    /// the first configure, or a new size). Nil when none came.
    func takeConfigure() -> (resized: Bool, changed: Bool)? {
        guard let (serial, width, height) = pendingConfigure else { return nil }
        pendingConfigure = nil
        if role.acknowledgesWithFirstBuffer, idleMemory.isUnmapped {
            heldAcknowledgement = serial  // a later configure's replaces it: the newest is the one to answer
        } else {
            role.acknowledge(serial: serial)
        }
        idleMemory.mapped()
        let modeSize = output.logicalSize.width > 0 ? output.logicalSize : output.modeSize
        let newWidth = width > 0 ? width : Int(modeSize.width)
        let newHeight = height > 0 ? height : Int(modeSize.height)
        // A configure that changes nothing (the one that answers mapping again after idle, or
        // a compositor's repeat) redraws only what changed: a full redraw at 4K is 33 MB of
        // pixels, on the first touch after idle.
        let resized = newWidth != logicalSize.width || newHeight != logicalSize.height
        let changed = !isConfigured || resized
        if resized { logicalSize = (max(1, newWidth), max(1, newHeight)) }
        isConfigured = true
        applyScale(force: true)
        return (resized, changed)
    }

    // MARK: Keyboard

    /// Takes the keyboard while capturing, or gives it back (pending until the next commit).
    func setTakesKeyboard(_ takes: Bool) {
        takesKeyboard = takes
        role.setKeyboard(keyboardRequest)
    }

    /// While a text box is open the keyboard is the overlay's (pending until the next commit);
    /// after (`.none`), as before. A box asks on demand first (where the role can), so that an
    /// overlay that stops (SIGSTOP, a debugger) cannot hold every key, and the user can click
    /// elsewhere; exclusively where the compositor does not give it on demand (some wait for a
    /// pointer click, and a touch is not one), or where the role cannot ask on demand.
    func setTyping(_ typing: KeyboardRequest) {
        self.typing = typing == .onDemand && !role.offersKeyboardOnDemand ? .exclusive : typing
        role.setKeyboard(keyboardRequest)
    }
    private(set) var typing = KeyboardRequest.none

    /// The keyboard: a text box's as it asks; while capturing (Escape gives the touches back)
    /// on demand, or exclusively where the role cannot ask on demand; none otherwise.
    private var keyboardRequest: KeyboardRequest {
        guard typing == .none else { return typing }
        return takesKeyboard ? (role.offersKeyboardOnDemand ? .onDemand : .exclusive) : .none
    }

    /// Sets the input region if `window`'s view tree changed since it was last computed.
    func updateInputRegion(from window: OverlayWindow) {
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

    func commit() { wl_surface_commit(surface) }

    func attach(_ buffer: ShmBuffer, damage: [PixelRect]) { buffer.attach(to: surface, damage: damage) }

    // MARK: What it shows while idle (see `IdleMemory`)

    var canStretchPixel: Bool { viewport != nil && connection.transparentPixel != nil }

    func showTransparentPixel(width: Int, height: Int) throws(ClientError) {
        guard let viewport, let pixel = connection.transparentPixel else { return }  // canStretchPixel said no
        acknowledgeHeldConfigure()
        wl_surface_attach(surface, try pixel.buffer(), 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        wl_surface_set_buffer_scale(surface, 1)
        wp_viewport_set_destination(viewport, Int32(width), Int32(height))
        wl_surface_commit(surface)
    }

    func stretchTransparentPixel(width: Int, height: Int) {
        guard let viewport else { return }
        wp_viewport_set_destination(viewport, Int32(width), Int32(height))
        wl_surface_commit(surface)
    }

    func detach() {
        wl_surface_attach(surface, nil, 0, 0)
        wl_surface_commit(surface)
    }

    // MARK: What presenters need

    /// Buffers are back after the idle release: the surface takes its scale again.
    func restoreScale() {
        acknowledgeHeldConfigure()  // the frame that brings them back attaches one
        applyScale(force: true)
    }

    /// One line for the log, about this overlay.
    func note(_ text: String) { owner?.note(text) }

    // MARK: Scale, and mapping while idle
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
            if self.applyScale(force: false) { self.owner?.layerSurfaceRescaled() }
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

    /// The buffer's size in device pixels at the current scale.
    var pixelSize: (width: Int, height: Int) { scale.bufferSize(logicalWidth: logicalSize.width, logicalHeight: logicalSize.height) }

    /// Idle and taking no input: off the screen (see `IdleMemory.unmap`).
    func unmapWhileIdle() {
        idleMemory.unmap()
    }

    /// Whether the surface must stay mapped whatever it shows: input reaches only a mapped
    /// surface, and sprites are subsurfaces of it (phoc 0.24 crashes at exit when they were made
    /// before it had a buffer, and when a layer surface with subsurfaces is unmapped).
    var mustStayMapped: Bool { !takesNoInput || hasSubsurfaces }

    /// Whether an idle overlay leaves the screen.
    var mayUnmapWhileIdle: Bool { mayUnmap && !mustStayMapped }

    /// Unmapped while idle, and something is to be drawn: the first commit again, without a
    /// buffer; the configure that answers it draws (layer-shell's way to map a surface again).
    func mapAgain() {
        guard !isClosed, residency == .unmapped else { return }
        idleMemory.mappingAgain()
        role.sendState(keyboard: keyboardRequest)
        wl_surface_commit(surface)
        owner?.note("something to show: mapping the surface again")
        _ = scheduler.schedule(at: scheduler.now + Self.mapConfigureTimeout) { [weak self] in self?.mapWithoutConfigure() }
    }

    /// The compositor sends no configure for that commit (Mir 2.12): the surface is drawn as
    /// after a configure that changed nothing, and from now on stays mapped while idle.
    private func mapWithoutConfigure() {
        guard residency == .mapping, !isClosed else { return }
        idleMemory.mapped()
        mayUnmap = false
        owner?.note("no configure within \(Self.mapConfigureTimeout) s of mapping again: drawing, and keeping the surface mapped while idle from now on")
        owner?.layerSurfaceMappedWithoutConfigure()
    }

    // MARK: Teardown

    func destroy() {
        guard !isClosed else { return }
        isClosed = true
        if let scaleSettleTimer { scheduler.cancel(scaleSettleTimer) }
        idleMemory.destroy()
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        role.destroy()
        wl_surface_destroy(surface)
    }
}
