import TouchCore
import CWaylandClient
import CWaylandProtocols
import Glibc
import FoundationEssentials
import Renderer
import TouchlightConfig
import TouchscreenInput

/// `touchlight doctor`: what the compositor offers and what touchlight would use, as plain
/// text a user can paste into a bug report.
@MainActor
public enum Doctor {
    /// The report, and whether a compositor was reached.
    public static func report(configurationPath: String?) -> (text: String, connected: Bool) {
        var lines = ["touchlight \(touchlightVersion) doctor", ""]
        let env = ProcessInfo.processInfo.environment
        var connected = false
        do {
            let connection = try Connection()
            var outputs: [Output] = []
            var seats: [SeatProbe] = []
            connection.onOutputAdded = { proxy, name, version in
                outputs.append(Output(proxy: proxy, globalName: name, version: version, xdgOutputManager: connection.xdgOutputManager))
            }
            connection.onSeatAdded = { proxy, _, _ in seats.append(SeatProbe(proxy: proxy)) }
            do { try connection.bindGlobals() } catch {
                // Missing globals are reported below; a compositor that does not answer, here.
                switch error {
                case .missingGlobals, .gnomeWithoutExtension: break
                default: throw error
                }
            }
            for what in ["the outputs' and seats' descriptions", "their names"] {
                try connection.roundtrip(waitingFor: what)
            }
            lines.append("Compositor: connected (" + (env["WAYLAND_SOCKET"].map { "WAYLAND_SOCKET=\($0)" } ?? "WAYLAND_DISPLAY=\(env["WAYLAND_DISPLAY"] ?? "wayland-0")") + ")")
            lines.append("Globals (interface, version offered; touchlight's version where it uses one):")
            for global in connection.advertised.sorted(by: { $0.interface < $1.interface }) {
                let used = Connection.supportedVersions[global.interface].map { ", used at \(min($0, global.version))" } ?? ""
                lines.append("  \(global.interface) \(global.version)\(used)")
            }
            // GNOME hosts the overlay in windows its Shell extension stacks.
            let isGnome = connection.isGnome
            let required = ["wl_compositor", "wl_shm", isGnome ? "xdg_wm_base" : "zwlr_layer_shell_v1"]
            let missing = required.filter { name in !connection.advertised.contains { $0.interface == name } }
            if let layerShell = connection.advertised.first(where: { $0.interface == "zwlr_layer_shell_v1" }) {
                lines.append("Layer shell: offered (version \(layerShell.version)): touchlight can draw above every window")
            } else if isGnome {
                lines.append("Layer shell: NOT offered (GNOME): \(ClientError.gnomeAdvice) Without the extension: \(ClientError.recordInstead)")
                lines += GnomeExtension.report(environment: env)
            } else {
                lines.append("Layer shell: NOT offered: \(ClientError.noLayerShell)")
            }
            if !missing.isEmpty { lines.append("Missing required globals: \(missing.joined(separator: ", "))") }
            if let name = connection.screenCapture?.name, let capture = connection.advertised.first(where: { $0.interface == name }) {
                lines.append("Zoom and screenshots: available (\(name) version \(capture.version)): the screen can be frozen and magnified, and taken with ctl screenshot")
            } else if KWinScreenShot.reachable(on: connection, environment: env) {
                lines.append("Zoom and screenshots: available through KWin's ScreenShot2 on the session bus, for the installed touchlight (its desktop entry grants it)")
            } else {
                lines.append("Zoom and screenshots: NOT available: \(noPictures); the toolbar has no zoom button")
            }
            lines.append("Outputs:")
            if outputs.isEmpty { lines.append("  none") }
            for output in outputs.sorted(by: { $0.globalName < $1.globalName }) {
                let logical = output.logicalSize.width > 0 ? ", logical \(output.logicalSize.width)×\(output.logicalSize.height)" : ""
                lines.append("  \(output.name.isEmpty ? "(unnamed)" : output.name): \(output.modeSize.width)×\(output.modeSize.height) px\(logical), scale \(output.scale), transform \(OutputTransform(rawValue: Int(output.transform))?.name ?? "unknown (\(output.transform))"), position (\(output.position.x), \(output.position.y))")
            }
            lines.append("Seats:")
            if seats.isEmpty { lines.append("  none") }
            for seat in seats { lines.append("  \(seat.name.isEmpty ? "(unnamed)" : seat.name): \(seat.capabilityNames)") }
            lines.append(glStatus(connection))
            for output in outputs { output.destroy() }
            for seat in seats { seat.destroy() }
            connection.destroyGlobals()
            wl_display_disconnect(connection.display)
            connected = true
        } catch {
            lines.append("Compositor: \(error)")
        }
        lines.append(touchscreenStatus())
        lines.append(calibrationStatus())
        let (status, configuration) = configurationStatus(configurationPath)
        lines.append("Configuration: " + status)
        lines.append(fontStatus(configuration ?? Configuration()))
        return (lines.joined(separator: "\n"), connected)
    }

    /// The font captions and the HUD use, as the configuration names it.
    private static func fontStatus(_ configuration: Configuration) -> String {
        switch FontLocator.find(configuration.font) {
        case .success(let font): return "Font for captions and the HUD: \(font.family) (\(font.path))"
        case .failure(let problem): return "Font for captions and the HUD: \(problem)"
        }
    }

    /// What the GLES renderer would run on, and whether `auto` picks it.
    private static func glStatus(_ connection: Connection) -> String {
        switch connection.sharedGL() {
        case .success(let gl):
            let auto = gl.context.isSoftware ? "software: renderer = \"auto\" draws on the canvas"
                : GLShared.mayHaveHardwareGL ? "renderer = \"auto\" uses it" : "no /dev/dri render node: renderer = \"auto\" draws on the canvas"
            return "OpenGL ES 2: \(gl.context.rendererName) (\(auto))"
        case .failure(let error):
            return "OpenGL ES 2: unavailable, \(error): renderer = \"gles\" and \"auto\" draw on the canvas"
        }
    }

    /// The calibrations `touchlight calibrate` learned (from the state file).
    private static func calibrationStatus() -> String {
        guard let path = StateFile.path(environment: ProcessInfo.processInfo.environment) else {
            return "Touchscreen calibrations: no state file (neither XDG_STATE_HOME nor HOME is set)"
        }
        let (state, problem) = ConfigurationProbe.stateFile(at: path)
        let learned = state.touchscreens.names
        let listed = learned.isEmpty ? "none (`touchlight calibrate` learns one)" : learned.joined(separator: ", ") + " (`touchlight calibrate --reset` forgets them)"
        return "Touchscreen calibrations: " + (problem.map { "\($0); " } ?? "") + listed
    }

    private static func touchscreenStatus() -> String {
        let devices = Touchscreens.list()
        guard !devices.isEmpty else {
            return "Touchscreens (libinput source): none: udev lists no input device tagged ID_INPUT_TOUCHSCREEN=1"
        }
        var lines = ["Touchscreens (libinput source):"]
        for device in devices {
            lines.append("  \(device.name) (\(device.node)): " + (device.readable ? "this user may read it" : "this user may NOT read it"))
            lines.append("    contact size: " + (device.axes.contactSize ? "reported, but libinput does not pass it on (palm_size works where the compositor sends wl_touch shapes)" : "not reported")
                         + "; palm tool: " + (device.axes.palmTool ? "reported (libinput drops palms the panel marks)" : "not reported"))
        }
        if geteuid() == 0 { lines.append("  (running as root: the libinput source refuses to run as root)") }
        if devices.contains(where: { !$0.readable }) { lines.append("  " + Touchscreens.accessAdvice) }
        return lines.joined(separator: "\n")
    }

    /// The configuration file's state, and the configuration when it is valid (read through
    /// the probe, as the overlay reads it).
    private static func configurationStatus(_ path: String?) -> (String, Configuration?) {
        guard let path else { return ("no path (neither HOME nor XDG_CONFIG_HOME is set): built-in defaults", nil) }
        guard access(path, F_OK) == 0 else { return ("\(path): not present, built-in defaults in use", nil) }
        do {
            let configuration = try ConfigurationProbe.read(path)
            return ("\(path): valid", configuration)
        } catch {
            return ("\(path): INVALID\n" + error.problems.map { "  \($0)" }.joined(separator: "\n"), nil)
        }
    }
}

/// A wl_seat's name and capabilities, for the report.
@MainActor
final class SeatProbe {
    let proxy: OpaquePointer
    var name = ""
    var capabilities: UInt32 = 0

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        wl_seat_add_listener(proxy, Self.seatEvents.pointer, listenerData(self))
    }

    private static let seatEvents: ListenerTable<wl_seat_listener> = {
        var events = wl_seat_listener()
        events.capabilities = { data, _, caps in withOwner(data, SeatProbe.self) { $0.capabilities = caps } }
        events.name = { data, _, name in
            guard let name else { return }
            let text = String(cString: name)
            withOwner(data, SeatProbe.self) { $0.name = text }
        }
        return ListenerTable(events)
    }()

    var capabilityNames: String {
        var names: [String] = []
        if capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0 { names.append("touch") }
        if capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0 { names.append("pointer") }
        if capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 { names.append("keyboard") }
        return names.isEmpty ? "no input devices" : names.joined(separator: ", ")
    }

    func destroy() { wl_seat_destroy(proxy) }
}
