import Foundation
import HeadlessSession
import Testing
import TouchCore
@testable import Annotation

/// GNOME live: Touchlight's Shell extension, installed and enabled as a user's would be, on
/// headless gnome-shell 43. The shell starts touchlight, stacks its window over everything,
/// hands it every touch and gives the focus back; touches come from Clutter's virtual
/// touchscreen, the real input path, and screenshots from GNOME's own screenshot API.
extension EndToEnd {
    @Suite(.serialized) @MainActor
    struct GnomeLiveTests {
        /// Where the marker's ring passes around a finger at (x, y) (its radius is 30 px).
        static func ring(_ x: Int, _ y: Int) -> [(Int, Int)] { [(x + 30, y), (x - 30, y), (x, y - 30), (x, y + 30)] }

        static func changed(_ a: Image, _ b: Image, at points: [(Int, Int)]) -> Bool {
            points.allSatisfy { a[$0.0, $0.1] != b[$0.0, $0.1] }
        }

        @Test func markersShowOverEverythingAndTheFocusStaysWithTheApp() throws {
            guard let gnome = try GnomeLive.started() else { return }
            defer { gnome.stop() }
            // An app opened after touchlight has the focus.
            try gnome.desktop.session.start(["foot", "--title", "terminal", "sh", "-c", "sleep 600"])
            #expect(eventually { (try? gnome.focusedTitle()) == "terminal" }, "foot has the focus: \((try? gnome.focusedTitle()) ?? "?")")
            let before = try gnome.screenshot("before-touch")
            // A finger held on the terminal: its marker shows, nothing else changes, and the
            // terminal keeps the focus (the overlay's window maps again for it, and mutter
            // focuses a window it maps: the extension gives the focus back at once).
            try gnome.touch("down", slot: 0, x: 200, y: 250)
            let held = try gnome.screenshot("held", until: { Self.changed($0, before, at: Self.ring(200, 250)) })
            #expect(Self.changed(held, before, at: Self.ring(200, 250)), "the marker's ring around (200, 250)")
            #expect(held.differences(from: before, excluding: [(150, 190, 260, 310)]).count < 200,
                    "nothing else changed: \(held.differences(from: before, excluding: [(150, 190, 260, 310)]).prefix(5))")
            #expect(eventually(timeout: 3) { (try? gnome.focusedTitle()) == "terminal" }, "the terminal keeps the focus while touched")
            #expect(try gnome.eval("global.get_window_actors().filter(a => a.get_parent() === global.top_window_group).map(a => a.meta_window.get_title()).join(',')")
                == "touchlight-overlay:Meta-0", "touchlight's window alone is above the top bar")
            // A second finger on the top bar: its marker shows above the bar.
            try gnome.touch("down", slot: 1, x: 250, y: 14)
            let bar = try gnome.screenshot("held-on-bar", until: { Self.changed($0, held, at: [(220, 14), (280, 14)]) })
            #expect(Self.changed(bar, held, at: [(220, 14), (280, 14)]), "the marker above the top bar")
            // Lifted, the markers fade.
            try gnome.touch("up", slot: 0)
            try gnome.touch("up", slot: 1)
            let faded = try gnome.screenshot("faded", until: { $0.differences(from: before).count < 50 })
            #expect(faded.differences(from: before).count < 50, "the markers faded: \(faded.differences(from: before).count) pixels differ")
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
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").components(separatedBy: "wl_touch@").filter { $0.contains(".down(") }.count
    }

    @Test func drawModeInksAndPassModeGivesTheTouchesBack() throws {
        guard let gnome = try GnomeLive.started(arguments: ["annotate", "--verbose"]) else { return }
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
