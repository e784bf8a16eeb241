import Foundation
import HeadlessSession
import Testing

/// Headless gnome-shell 43 with Touchlight's extension installed and enabled before it starts,
/// as a user's would be: the shell starts touchlight itself. Touches and keys come from
/// Clutter's virtual devices through the shell's real input path, driven through
/// `org.gnome.Shell.Eval` (unsafe mode); screenshots from `org.gnome.Shell.Screenshot`.
final class GnomeLive {
    static let uuid = "touchlight@touchlight.dev"
    let desktop: Desktop
    let log: String
    private var scriptCount = 0

    /// Why these tests cannot run here, or nil.
    static var missingPrerequisite: String? {
        Desktop.missingPrerequisite(for: .gnomeShell) ?? (Desktop.which("ffmpeg") == nil ? "ffmpeg is not installed (scripts/install-deps test)" : nil)
    }

    /// The shell with the extension (built by scripts/build-gnome-extension, to start
    /// touchlight with `arguments`, installed in the session user's home), up, out of the
    /// overview, and touchlight reading its channel; nil after recording why not.
    /// `root`: the shell of that root filesystem (today's GNOME), where the touchlight started
    /// is the one the `.deb` installed (`CurrentDesktop`), and the extension the 45-and-later
    /// variant; `asShipped`: there, the extension as the package installed it, not one built
    /// for the test (which a user's of the same UUID takes the place of).
    static func started(arguments: [String] = ["--verbose"], config: String? = nil, secondMonitor: (width: Int, height: Int)? = nil,
                        root: RootFilesystem? = nil, asShipped: Bool = false) throws -> GnomeLive? {
        if root == nil, let missing = missingPrerequisite {
            Issue.record("NOT RUN on GNOME: \(missing)")
            return nil
        }
        let built = NSTemporaryDirectory() + "touchlight-extension-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: built) }
        if !asShipped {
            let (variant, binary) = root == nil ? ("43", Desktop.touchlight.path) : ("45", "/usr/bin/touchlight")
            try Desktop.run(Desktop.packageRoot.appendingPathComponent("scripts/build-gnome-extension").path,
                            ["--variant", variant, "--binary", binary] + arguments.flatMap { ["--argument", $0] } + [built])
        }
        // A shell that hangs at start gets one more start (gnome-shell 43 once deadlocked in a
        // child it had forked, and never answered its clients).
        for attempt in 1...2 {
            let log = NSTemporaryDirectory() + "touchlight-gnome-live-\(getpid())-\(UUID().uuidString).log"
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            switch try start(built: asShipped ? nil : built, log: log, config: config, secondMonitor: secondMonitor, root: root) {
            case .success(let live): return live
            case .failure(let why) where attempt == 1: print("gnome-shell did not come up (\(why)); starting it once more")
            case .failure(let why): Issue.record("\(why)")
            }
            try? FileManager.default.removeItem(atPath: log)
        }
        return nil
    }

    private struct StartFailure: Error, CustomStringConvertible { let description: String }

    /// One start: the shell up, out of the overview, and touchlight reading its channel.
    private static func start(built: String?, log: String, config: String?, secondMonitor: (width: Int, height: Int)?,
                              root: RootFilesystem?) throws -> Result<GnomeLive, StartFailure> {
        let desktop: Desktop
        do {
            let shell = Compositor.gnomeShell(extension: built.map { (uuid, $0) }, secondMonitor: secondMonitor, enabling: built == nil ? uuid : nil)
            desktop = try Desktop(shell, log: log, root: root)
        } catch {
            return .failure(.init(description: "gnome-shell did not start: \(error)\n\((try? String(contentsOfFile: log, encoding: .utf8))?.suffix(3000) ?? "")"))
        }
        let live = GnomeLive(desktop: desktop, log: log)
        if let config {
            let folder = desktop.runtimeDirectory.appendingPathComponent(".config/touchlight").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try config.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
            try Desktop.run("/bin/chown", ["-R", Desktop.testUser, desktop.runtimeDirectory.appendingPathComponent(".config").path])
        }
        guard eventually(timeout: 20, { (try? live.eval("Main.layoutManager._startingUp")) == "false" }) else {
            desktop.stop()
            return .failure(.init(description: "gnome-shell never finished starting:\n\(live.logText.suffix(3000))"))
        }
        // Out of the overview, and no banners (headless, GNOME says the screen cannot lock).
        _ = try live.eval("Main.overview.hide(); Main.messageTray.bannerBlocked = true; try { Main.messageTray._hideNotification(true); } catch (e) {} 'ok'")
        // The seat has touch and keys once the virtual devices exist: before any app starts.
        _ = try live.eval(Self.devices + "'ok'")
        guard live.waitForLog("reading touches from the GNOME Shell extension's channel") else {
            let state = (try? live.eval("Main.extensionManager.lookup('\(uuid)')?.state")) ?? "?"
            desktop.stop()
            return .failure(.init(description: "the extension did not start touchlight: state \(state)\n\(live.logText.suffix(4000))"))
        }
        return .success(live)
    }

    private init(desktop: Desktop, log: String) {
        (self.desktop, self.log) = (desktop, log)
    }

    func stop() {
        desktop.stop()
        try? FileManager.default.removeItem(atPath: log)
    }

    /// What the shell and touchlight (its child) printed.
    var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// Waits until the log holds `text` (`times` times), at most `timeout` seconds.
    func waitForLog(_ text: String, times: Int = 1, timeout: Double = 10) -> Bool {
        eventually(timeout: timeout) { logText.components(separatedBy: text).count - 1 >= times }
    }

    private var bus: String { "unix:path=" + desktop.runtimeDirectory.appendingPathComponent("session-bus").path }

    /// Runs `arguments` as the session's user, with its runtime directory and bus.
    @discardableResult
    func runAsUser(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Desktop.execute("/usr/bin/env", try desktop.session.asSessionUser(
            ["env", "DBUS_SESSION_BUS_ADDRESS=\(bus)", "XDG_RUNTIME_DIR=\(desktop.runtimeDirectory.path)", "HOME=\(desktop.runtimeDirectory.path)",
             "WAYLAND_DISPLAY=gnome-0"] + arguments))
    }

    /// Evaluates `script` in the shell (written to a file first: gdbus takes one line); its
    /// result as the shell prints it (strings unquoted).
    func eval(_ script: String) throws -> String {
        scriptCount += 1
        let path = desktop.runtimeDirectory.appendingPathComponent("eval-\(scriptCount).js").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        let call = "eval(new TextDecoder().decode(imports.gi.GLib.file_get_contents('\(path)')[1]))"
        let (status, output) = try runAsUser(["gdbus", "call", "--session", "--timeout", "10", "--dest", "org.gnome.Shell", "--object-path", "/org/gnome/Shell",
                                              "--method", "org.gnome.Shell.Eval", call])
        let reply = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, reply.hasPrefix("(true, '"), reply.hasSuffix("')") else { throw Desktop.DesktopError.commandFailed("Eval: \(reply)") }
        var value = String(reply.dropFirst("(true, '".count).dropLast(2))
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
        return value
    }

    /// `touchlight ctl WORDS`, as the user whose touchlight the shell started.
    @discardableResult
    func ctl(_ words: String...) throws -> (status: Int32, output: String) {
        try runAsUser([Desktop.touchlight.path, "ctl"] + words)
    }

    /// The screen, as GNOME's own screenshot API takes it.
    func screenshot(_ name: String) throws -> Image {
        let png = desktop.runtimeDirectory.appendingPathComponent("\(name).png").path
        let (status, output) = try runAsUser(["gdbus", "call", "--session", "--dest", "org.gnome.Shell.Screenshot", "--object-path",
                                              "/org/gnome/Shell/Screenshot", "--method", "org.gnome.Shell.Screenshot.Screenshot", "false", "false", png])
        guard status == 0, output.hasPrefix("(true,") else { throw Desktop.DesktopError.commandFailed("Screenshot: \(output)") }
        return try Image(png: png, name: "gnome-\(name)")
    }

    /// `touchlight ctl screenshot` into the session's runtime folder: the picture as ffmpeg
    /// reads it, and the file's permissions (nil: ctl failed, and what it said).
    func ctlScreenshot(_ name: String) throws -> (image: Image?, mode: Int?, output: String) {
        try Image.ctlScreenshot(name, in: desktop.runtimeDirectory.path) { try ctl("screenshot", $0) }
    }

    /// Screenshots until `done` says so, at most `timeout` seconds: the last one.
    func screenshot(_ name: String, timeout: Double = 10, until done: (Image) -> Bool) throws -> Image {
        let deadline = Date().addingTimeInterval(timeout)
        var shot = try screenshot(name)
        while !done(shot), Date() < deadline {
            usleep(100_000)  // a poll interval
            shot = try screenshot(name)
        }
        return shot
    }

    // MARK: Input through Clutter's virtual devices

    /// The virtual touchscreen and keyboard, made once. The seat's backend is the stage
    /// context's from GNOME 50 on (`Clutter.get_default_backend` is gone), the default one before.
    static let devices = """
        const {Clutter, GLib} = imports.gi;
        const backend = global.stage.context?.get_backend?.() ?? Clutter.get_default_backend();
        const seat = backend.get_default_seat();
        global._touchlightTestTouch ??= seat.create_virtual_device(Clutter.InputDeviceType.TOUCHSCREEN_DEVICE);
        global._touchlightTestKeys ??= seat.create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
        """

    /// One finger: `down`, `motion` or `up` at stage position (x, y).
    func touch(_ phase: String, slot: Int = 0, x: Double = 0, y: Double = 0) throws {
        let call = phase == "up" ? "notify_touch_up(t, \(slot))" : "notify_touch_\(phase)(t, \(slot), \(x), \(y))"
        _ = try eval("""
            \(Self.devices)
            const t = GLib.get_monotonic_time();
            global._touchlightTestTouch.\(call);
            'ok';
            """)
    }

    /// A drag of one finger from `start` to `end` in `steps` motions.
    func drag(from start: (Double, Double), to end: (Double, Double), steps: Int = 10) throws {
        try touch("down", x: start.0, y: start.1)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            try touch("motion", x: start.0 + (end.0 - start.0) * f, y: start.1 + (end.1 - start.1) * f)
        }
        try touch("up")
    }

    /// Types `text` (letters, digits, spaces) and then Return through a virtual keyboard.
    func type(_ text: String) throws {
        let keys = text.unicodeScalars.map { "Clutter.unicode_to_keysym(\($0.value))" } + ["Clutter.KEY_Return"]
        _ = try eval("""
            \(Self.devices)
            for (const key of [\(keys.joined(separator: ", "))]) {
                global._touchlightTestKeys.notify_keyval(GLib.get_monotonic_time(), key, Clutter.KeyState.PRESSED);
                global._touchlightTestKeys.notify_keyval(GLib.get_monotonic_time(), key, Clutter.KeyState.RELEASED);
            }
            'ok';
            """)
    }

    /// Lays the monitors out through mutter's DisplayConfig (as GNOME's Settings do, for this
    /// session only): each `(connector, mode, x, y)`, the first primary; a monitor left out is
    /// turned off.
    func layMonitors(_ monitors: [(connector: String, mode: String, x: Int, y: Int)]) throws {
        func call(_ method: String, _ arguments: [String]) throws -> String {
            let (status, output) = try runAsUser(["gdbus", "call", "--session", "--dest", "org.gnome.Mutter.DisplayConfig", "--object-path",
                                                  "/org/gnome/Mutter/DisplayConfig", "--method", "org.gnome.Mutter.DisplayConfig.\(method)"] + arguments)
            guard status == 0 else { throw Desktop.DesktopError.commandFailed("DisplayConfig.\(method): \(output)") }
            return output
        }
        let state = try call("GetCurrentState", [])
        // "(uint32 SERIAL, [...": the serial the new layout answers.
        guard let serial = state.split(separator: ",").first.flatMap({ UInt32($0.split(separator: " ").last ?? "") }) else {
            throw Desktop.DesktopError.commandFailed("DisplayConfig's state: \(state.prefix(200))")
        }
        let logical = monitors.enumerated().map { index, m in "(\(m.x), \(m.y), 1.0, 0, \(index == 0), [('\(m.connector)', '\(m.mode)', {})])" }
        _ = try call("ApplyMonitorsConfig", ["\(serial)", "1", "[\(logical.joined(separator: ", "))]", "{}"])
    }

    /// Opens foot titled `title` running `command` (`options` go to foot): whether it then has
    /// the focus, as an app the user opens does, and is on screen whole: the shell's opening
    /// animation (which fades and scales a new window in) is over, so a screenshot shows it.
    func openTerminal(_ title: String, options: [String] = [], running command: String = "sleep 600") throws -> Bool {
        try desktop.session.start(["foot", "--title", title] + options + ["sh", "-c", command])
        let shown = "global.get_window_actors().some(a => a.meta_window.get_title() === '\(title)' && a.visible && a.opacity === 255"
            + " && a.scale_x === 1 && a.scale_y === 1 && !(Main.wm._mapping?.has(a) ?? false))"
        return eventually { (try? focusedTitle()) == title } && eventually { (try? eval(shown)) == "true" }
    }

    /// The focused window's title, or "none".
    func focusedTitle() throws -> String {
        try eval("global.display.focus_window?.get_title() ?? 'none'")
    }
}
