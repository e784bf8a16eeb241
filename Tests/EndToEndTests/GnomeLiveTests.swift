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
