import CWaylandClient
import CWaylandProtocols

/// What a surface's role reports to the surface: a configure (acknowledged through the role),
/// and the compositor closing it.
@MainActor
protocol SurfaceRoleEvents: AnyObject {
    func roleConfigured(serial: UInt32, width: Int, height: Int)
    func roleClosed()
}

/// How a surface asks for the keyboard.
enum KeyboardRequest {
    case none, onDemand, exclusive
}

/// A surface's role on the compositor: what puts it over everything on its output and gives
/// it the keyboard. Policy-free, as SCTK's protocol wrappers are: it sends what it is told,
/// and the overlay's surface (`LayerSurface`) decides what that is. The layer-shell role is
/// one; an `xdg_toplevel` that the GNOME Shell extension stacks (`ShellWindowRole`) is the other.
@MainActor
protocol SurfaceRole: AnyObject {
    /// Whether the keyboard can be asked for on demand (else only exclusively).
    var offersKeyboardOnDemand: Bool { get }
    /// A name for messages ("layer-shell 4").
    var description: String { get }
    /// Its state: sent before the first commit, and again before mapping again (an unmap
    /// resets a layer surface's, and KWin 5.27 enforces that).
    func sendState(keyboard: KeyboardRequest)
    /// Asks for the keyboard so, from the next commit.
    func setKeyboard(_ request: KeyboardRequest)
    func acknowledge(serial: UInt32)
    /// Whether a configure that comes while no buffer is attached is acknowledged with the
    /// commit that attaches one, rather than at once.
    var acknowledgesWithFirstBuffer: Bool { get }
    func destroy()
}

/// Which role overlays take: a layer surface, or (on GNOME, started by Touchlight's Shell
/// extension) a window the extension stacks, which asks `focus` for the keyboard.
enum SurfaceRoleKind {
    case layerShell(OpaquePointer, version: UInt32)
    case shellWindow(wmBase: OpaquePointer, focus: KeyboardFocusBroker?)
}

/// wlr-layer-shell's role: a surface on the overlay layer of its output, anchored to every
/// edge, moving nothing else aside.
@MainActor
final class LayerShellRole: SurfaceRole {
    private var proxy: OpaquePointer?
    private let version: UInt32
    private unowned let events: SurfaceRoleEvents

    init(shell: OpaquePointer, version: UInt32, surface: OpaquePointer, output: OpaquePointer, events: SurfaceRoleEvents) {
        self.version = version
        self.events = events
        proxy = zwlr_layer_shell_v1_get_layer_surface(shell, surface, output, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "touchlight")
    }

    /// Listens from now on (after the first state is sent, before the first commit).
    func listen() {
        zwlr_layer_surface_v1_add_listener(proxy, Self.listener.pointer, listenerData(self))
    }

    private static let listener: ListenerTable<zwlr_layer_surface_v1_listener> = {
        var events = zwlr_layer_surface_v1_listener()
        events.configure = { data, _, serial, width, height in
            withOwner(data, LayerShellRole.self) { $0.events.roleConfigured(serial: serial, width: Int(width), height: Int(height)) }
        }
        events.closed = { data, _ in withOwner(data, LayerShellRole.self) { $0.events.roleClosed() } }
        return ListenerTable(events)
    }()

    /// On demand came with layer-shell 4.
    var offersKeyboardOnDemand: Bool { version >= 4 }
    var description: String { "layer-shell \(version)" }

    func sendState(keyboard: KeyboardRequest) {
        let allEdges = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
            | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        zwlr_layer_surface_v1_set_anchor(proxy, allEdges)
        zwlr_layer_surface_v1_set_exclusive_zone(proxy, -1)
        setKeyboard(keyboard)
    }

    func setKeyboard(_ request: KeyboardRequest) {
        let value = switch request {
        case .none: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue
        case .onDemand: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND.rawValue
        case .exclusive: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE.rawValue
        }
        zwlr_layer_surface_v1_set_keyboard_interactivity(proxy, value)
    }

    func acknowledge(serial: UInt32) { zwlr_layer_surface_v1_ack_configure(proxy, serial) }
    var acknowledgesWithFirstBuffer: Bool { false }

    func destroy() {
        if let proxy { zwlr_layer_surface_v1_destroy(proxy) }
        proxy = nil
    }
}
