import Foundation
import HeadlessSession
import Testing
import TestSupport

/// The overlay's markers and its pass-through on every desktop of the matrix
/// (`TestedDesktop`): Debian 12's Mir and KWin nested in its sway, and today's compositors of
/// Debian 13 and sid in their root filesystems with the `.deb` installed. A real terminal
/// under the overlay, a replayed drag, real pixels through grim.
extension EndToEnd {
    @Suite(.serialized)
    struct DesktopMatrixTests {
        /// A real terminal under the overlay, a replayed drag, with the canvas and then with
        /// sprites, in one session (each overlay leaves the screen as it found it): the marker,
        /// the pan cue and its caption show above it where the trace says, nothing else changes,
        /// and SIGTERM leaves nothing. Sprites change what the compositor does: they are
        /// subsurfaces that take no input either (Mir, without wp_viewporter, falls back). GLES
        /// gives the compositor the same one surface as the canvas; it is checked against the
        /// canvas in process (`PresenterComparisonTests`) and under sway and phoc.
        /// On today's desktops the touchlight is the one the `.deb` installed.
        @Test(arguments: DesktopPhase.chosen(TestedDesktop.debian12Nested + TestedDesktop.today) { $0.debian })
        func markersAboveATerminalAndNothingElse(on tested: TestedDesktop) throws {
            guard let desktop = try tested.started() else { return }
            defer { desktop.stop() }
            let compositor = tested.testDescription
            let baseline = try desktop.startApp(tested.terminal, name: "\(compositor)-terminal-alone")
            for renderer in ["canvas", "sprites"] {
                try Self.expectMarkersAboveTheTerminal(on: desktop, compositor, renderer: renderer, baseline: baseline)
            }
        }

        /// One overlay drawing with `renderer` over the terminal: checked, then ended with SIGTERM.
        static func expectMarkersAboveTheTerminal(on desktop: Desktop, _ compositor: String, renderer: String, baseline: Image) throws {
            // The protocol log goes to a file: with sprites it soon outgrows a pipe's 64 KiB.
            let protocolLog = desktop.runtimeDirectory.appendingPathComponent("wayland-debug-\(renderer).txt")
            _ = FileManager.default.createFile(atPath: protocolLog.path, contents: nil)
            let log = try FileHandle(forWritingTo: protocolLog)
            defer { try? log.close() }
            let config = desktop.runtimeDirectory.appendingPathComponent("touchlight-\(renderer).toml").path
            try "[performance]\nrenderer = \"\(renderer)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            defer { unlink(config) }
            // In the session's directory, which a root filesystem sees too.
            let trace = desktop.runtimeDirectory.appendingPathComponent("drag.trace").path
            if !FileManager.default.fileExists(atPath: trace) { try FileManager.default.copyItem(atPath: SwayOverlayTests.trace, toPath: trace) }
            let touchlight = try desktop.session.start([desktop.touchlight, "--config", config, "--replay", trace, "--verbose"],
                                                       standardError: log, extraEnvironment: ["WAYLAND_DEBUG": "1"])
            // The drag ends 1.3 s in and the finger holds: what shows then stays.
            let caption = (430, 220, 570, 256)
            func captionChanged(_ shot: Image) -> [(Int, Int)] {
                shot.differences(from: baseline).filter { $0.0 >= caption.0 && $0.0 < caption.2 && $0.1 >= caption.1 && $0.1 < caption.3 }
            }
            let shot = try desktop.stillScreenshot("\(compositor)-\(renderer)-markers-above-terminal") {
                $0[530, 300].isMarkerBlue && $0[470, 300].isMarkerBlue && captionChanged($0).count > 300
            }
            #expect(shot[530, 300].isMarkerBlue, "\(compositor): ring at (530, 300): \(shot[530, 300])")
            #expect(shot[470, 300].isMarkerBlue, "\(compositor): ring at (470, 300): \(shot[470, 300])")
            let trail = shot[350, 300]
            #expect(trail.r > 150 && trail.g > 150 && trail.b > 150, "\(compositor): pan trail at (350, 300): \(trail)")
            // The pan's caption ("pan 300 px") sits just above the marker at the drag's end.
            let captionChanged = captionChanged(shot)
            #expect(captionChanged.count > 300, "\(compositor): the pan's caption shows: \(captionChanged.count) pixels changed")
            let elsewhere = shot.differences(from: baseline, excluding: [(150, 250, 560, 350), caption])
            // Mir 2.28 gives the keyboard focus to the overlay's layer surface although it asks
            // for none (set_keyboard_interactivity(0) in the protocol log), and does not give it
            // back after: foot's cursor goes hollow. Recorded, not hidden.
            let mirTakesTheFocus = TestedDesktop.named(compositor).takesTheFocusFromTheApp
            withKnownIssue("Mir 2.28 takes the focus from the terminal when the overlay maps", isIntermittent: true) {
                #expect(elsewhere.isEmpty, "\(compositor): \(elsewhere.count) pixels changed outside the marker, trail and caption, first \(elsewhere.prefix(3))")
            } when: { mirTakesTheFocus }

            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5), "\(compositor): touchlight did not exit on SIGTERM")
            #expect(touchlight.terminationStatus == 0)
            let printed = try String(contentsOf: protocolLog, encoding: .utf8)
            #expect(printed.contains("touch 1 began at (200, 300)"), "\(compositor): \(printed.suffix(2000))")
            #expect(!printed.contains("error"), "\(compositor): a protocol error: \(printed.components(separatedBy: "\n").filter { $0.contains("error") }.prefix(3))")
            // The overlay layer, and an input region with nothing in it: touches go to the apps.
            #expect(printed.contains(".get_layer_surface(") && printed.contains(", 3, \"touchlight\")"), "\(compositor): not on the overlay layer (3)")
            #expect(Self.inputRegionsAreEmpty(printed), "\(compositor): an input region with rectangles in \(protocolLog.path)")
            // Mir 2.12 offers no wp_viewporter: sprites fall back to the canvas, saying so once.
            let subsurfaces = printed.components(separatedBy: ".get_subsurface(").count - 1
            // Mir 2.28 offers it, but does not apply its subsurfaces' state with the overlay's commit.
            let fellBack = printed.contains("sprites need wl_subcompositor and wp_viewporter: drawing on the canvas")
                || (printed.contains("sprites on Mir: ") && printed.contains("drawing on the canvas"))
            let offersViewporter = printed.contains("\"wp_viewporter\"") && !printed.contains("\"mir_shell_v1\"")
            #expect(fellBack == (renderer == "sprites" && !offersViewporter), "\(compositor), \(renderer): fell back \(fellBack)")
            #expect(renderer == "sprites" && offersViewporter ? subsurfaces > 0 : subsurfaces == 0,
                    "\(compositor), \(renderer): \(subsurfaces) subsurface requests; \(printed.split(separator: "\n").filter { !$0.hasPrefix("[") }.suffix(8))")
            #expect(printed.contains("drawing with OpenGL ES 2 on llvmpipe") == (renderer == "gles"), "\(compositor), \(renderer)")
            let after = try desktop.screenshot("\(compositor)-\(renderer)-after-sigterm") { $0.differences(from: baseline).isEmpty }
            withKnownIssue("Mir 2.28 keeps the focus from the terminal after the overlay ends", isIntermittent: true) {
                #expect(after.differences(from: baseline).isEmpty, "\(compositor): an overlay pixel was left behind")
            } when: { mirTakesTheFocus }
            if mirTakesTheFocus {  // what changed is the unfocused terminal's frame, cursor and text: where the overlay drew is as before
                let drawnOn = after.differences(from: baseline).filter { (150..<570).contains($0.0) && (220..<350).contains($0.1) }
                #expect(drawnOn.isEmpty, "\(compositor): \(drawnOn.count) pixels left where the overlay drew, first \(drawnOn.prefix(3))")
            }
        }

        /// Whether every `wl_surface.set_input_region` in a WAYLAND_DEBUG log is given a region
        /// that received no `wl_region.add` (region ids are reused after `destroy`).
        static func inputRegionsAreEmpty(_ log: String) -> Bool {
            var added = Set<String>()
            var sawOne = false
            // libwayland 1.21 writes an object as wl_region@12, 1.23 and later as wl_region#12.
            for line in log.split(separator: "\n").map({ $0.replacingOccurrences(of: "wl_region#", with: "wl_region@") }) {
                if let range = line.range(of: "wl_region@"), line.contains(".add(") || line.contains(".destroy(") {
                    let id = String(line[range.upperBound...].prefix { $0.isNumber })
                    if line.contains(".add(") { added.insert(id) } else { added.remove(id) }
                } else if line.contains(".set_input_region(wl_region@"), let range = line.range(of: "(wl_region@") {
                    sawOne = true
                    if added.contains(String(line[range.upperBound...].prefix { $0.isNumber })) { return false }
                }
            }
            return sawOne
        }
    }
}
