import CWaylandClient
import CWaylandProtocols

/// Where a shell window's asking for the keyboard goes: the extension that stacks it (on GNOME
/// the shell gives a window the focus, and the extension asks it to).
@MainActor
protocol KeyboardFocusBroker: AnyObject {
    func windowWantsKeyboard(_ wants: Bool, output: String)
}

/// An `xdg_toplevel` as GNOME's overlay: an ordinary window that Touchlight's Shell extension
/// recognises as its own, covers its monitor with, stacks above everything and keeps from the
/// focus. Its title names its output (`ShellWindowRole.title(for:)`), which is how the extension
/// knows which monitor it covers. Policy-free like `LayerShellRole`: the size comes from the
/// configure; the keyboard is asked of the extension.
@MainActor
final class ShellWindowRole: SurfaceRole {
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private unowned let events: SurfaceRoleEvents
    private weak var focus: KeyboardFocusBroker?
    private var wantsKeyboard = false
    private unowned let output: Output
    private var title = ""

    /// The title prefix the extension looks for; the output's name follows it.
    nonisolated static let titlePrefix = "touchlight-overlay:"
    nonisolated static func title(for outputName: String) -> String { titlePrefix + outputName }

    init(wmBase: OpaquePointer, surface: OpaquePointer, output: Output, focus: KeyboardFocusBroker?, events: SurfaceRoleEvents) {
        self.events = events
        self.focus = focus
        self.output = output
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        updateTitle()
        xdg_toplevel_set_app_id(toplevel, "touchlight")
        let me = listenerData(self)
        xdg_surface_add_listener(xdgSurface, Self.surfaceEvents.pointer, me)
        xdg_toplevel_add_listener(toplevel, Self.toplevelEvents.pointer, me)
    }

    private static let surfaceEvents: ListenerTable<xdg_surface_listener> = {
        var events = xdg_surface_listener()
        events.configure = { data, _, serial in withOwner(data, ShellWindowRole.self) { $0.configured(serial: serial) } }
        return ListenerTable(events)
    }()

    private static let toplevelEvents: ListenerTable<xdg_toplevel_listener> = {
        var events = xdg_toplevel_listener()
        events.configure = { _, _, _, _, _ in }
        events.close = { data, _ in withOwner(data, ShellWindowRole.self) { $0.events.roleClosed() } }
        return ListenerTable(events)
    }()

    /// The title names the output, whose name may come after the window is made (xdg-output's).
    /// `again`: sent even when it did not change, as mapping again needs (below).
    private func updateTitle(again: Bool = false) {
        let title = Self.title(for: output.name)
        guard title != self.title || again else { return }
        self.title = title
        xdg_toplevel_set_title(toplevel, title)
        if again { xdg_toplevel_set_app_id(toplevel, "touchlight") }
    }

    /// The toplevel's configure comes first, then the surface's, which makes it whole. The
    /// window is always its output's size, whatever size the configure suggests: mutter keeps a
    /// window's top below the top bar, so the extension moves it up over the bar itself, and a
    /// floating window may be as large as its client makes it.
    private func configured(serial: UInt32) {
        updateTitle()
        events.roleConfigured(serial: serial, width: 0, height: 0)
    }

    /// The shell gives the focus; it is asked for, never taken on demand.
    var offersKeyboardOnDemand: Bool { false }
    var description: String { "xdg_toplevel stacked by the GNOME Shell extension" }

    /// Before the first commit and before mapping again after an idle hide: mutter 48 and later
    /// make a new window for a toplevel mapped again, which knows its title only if it is sent
    /// again (without it the extension could not tell it is Touchlight's, and left it below
    /// the top bar: every marker 32 px low).
    func sendState(keyboard: KeyboardRequest) {
        updateTitle(again: true)
        setKeyboard(keyboard)
    }

    func setKeyboard(_ request: KeyboardRequest) {
        let wants = request != .none
        guard wants != wantsKeyboard else { return }
        wantsKeyboard = wants
        focus?.windowWantsKeyboard(wants, output: output.name)
    }

    func acknowledge(serial: UInt32) { xdg_surface_ack_configure(xdgSurface, serial) }

    /// mutter 51 takes a toplevel's first buffer committed after a commit that only
    /// acknowledged the configure for one sent without acknowledging it, and warns ("Buggy
    /// client … committed initial non-empty content without acknowledging configuration"): the
    /// acknowledgement waits for the first buffer's commit.
    var acknowledgesWithFirstBuffer: Bool { true }

    func destroy() {
        if wantsKeyboard { focus?.windowWantsKeyboard(false, output: output.name) }
        wantsKeyboard = false
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        (toplevel, xdgSurface) = (nil, nil)
    }
}
