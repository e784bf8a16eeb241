import Glibc

/// Why the client cannot go on, with the one-line message the user sees.
enum ClientError: Error, CustomStringConvertible {
    case cannotConnect(String)
    case missingGlobals([String])
    case connectionLost(String)
    case system(String, Int32)
    /// A trace file that cannot be read or played.
    case trace(String)
    /// The libinput source cannot read the touchscreens (as root, none found, no access).
    case touchscreens(String)
    /// The control socket cannot be taken (another instance runs on this display).
    case control(String)
    /// SIGINT or SIGTERM arrived before the overlay was running.
    case interrupted

    var description: String {
        switch self {
        case .cannotConnect(let detail):
            return "cannot connect to a Wayland compositor (\(detail)). Run touchlight inside a Wayland session, or try `touchlight demo`."
        case .missingGlobals(let names):
            var text = "the compositor does not offer \(names.joined(separator: ", ")), which touchlight needs."
            if names.contains("zwlr_layer_shell_v1") {
                text += " Layer shell (wlr-layer-shell) is what lets it draw above every window; compositors that offer it include sway, Hyprland, wayfire, river, labwc, KDE Plasma (KWin) and Mir-based shells. GNOME (Mutter) does not."
            }
            return text
        case .connectionLost(let reason):
            return "lost the connection to the compositor: \(reason)"
        case .system(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        case .trace(let message), .touchscreens(let message), .control(let message):
            return message
        case .interrupted:
            return "interrupted by a signal while starting"

        }
    }
}
