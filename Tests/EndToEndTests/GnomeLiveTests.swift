import Foundation
import HeadlessSession
import Testing
import TouchCore
@testable import Annotation

/// GNOME live: Touchlight's Shell extension, installed and enabled as a user's would be, on
/// headless gnome-shell 43, 48 and 51 (a touchlight started by hand: on 43). The shell starts touchlight, stacks its window over everything,
/// hands it every touch and gives the focus back; touches come from Clutter's virtual
/// touchscreen, the real input path, and screenshots from GNOME's own screenshot API.
extension EndToEnd {
    @Suite(.serialized) @MainActor
    struct GnomeLiveTests {
        /// GNOME 43 (Debian 12, this build), and GNOME 48 and 51 from the `.deb` in Debian 13's
        /// and sid's root filesystems.
        nonisolated static let versions = DesktopPhase.chosen(TestedGnome.all) { $0.debian }

        /// The top bar's clock, which may turn a minute between two screenshots.
        static let clock = (300, 0, 500, 32)

        /// Where the marker's ring passes around a finger at (x, y) (its radius is 30 px).
        static func ring(_ x: Int, _ y: Int) -> [(Int, Int)] { [(x + 30, y), (x - 30, y), (x, y - 30), (x, y + 30)] }

        static func changed(_ a: Image, _ b: Image, at points: [(Int, Int)]) -> Bool {
            points.allSatisfy { a[$0.0, $0.1] != b[$0.0, $0.1] }
        }

        @Test(arguments: versions)
        func markersShowOverEverythingAndTheFocusStaysWithTheApp(on version: TestedGnome) throws {
            guard let gnome = try GnomeLive.started(root: try version.root()) else { return }
            defer { gnome.stop() }
            // An app opened after touchlight has the focus.
            #expect(try gnome.openTerminal("terminal"), "foot has the focus: \((try? gnome.focusedTitle()) ?? "?")")
            let before = try gnome.screenshot("before-touch")
            // A finger held on the terminal: its marker shows, nothing else changes, and the
            // terminal keeps the focus (the overlay's window maps again for it, and mutter
            // focuses a window it maps: the extension gives the focus back at once).
            try gnome.touch("down", slot: 0, x: 200, y: 250)
            let held = try gnome.screenshot("held", until: { Self.changed($0, before, at: Self.ring(200, 250)) })
            #expect(Self.changed(held, before, at: Self.ring(200, 250)), "the marker's ring around (200, 250)")
            // The marker, and (when the screenshot comes late, past the long press's 0.5 s) the
            // long press's burst and its caption above it.
            // (GNOME 51 took long enough for the burst, which reaches 68 px from the finger.)
            let marker = (130, 165, 270, 320)
            #expect(held.differences(from: before, excluding: [Self.clock, marker]).count < 200,
                    "nothing else changed: \(held.differences(from: before, excluding: [Self.clock, marker]).prefix(5))")
            #expect(eventually(timeout: 3) { (try? gnome.focusedTitle()) == "terminal" }, "the terminal keeps the focus while touched")
            #expect(try gnome.eval("global.get_window_actors().filter(a => a.get_parent() === global.top_window_group).map(a => a.meta_window.get_title()).join(',')")
                == "touchlight-overlay:Meta-0", "touchlight's window alone is above the top bar")
            let ours = "global.get_window_actors().map(a => a.meta_window).find(w => w.get_title() === 'touchlight-overlay:Meta-0')"
            #expect(try gnome.eval("\(ours).skip_taskbar && \(ours).is_on_all_workspaces()") == "true", "out of the window list, on every workspace")
            // The windows Alt-Tab offers, as the shell's switcher lists them.
            // (GNOME 45 and later have no imports.ui: the same list as altTab.getWindows makes it,
            // Meta.TabList.NORMAL_ALL less the windows that skip the taskbar.)
            let windows = version.version == "43" ? "imports.ui.altTab.getWindows(null)" : "global.display.get_tab_list(3, null).filter(w => !w.skip_taskbar)"
            let altTab = try gnome.eval("\(windows).map(w => w.get_title()).join(',')")
            #expect(altTab == "terminal", "Alt-Tab lists the terminal alone: \(altTab)")
            // A second finger on the top bar: its marker shows above the bar.
            try gnome.touch("down", slot: 1, x: 250, y: 14)
            let bar = try gnome.screenshot("held-on-bar", until: { Self.changed($0, held, at: [(220, 14), (280, 14)]) })
            #expect(Self.changed(bar, held, at: [(220, 14), (280, 14)]), "the marker above the top bar")
            // Lifted, the markers fade.
            try gnome.touch("up", slot: 0)
            try gnome.touch("up", slot: 1)
            let faded = try gnome.screenshot("faded", until: { $0.differences(from: before, excluding: [Self.clock]).count < 50 })
            #expect(faded.differences(from: before, excluding: [Self.clock]).count < 50, "the markers faded: \(faded.differences(from: before, excluding: [Self.clock]).count) pixels differ")
            // A workspace switch and back: the focus is where it was.
            _ = try gnome.eval("global.workspace_manager.get_workspace_by_index(1).activate(global.get_current_time()); 'ok'")
            _ = try gnome.eval("global.workspace_manager.get_workspace_by_index(0).activate(global.get_current_time()); 'ok'")
            #expect(eventually(timeout: 3) { (try? gnome.focusedTitle()) == "terminal" } , "the focus came back to the terminal: \((try? gnome.focusedTitle()) ?? "?")")
            #expect(gnome.logText.contains("the shell's monitors: Meta-0 at 0,0 800×600"), "\(gnome.logText.suffix(2000))")
        }
    }
}

extension EndToEnd.GnomeLiveTests {
    /// How many touches an app's WAYLAND_DEBUG log shows going down.
    static func downs(in log: String) -> Int {
        // libwayland 1.21 writes wl_touch@12, 1.23 and later wl_touch#12.
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").replacingOccurrences(of: "wl_touch#", with: "wl_touch@")
            .components(separatedBy: "wl_touch@").filter { $0.contains(".down(") }.count
    }

    @Test(arguments: versions)
    func drawModeInksAndPassModeGivesTheTouchesBack(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(arguments: ["annotate", "--verbose"], root: try version.root()) else { return }
        defer { gnome.stop() }
        // weston-simple-touch under the overlay, its protocol log in a file.
        let appLog = gnome.desktop.runtimeDirectory.appendingPathComponent("simple-touch.log").path
        _ = FileManager.default.createFile(atPath: appLog, contents: nil)
        let logFD = open(appLog, O_WRONLY | O_APPEND)
        defer { close(logFD) }
        try gnome.desktop.session.start(["weston-simple-touch"], errorDescriptor: logFD, extraEnvironment: ["WAYLAND_DEBUG": "1"])
        let frame = try #require(eventually { (try? gnome.eval("global.display.focus_window?.get_wm_class() ?? ''")) != "" } ? try gnome.eval("""
            const r = global.display.focus_window.get_frame_rect(); `${r.x} ${r.y} ${r.width} ${r.height}`
            """).split(separator: " ").compactMap { Double($0) } : nil)
        let (midX, midY) = (frame[0] + frame[2] / 2, frame[1] + frame[3] / 2)
        // Pass mode (annotate's start): a drag reaches the app.
        try gnome.drag(from: (midX - 100, midY - 60), to: (midX + 100, midY - 60))
        #expect(eventually { Self.downs(in: appLog) == 1 }, "the app saw the drag go down: \(Self.downs(in: appLog))")
        // Draw mode: a drag leaves ink and reaches no app.
        #expect(try gnome.ctl("mode", "draw").status == 0)
        try gnome.drag(from: (midX - 100, midY + 40), to: (midX + 100, midY + 40))
        func inkAcross(_ shot: Image) -> Int {
            stride(from: Int(midX) - 90, to: Int(midX) + 90, by: 10).filter { x in (Int(midY) + 37...Int(midY) + 43).contains { shot[x, $0].isInk } }.count
        }
        let inked = try gnome.screenshot("ink", until: { inkAcross($0) == 18 })
        #expect(inkAcross(inked) == 18, "the stroke shows across: \(inkAcross(inked)) of 18")
        #expect(Self.downs(in: appLog) == 1, "the app saw nothing of the stroke")
        // Pass mode again: touches reach the app, and the ink stays.
        #expect(try gnome.ctl("mode", "pass").status == 0)
        try gnome.drag(from: (midX - 100, midY - 20), to: (midX + 100, midY - 20))
        #expect(eventually { Self.downs(in: appLog) == 2 }, "the app saw the drag go down again: \(Self.downs(in: appLog))")
        let after = try gnome.screenshot("ink-kept")
        #expect(inkAcross(after) == 18, "the ink stays in pass mode: \(inkAcross(after)) of 18")
        // A toolbar tap, through the overlay's own wl_touch (its copy over the channel is
        // left to it): the mode button switches to draw once, not back again.
        let button = EndToEnd.ToolbarTests.center(of: .mode(.toggle), at: ToolbarPlace())
        try gnome.touch("down", x: button.x, y: button.y)
        try gnome.touch("up")
        #expect(eventually { (try? gnome.ctl("status").output.contains(#""mode":"draw""#)) == true }, "the tap switched to draw")
        #expect(Self.downs(in: appLog) == 2, "the tap reached no app")
        let status = try gnome.ctl("status").output
        #expect(status.contains(#""mode":"draw""#) && status.contains(#""strokes":1"#), "in draw mode, one stroke: \(status)")

    }
}

extension EndToEnd.GnomeLiveTests {
    /// The text tool: the box asks the shell for the keyboard, gets it, and gives it back at
    /// Enter; what was typed is ink, and the terminal below (which logs every key) got none.
    @Test(arguments: versions)
    func aTextBoxGetsTheKeyboardAndGivesItBack(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(arguments: ["annotate", "--verbose"], root: try version.root()) else { return }
        defer { gnome.stop() }
        let keys = gnome.desktop.runtimeDirectory.appendingPathComponent("keys.txt").path
        #expect(try gnome.openTerminal("terminal", running: "cat > \(keys)"), "foot has the focus")
        #expect(try gnome.ctl("tool", "text").status == 0 && gnome.ctl("mode", "draw").status == 0)
        try gnome.touch("down", x: 300, y: 300)
        try gnome.touch("up")
        #expect(eventually { (try? gnome.focusedTitle()) == "touchlight-overlay:Meta-0" }, "the open box has the keyboard: \((try? gnome.focusedTitle()) ?? "?")")
        try gnome.type("Hi")
        #expect(eventually { (try? gnome.focusedTitle()) == "terminal" }, "Enter gave the keyboard back: \((try? gnome.focusedTitle()) ?? "?")")
        let shot = try gnome.screenshot("text", until: { shot in (290...360).contains { x in (285...320).contains { shot[x, $0].isRedText } } })
        #expect((290...360).contains { x in (285...320).contains { shot[x, $0].isRedText } }, "the text shows as ink")
        #expect(try gnome.ctl("status").output.contains(#""strokes":1"#), "the text is one piece of ink")
        // Keys typed now reach the terminal again.
        try gnome.type("ok")
        #expect(eventually { ((try? String(contentsOfFile: keys, encoding: .utf8)) ?? "") == "ok\n" },
                "the terminal got only what was typed after the box closed: \(((try? String(contentsOfFile: keys, encoding: .utf8)) ?? "").debugDescription)")
    }
}

extension EndToEnd.GnomeLiveTests {
    /// The extension's own state, through the shell (GNOME 43 keeps what `init` returned).
    static let extensionState = "Main.extensionManager.lookup('\(GnomeLive.uuid)').stateObj"

    /// touchlight's process id, as `ctl status` tells it.
    static func pid(_ gnome: GnomeLive) throws -> Int32? {
        let status = try gnome.ctl("status").output
        guard let range = status.range(of: #""pid":"#) else { return nil }
        return Int32(status[range.upperBound...].prefix { $0.isNumber })
    }

    /// Idle, touchlight unmaps its window and fullscreen apps get direct scanout back; the
    /// Quick Settings toggle switches modes and turns it off and on; disabling the extension
    /// ends touchlight and leaves nothing on screen.
    @Test(arguments: versions)
    func idleUnmapsTheToggleSwitchesAndDisablingEndsIt(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(config: "[performance]\nidle_release_ms = 300\n", root: try version.root()) else { return }
        defer { gnome.stop() }
        let unredirectOff = "\(Self.extensionState)._windows._unredirectOff"
        #expect(try gnome.openTerminal("terminal"), "foot has the focus")
        let idle = try gnome.screenshot("idle")
        try gnome.touch("down", x: 400, y: 300)
        #expect(eventually { (try? gnome.eval(unredirectOff)) == "true" }, "mapped again for the touch: unredirection off while it shows")
        _ = try gnome.screenshot("touch-held", until: { Self.changed($0, idle, at: Self.ring(400, 300)) })
        try gnome.touch("up")
        #expect(eventually { (try? gnome.eval(unredirectOff)) == "false" }, "idle again: unredirection allowed")
        // The toggle: draw, then pass; off, then on.
        let toggle = "\(Self.extensionState)._indicator.toggle"
        _ = try gnome.eval("\(toggle)._draw.toggle(); 'ok'")
        #expect(eventually { (try? gnome.ctl("status").output.contains(#""mode":"draw""#)) == true }, "the toggle's Draw switch")
        _ = try gnome.eval("\(toggle)._draw.toggle(); 'ok'")
        #expect(eventually { (try? gnome.ctl("status").output.contains(#""mode":"pass""#)) == true }, "and back to pass")
        let first = try Self.pid(gnome)
        _ = try gnome.eval("\(toggle).emit('clicked', 1); 'ok'")
        #expect(eventually { (try? gnome.eval("\(toggle).checked")) == "false" && (try? gnome.ctl("status").status) != 0 }, "off: touchlight ended")
        _ = try gnome.eval("\(toggle).emit('clicked', 1); 'ok'")
        #expect(eventually { (try? Self.pid(gnome)).flatMap { $0 } != nil }, "on again: a new touchlight answers")
        #expect(try Self.pid(gnome) != first, "a new process")
        #expect(eventually(timeout: 3) { (try? gnome.focusedTitle()) == "terminal" }, "the restarted overlay left the focus with the terminal")
        // Disabled: touchlight ends, its window and the toggle go.
        try gnome.touch("down", x: 400, y: 300)
        _ = try gnome.screenshot("before-disable", until: { Self.changed($0, idle, at: Self.ring(400, 300)) })
        #expect(try gnome.runAsUser(["gnome-extensions", "disable", GnomeLive.uuid]).status == 0)
        #expect(eventually { (try? gnome.ctl("status").status) != 0 }, "touchlight ended")
        let disabled = try gnome.screenshot("disabled", until: { $0.differences(from: idle, excluding: [Self.clock]).count < 50 })
        #expect(disabled.differences(from: idle, excluding: [Self.clock]).count < 50, "nothing of touchlight on screen: \(disabled.differences(from: idle, excluding: [Self.clock]).count) pixels differ")
        #expect(try gnome.eval("global.get_window_actors().filter(a => a.meta_window.get_title()?.startsWith('touchlight')).length") == "0")
        #expect(try gnome.eval("Main.panel.statusArea.quickSettings._indicators.get_children().filter(c => c.constructor.name.includes('Touchlight')).length") == "0",
                "the toggle is gone")
        try gnome.touch("up")
    }

    /// Only the process the extension started gets the treatment and the touches: a window
    /// that calls itself touchlight's gets nothing, and a touchlight started by hand on GNOME
    /// says where the overlay comes from, or refuses a channel that is not the shell's.
    @Test(DesktopPhase.onDebian12) func anImpostorGetsNothing() throws {
        guard let gnome = try GnomeLive.started() else { return }
        defer { gnome.stop() }
        #expect(try gnome.openTerminal("touchlight-overlay:Meta-0", options: ["--app-id", "touchlight"]), "the impostor opens focused, like any app")
        let impostor = "global.display.focus_window"
        #expect(try gnome.eval("\(impostor).get_compositor_private().get_parent() === global.top_window_group") == "false", "not above everything")
        #expect(try gnome.eval("\(impostor).is_on_all_workspaces()") == "false", "not on every workspace")
        #expect(try gnome.eval("\(impostor).skip_taskbar") == "false", "in the window list")
        // touchlight started by hand: the GNOME message, or the refused channel.
        var (status, output) = try gnome.runAsUser([Desktop.touchlight.path])
        #expect(status == 78 && output.contains("GNOME Shell extension (\(GnomeLive.uuid))"), "\(status): \(output)")
        (status, output) = try gnome.runAsUser(["sh", "-c", "exec 4</dev/null; TOUCHLIGHT_SHELL_CHANNEL=4 exec \(Desktop.touchlight.path)"])
        #expect(status == 1 && output.contains("channel is refused: TOUCHLIGHT_SHELL_CHANNEL=4: not an open socket"), "\(status): \(output)")
        let doctor = try gnome.runAsUser([Desktop.touchlight.path, "doctor"]).output
        #expect(doctor.contains("GNOME Shell extension: installed in \(gnome.desktop.runtimeDirectory.path)/.local/share/gnome-shell/extensions/\(GnomeLive.uuid)")
                && doctor.contains("GNOME Shell extension: enabled"), "\(doctor)")
    }
}

extension EndToEnd.GnomeLiveTests {
    /// A fullscreen app (foot --fullscreen): the marker shows above it, and it keeps the focus.
    @Test(arguments: versions)
    func markersShowAboveAFullscreenApp(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(root: try version.root()) else { return }
        defer { gnome.stop() }
        try gnome.desktop.session.start(["foot", "--fullscreen", "--title", "fullscreen", "sh", "-c", "sleep 600"])
        #expect(eventually { (try? gnome.eval("global.display.focus_window?.is_fullscreen() ?? false")) == "true" }, "foot is fullscreen and focused")
        let before = try gnome.screenshot("fullscreen")
        try gnome.touch("down", x: 400, y: 20)
        let ring = [(370, 20), (430, 20), (400, 50)]
        let held = try gnome.screenshot("fullscreen-held", until: { Self.changed($0, before, at: ring) })
        #expect(Self.changed(held, before, at: ring), "the marker above the fullscreen app, where the top bar would be")
        #expect(try gnome.focusedTitle() == "fullscreen")
        try gnome.touch("up")
    }

    /// Closes the desktop's menu a long press on the background opened (GNOME 48 and later),
    /// which would hold the next touches.
    static let closeBackgroundMenus = "Main.layoutManager._bgManagers.forEach(m => m.backgroundActor?._backgroundMenu?.close?.()); 'ok'"

    /// Two monitors: a window on each, and a touch on the second shows on the second; the
    /// second turned off and on again somewhere else.
    @Test(arguments: versions)
    func aSecondMonitorHasItsOwnOverlay(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(secondMonitor: (640, 480), root: try version.root()) else { return }
        defer { gnome.stop() }
        #expect(gnome.waitForLog("the shell's monitors: Meta-0 at 0,0 800×600, Meta-1 at 800,0 640×480"), "\(gnome.logText.suffix(2000))")
        let before = try gnome.screenshot("two-monitors")
        #expect(before.width == 1440 && before.height == 600)
        try gnome.touch("down", x: 1100, y: 250)
        let held = try gnome.screenshot("two-monitors-held", until: { Self.changed($0, before, at: Self.ring(1100, 250)) })
        #expect(Self.changed(held, before, at: Self.ring(1100, 250)), "the marker on the second monitor")
        // Nothing on the first monitor but its top bar. (On the second, GNOME 48 and later open
        // the desktop's own menu for a long press on the bare background, which the touch
        // reaches; 51's top bar then changes its look.)
        #expect(held.differences(from: before, excluding: [(0, 0, 800, 32), (800, 0, 1440, 600)]).count < 100, "nothing on the first monitor")
        #expect(gnome.logText.contains("touch 2000 began at (300, 250"), "touchlight took it on Meta-1, at the monitor's own (300, 250)")
        try gnome.touch("up")
        _ = try gnome.eval(Self.closeBackgroundMenus)
        // Monitors go and come back elsewhere (as GNOME's display settings do it): the
        // overlay goes with its monitor, and comes back with it, below the first.
        try gnome.layMonitors([("Meta-0", "800x600@60.000", 0, 0)])
        #expect(gnome.waitForLog("output Meta-1 removed") && gnome.waitForLog("the shell's monitors: Meta-0 at 0,0 800×600\n"), "\(gnome.logText.suffix(1500))")
        try gnome.layMonitors([("Meta-0", "800x600@60.000", 0, 0), ("Meta-1", "640x480@60.000", 0, 600)])
        #expect(gnome.waitForLog("the shell's monitors: Meta-0 at 0,0 800×600, Meta-1 at 0,600 640×480"), "\(gnome.logText.suffix(1500))")
        let moved = try gnome.screenshot("monitor-moved", until: { $0.height == 1080 })
        #expect(moved.width == 800 && moved.height == 1080, "the screen is the two monitors, one above the other")
        // Low on the second monitor: GNOME 51 leaves its on-screen keyboard's box shown just
        // below the primary monitor (800×223 at 0,600, while Main.keyboard.visible is false),
        // over the top of this one and above every window's group, Touchlight's too.
        try gnome.touch("down", x: 300, y: 950)
        let below = try gnome.screenshot("monitor-moved-held", until: { $0.height == 1080 && Self.changed($0, moved, at: Self.ring(300, 950)) })
        #expect(Self.changed(below, moved, at: Self.ring(300, 950)), "the marker on the moved monitor, where it is now")
        #expect(below.differences(from: moved, excluding: [(0, 0, 800, 32), (0, 600, 800, 1080)]).count < 100 || version.version == "51",
                "nothing on the first monitor but its top bar")
        try gnome.touch("up")
        _ = try gnome.eval(Self.closeBackgroundMenus)
    }
}
