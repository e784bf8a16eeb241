import Glibc

/// Whether a failure to start was a requested stop (SIGINT or SIGTERM while starting): such a
/// stop ends with status 0 wherever it lands, like any other.
public func isRequestedStop(_ error: Error) -> Bool {
    if case ClientError.interrupted = error { return true }
    return false
}

/// The exit status for a failure to start: `cannotHostStatus` (78) where the desktop can never
/// host the overlay, 1 otherwise.
public func exitStatus(startingAfter error: Error) -> Int32 {
    (error as? ClientError)?.exitStatus ?? 1
}

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
    /// GNOME, started by hand: the overlay shows there only when its Shell extension starts it.
    case gnomeWithoutExtension
    /// The GNOME Shell extension's channel is not what it should be.
    case shellChannel(String)
    /// `--open FILE` names no session that can be read.
    case session(String)

    /// What a compositor without wlr-layer-shell (GNOME's Mutter, weston) gets told, by the
    /// overlay and by `doctor` alike: why nothing can show, and what works there instead.
    static let noLayerShell = """
        this compositor has no wlr-layer-shell, so no overlay can show above its windows (weston and cage have none; \
        on GNOME, Touchlight's GNOME Shell extension shows it). \
        What works here: \(recordInstead) On KDE Plasma, its own Touch Points effect \
        (System Settings, Desktop Effects) shows touches too. The overlay itself runs on compositors with wlr-layer-shell: \
        verified on sway, KDE Plasma, Mir-based shells and phoc (Phosh); others that offer it (Hyprland, wayfire, river, labwc) \
        are not verified.
        """

    /// What works without an overlay: recording the touchscreens, then rendering them over a
    /// screen recording.
    static let recordInstead = """
        record the touchscreens with `touchlight record touches.trace --no-overlay` while you record the screen, \
        then lay them over the recording with `touchlight render touches.trace --over screen.mp4 --out with-touches.mp4` \
        (or make a track with alpha for a video editor: `--out touches.webm`).
        """

    /// What touchlight started by hand on GNOME says, and `doctor` too.
    static let gnomeAdvice = """
        on GNOME the overlay is shown by Touchlight's GNOME Shell extension (\(GnomeExtension.uuid)), which starts touchlight \
        itself: touchlight started by hand gets no overlay and no touches there. Install it with scripts/install, then log out and \
        in, or enable it: `gnome-extensions enable \(GnomeExtension.uuid)`. `touchlight doctor` says whether it is installed and enabled.
        """

    /// The exit status for a desktop that cannot host the overlay at all (no wlr-layer-shell):
    /// retrying cannot help, so the systemd unit does not restart on it
    /// (`RestartPreventExitStatus=`). 78 is sysexits' EX_CONFIG.
    static let cannotHostStatus: Int32 = 78

    /// The process's exit status for this failure: `cannotHostStatus`, or 1.
    var exitStatus: Int32 {
        switch self {
        case .missingGlobals(let names) where names.contains("zwlr_layer_shell_v1"): return Self.cannotHostStatus
        case .gnomeWithoutExtension: return Self.cannotHostStatus
        default: return 1
        }
    }

    var description: String {
        switch self {
        case .cannotConnect(let detail):
            return "cannot connect to a Wayland compositor (\(detail)). Run touchlight inside a Wayland session, or try `touchlight demo`."
        case .missingGlobals(let names) where names == ["zwlr_layer_shell_v1"]:
            return Self.noLayerShell
        case .missingGlobals(let names):
            var text = "the compositor does not offer \(names.joined(separator: ", ")), which touchlight needs."
            if names.contains("zwlr_layer_shell_v1") { text += " " + Self.noLayerShell }
            return text
        case .connectionLost(let reason):
            return "lost the connection to the compositor: \(reason)"
        case .system(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        case .trace(let message), .touchscreens(let message), .control(let message), .session(let message):
            return message
        case .gnomeWithoutExtension:
            return Self.gnomeAdvice
        case .shellChannel(let why):
            return "the GNOME Shell extension's channel is refused: \(why)"
        case .interrupted:
            return "interrupted by a signal while starting"

        }
    }
}
