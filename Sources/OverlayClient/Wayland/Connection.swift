import CWaylandClient
import CWaylandProtocols
import FoundationEssentials
import GLRenderer
import Glibc

/// The globals every overlay needs, checked once at start: the compositor, shared memory, and
/// what puts a surface above everything (wlr-layer-shell, or on GNOME xdg-shell's windows that
/// the Shell extension stacks).
struct RequiredGlobals {
    enum Shell {
        case layers(OpaquePointer, version: UInt32)
        case windows(wmBase: OpaquePointer)
    }

    let compositor: OpaquePointer
    let shm: OpaquePointer
    let shell: Shell
}

/// The connection to the compositor and the globals it offers. Each global is bound at the
/// lower of the version advertised and the version Touchlight supports.
@MainActor
final class Connection {
    /// Versions Touchlight speaks, per interface.
    nonisolated static let supportedVersions: [String: UInt32] = [
        "wl_compositor": 4, "wl_subcompositor": 1, "wl_shm": 1, "wl_seat": 7, "wl_output": 4,
        "zwlr_layer_shell_v1": 4, "wp_viewporter": 1, "wp_fractional_scale_manager_v1": 1,
        "zxdg_output_manager_v1": 3, "zwp_tablet_manager_v2": 1, "wp_single_pixel_buffer_manager_v1": 1,
        "zwlr_screencopy_manager_v1": 3, "zwp_text_input_manager_v3": 1, "xdg_wm_base": 2,
        "ext_output_image_capture_source_manager_v1": 1, "ext_image_copy_capture_manager_v1": 1,
    ]

    /// A global as advertised.
    struct Global: Equatable, Sendable {
        let name: UInt32
        let interface: String
        let version: UInt32
    }

    let display: OpaquePointer
    private(set) var registry: OpaquePointer?
    private(set) var advertised: [Global] = []
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    /// Sprites (`renderer = "sprites"`) are subsurfaces of the overlay.
    private(set) var subcompositor: OpaquePointer?
    private(set) var layerShell: OpaquePointer?
    private(set) var layerShellVersion: UInt32 = 0
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var xdgOutputManager: OpaquePointer?
    /// Pens with pressure and an eraser end; without it a compositor emulates a pointer.
    private(set) var tabletManager: OpaquePointer?
    /// wlr-screencopy, and ext-image-copy-capture with its output sources: what the zoom
    /// freezes the screen with (see `screenCapture`).
    private var screencopyManager: OpaquePointer?
    private var captureSourceManager: OpaquePointer?
    private var imageCopyManager: OpaquePointer?
    /// How the zoom copies an output's picture: ext-image-copy-capture where both its globals
    /// are offered, wlr-screencopy otherwise; nil where neither is (KWin, GNOME).
    var screenCapture: WaylandScreenCapture? {
        guard let shm else { return nil }
        if let captureSourceManager, let imageCopyManager {
            return WaylandScreenCapture(kind: .imageCopy(sources: captureSourceManager, copies: imageCopyManager), shm: shm)
        }
        return screencopyManager.map { WaylandScreenCapture(kind: .screencopy($0), shm: shm) }
    }
    /// text-input-v3: input methods and on-screen keyboards type into text boxes through it.
    private(set) var textInputManager: OpaquePointer?
    /// The transparent pixel an idle overlay shows; without it, a 1×1 shm buffer.
    private(set) var singlePixelBufferManager: OpaquePointer?
    /// xdg-shell: the windows GNOME's overlay is made of (see `ShellWindowRole`).
    private(set) var wmBase: OpaquePointer?

    /// The transparent pixel idle overlays and hidden sprites show (once wl_shm is bound).
    private(set) var transparentPixel: SharedTransparentPixel?

    /// The GLES renderer's display, context and shaders, once an overlay asked (`sharedGL()`).
    var gl: Result<GLShared, GLError>?

    /// Called when an output global appears or disappears (after the first roundtrip).
    var onOutputAdded: ((OpaquePointer, UInt32, UInt32) -> Void)?
    var onGlobalRemoved: ((UInt32) -> Void)?
    var onSeatAdded: ((OpaquePointer, UInt32, UInt32) -> Void)?


    /// Connects through WAYLAND_SOCKET or WAYLAND_DISPLAY (libwayland reads both).
    init() throws(ClientError) {
        guard let display = wl_display_connect(nil) else {
            let env = ProcessInfo.processInfo.environment
            let detail = env["WAYLAND_SOCKET"].map { "WAYLAND_SOCKET=\($0)" }
                ?? "WAYLAND_DISPLAY=\(env["WAYLAND_DISPLAY"] ?? "unset"), XDG_RUNTIME_DIR=\(env["XDG_RUNTIME_DIR"] ?? "unset")"
            throw .cannotConnect("\(detail): \(String(cString: strerror(errno)))")
        }
        self.display = display
    }

    /// Lists the globals, binds those Touchlight uses and checks the required ones. The first
    /// list is only recorded while it arrives; then every global is bound, managers before the
    /// outputs and seats that use them, whatever order the compositor announced them in
    /// (mutter announces wl_output before zxdg_output_manager_v1). Globals announced later
    /// (an output plugged in) are bound as they come. `windows`: the overlay is made of
    /// xdg_toplevel windows (on GNOME, through its extension), not layer surfaces.
    @discardableResult
    func bindGlobals(windows: Bool = false) throws(ClientError) -> RequiredGlobals {
        do {
            let required = try bindManagers(windows: windows)
            bindOutputsAndSeats()
            return required
        } catch {
            // Missing globals leave the outputs and seats to describe (doctor does).
            switch error {
            case .missingGlobals, .gnomeWithoutExtension: bindOutputsAndSeats()
            default: break
            }
            throw error
        }
    }

    /// The first half of `bindGlobals`: lists the globals and binds all but the outputs and
    /// seats, which are only recorded (nothing is dispatched until the second half). Returns
    /// the globals an overlay cannot do without, non-optional from here on.
    func bindManagers(windows: Bool) throws(ClientError) -> RequiredGlobals {
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryEvents.pointer, listenerData(self))
        try roundtrip(waitingFor: "its list of globals")
        if let registry {
            for global in Self.phases(advertised).managers { bind(global, registry: registry) }
        }
        if let shm { transparentPixel = SharedTransparentPixel(shm: shm, singlePixelBufferManager: singlePixelBufferManager) }
        let shell: RequiredGlobals.Shell? = windows ? wmBase.map { .windows(wmBase: $0) } : layerShell.map { .layers($0, version: layerShellVersion) }
        guard let compositor, let shm, let shell else {
            // GNOME hosts the overlay through the extension alone.
            if compositor != nil, shm != nil, !windows, isGnome { throw .gnomeWithoutExtension }
            let absent: [(String, Bool)] = [("wl_compositor", compositor == nil), ("wl_shm", shm == nil),
                                            (windows ? "xdg_wm_base" : "zwlr_layer_shell_v1", shell == nil)]
            throw .missingGlobals(absent.filter(\.1).map(\.0))
        }
        return RequiredGlobals(compositor: compositor, shm: shm, shell: shell)
    }

    /// Whether the compositor is GNOME's (mutter offers gtk_shell1).
    var isGnome: Bool { advertised.contains { $0.interface == "gtk_shell1" } }
    /// Whether the compositor is KWin: it alone offers KDE's output-device protocol.
    var isKWin: Bool { advertised.contains { $0.interface.hasPrefix("kde_output_device") } }
    /// Whether the compositor is Mir 2.15 or later (it offers its own shell protocol).
    var isMir: Bool { advertised.contains { $0.interface == "mir_shell_v1" } }

    /// The second half: binds the outputs and seats listed (their handlers are set by now), and
    /// every global announced from now on as it comes.
    func bindOutputsAndSeats() {
        if let registry {
            for global in Self.phases(advertised).users { bind(global, registry: registry) }
        }
        listed = true
    }

    /// How long start-up waits for the compositor to answer before giving up (seconds).
    nonisolated static let answerTimeout = 5.0

    /// A roundtrip at start-up: the compositor must answer within `answerTimeout`.
    func roundtrip(waitingFor what: String) throws(ClientError) {
        switch boundedRoundtrip(display, timeout: Self.answerTimeout) {
        case .answered: return
        case .timedOut: throw .connectionLost("the compositor did not answer within \(Int(Self.answerTimeout)) s (waiting for \(what)); is it frozen?")
        case .interrupted: throw .interrupted
        case .failed: throw .connectionLost("the connection failed while waiting for \(what)")
        }
    }

    private static let registryEvents: ListenerTable<wl_registry_listener> = {
        var events = wl_registry_listener()
        events.global = { data, registry, name, interface, version in
            guard let registry, let interface else { return }
            let global = Global(name: name, interface: String(cString: interface), version: version)
            nonisolated(unsafe) let proxy = registry  // used on the main thread, during dispatch
            withOwner(data, Connection.self) { $0.announce(global, registry: proxy) }
        }
        events.global_remove = { data, _, name in withOwner(data, Connection.self) { $0.onGlobalRemoved?(name) } }
        return ListenerTable(events)
    }()

    /// The version to bind `interface` at.
    nonisolated static func bindVersion(_ interface: String, advertised: UInt32) -> UInt32 {
        min(advertised, supportedVersions[interface] ?? 1)
    }

    /// Whether the first list of globals has been bound (later ones are bound as they come).
    private var listed = false

    /// The first list of globals in its two phases: the managers and the rest, then the outputs
    /// and seats, whose setting up uses the managers (xdg-output, tablets, text input); each
    /// in the order announced.
    nonisolated static func phases(_ globals: [Global]) -> (managers: [Global], users: [Global]) {
        let usesManagers: Set = ["wl_output", "wl_seat"]
        return (globals.filter { !usesManagers.contains($0.interface) }, globals.filter { usesManagers.contains($0.interface) })
    }

    /// The order the first list of globals is set up in.
    nonisolated static func setupOrder(_ globals: [Global]) -> [Global] {
        let (managers, users) = phases(globals)
        return managers + users
    }

    private func announce(_ global: Global, registry: OpaquePointer) {
        advertised.append(global)
        if listed { bind(global, registry: registry) }
    }

    private func bind(_ global: Global, registry: OpaquePointer) {
        let version = Self.bindVersion(global.interface, advertised: global.version)
        func bind(_ interface: UnsafePointer<wl_interface>?) -> OpaquePointer? {
            wl_registry_bind(registry, global.name, interface, version).map(OpaquePointer.init)
        }
        switch global.interface {
        case "wl_compositor": compositor = bind(tl_wl_compositor_interface())
        case "wl_shm": shm = bind(tl_wl_shm_interface())
        case "wl_subcompositor": subcompositor = bind(tl_wl_subcompositor_interface())
        case "zwlr_layer_shell_v1":
            layerShell = bind(tl_zwlr_layer_shell_v1_interface())
            layerShellVersion = version
        case "wp_viewporter": viewporter = bind(tl_wp_viewporter_interface())
        case "wp_fractional_scale_manager_v1": fractionalScaleManager = bind(tl_wp_fractional_scale_manager_v1_interface())
        case "zxdg_output_manager_v1": xdgOutputManager = bind(tl_zxdg_output_manager_v1_interface())
        case "zwp_tablet_manager_v2": tabletManager = bind(tl_zwp_tablet_manager_v2_interface())
        case "zwlr_screencopy_manager_v1": screencopyManager = bind(tl_zwlr_screencopy_manager_v1_interface())
        case "ext_output_image_capture_source_manager_v1": captureSourceManager = bind(tl_ext_output_image_capture_source_manager_v1_interface())
        case "ext_image_copy_capture_manager_v1": imageCopyManager = bind(tl_ext_image_copy_capture_manager_v1_interface())
        case "zwp_text_input_manager_v3": textInputManager = bind(tl_zwp_text_input_manager_v3_interface())
        case "wp_single_pixel_buffer_manager_v1": singlePixelBufferManager = bind(tl_wp_single_pixel_buffer_manager_v1_interface())
        case "xdg_wm_base":
            wmBase = bind(tl_xdg_wm_base_interface())
            xdg_wm_base_add_listener(wmBase, Self.wmBaseEvents.pointer, nil)
        case "wl_output":
            if let output = bind(tl_wl_output_interface()) { onOutputAdded?(output, global.name, version) }
        case "wl_seat":
            if let seat = bind(tl_wl_seat_interface()) { onSeatAdded?(seat, global.name, version) }
        default: break
        }
    }

    /// The compositor's ping, answered at once (mutter calls a window that does not answer
    /// unresponsive).
    private static let wmBaseEvents: ListenerTable<xdg_wm_base_listener> = {
        var events = xdg_wm_base_listener()
        events.ping = { _, base, serial in xdg_wm_base_pong(base, serial) }
        return ListenerTable(events)
    }()

    /// Destroys the bound globals and the registry (before disconnecting).
    func destroyGlobals() {
        gl = nil  // EGL's own objects on the connection go first (eglTerminate)
        transparentPixel?.destroy()
        transparentPixel = nil
        if let layerShell {
            if layerShellVersion >= 3 { zwlr_layer_shell_v1_destroy(layerShell) } else { wl_proxy_destroy(layerShell) }
        }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let xdgOutputManager { zxdg_output_manager_v1_destroy(xdgOutputManager) }
        if let tabletManager { zwp_tablet_manager_v2_destroy(tabletManager) }
        if let screencopyManager { zwlr_screencopy_manager_v1_destroy(screencopyManager) }
        if let captureSourceManager { ext_output_image_capture_source_manager_v1_destroy(captureSourceManager) }
        if let imageCopyManager { ext_image_copy_capture_manager_v1_destroy(imageCopyManager) }
        (captureSourceManager, imageCopyManager) = (nil, nil)
        if let textInputManager { zwp_text_input_manager_v3_destroy(textInputManager) }
        if let singlePixelBufferManager { wp_single_pixel_buffer_manager_v1_destroy(singlePixelBufferManager) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let registry { wl_registry_destroy(registry) }
        (layerShell, viewporter, fractionalScaleManager, xdgOutputManager, shm, compositor, registry) = (nil, nil, nil, nil, nil, nil, nil)
        (tabletManager, singlePixelBufferManager, subcompositor, screencopyManager, textInputManager, wmBase) = (nil, nil, nil, nil, nil, nil)
    }

    /// Why the connection broke: a protocol or I/O error, or the compositor went away.
    var lossReason: String {
        let code = wl_display_get_error(display)
        return code == 0 ? "the compositor closed the connection" : "protocol or I/O error: \(String(cString: strerror(code)))"
    }

    /// Disconnects; with `goodbye`, first flushes the last requests and waits for the
    /// compositor to take them, at most `timeout` seconds. Whether it answered.
    @discardableResult
    func disconnect(goodbye: Bool, timeout: Double = 0.25) -> Bool {
        var answered = true
        if goodbye {
            _ = wl_display_flush(display)
            answered = boundedRoundtrip(display, timeout: timeout, interruptible: false) != .timedOut
        }
        wl_display_disconnect(display)
        return answered
    }

    /// Forgets a removed global.
    func forget(_ name: UInt32) {
        advertised.removeAll { $0.name == name }
    }
}
