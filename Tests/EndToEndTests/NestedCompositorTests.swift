import Foundation
import HeadlessSession
import Testing
import TestSupport

/// touchlight on Mir (miral-shell, the shell of Ubuntu Frame and Lomiri) and on KWin (KDE
/// Plasma's compositor), each nested in a headless sway and drawing with Mesa's llvmpipe: the
/// sway screenshot checks, with real pixels taken through the host. On KWin also a scale
/// change while running and real touches, through KDE's own protocols (`KWinDriver/`).
extension EndToEnd {
    @Suite(.serialized)
    struct NestedCompositorTests {
        static let compositors = [Compositor.mir, .kwin]

        /// A real terminal under the overlay, a replayed drag, with the canvas and then with
        /// sprites, in one session (each overlay leaves the screen as it found it): the marker,
        /// the pan cue and its caption show above it where the trace says, nothing else changes,
        /// and SIGTERM leaves nothing. Sprites change what the compositor does: they are
        /// subsurfaces that take no input either (Mir, without wp_viewporter, falls back). GLES
        /// gives the compositor the same one surface as the canvas; it is checked against the
        /// canvas in process (`PresenterComparisonTests`) and under sway and phoc.
        @Test(arguments: compositors)
        func markersAboveATerminalAndNothingElse(on compositor: Compositor) throws {
            guard let desktop = try Desktop.started(compositor) else { return }
            defer { desktop.stop() }
            let baseline = try desktop.startApp(Self.terminal(on: compositor), name: "\(compositor)-terminal-alone")
            for renderer in ["canvas", "sprites"] {
                try Self.expectMarkersAboveTheTerminal(on: desktop, compositor, renderer: renderer, baseline: baseline)
            }
        }

        /// One overlay drawing with `renderer` over the terminal: checked, then ended with SIGTERM.
        static func expectMarkersAboveTheTerminal(on desktop: Desktop, _ compositor: Compositor, renderer: String, baseline: Image) throws {
            // The protocol log goes to a file: with sprites it soon outgrows a pipe's 64 KiB.
            let protocolLog = desktop.runtimeDirectory.appendingPathComponent("wayland-debug-\(renderer).txt")
            _ = FileManager.default.createFile(atPath: protocolLog.path, contents: nil)
            let log = try FileHandle(forWritingTo: protocolLog)
            defer { try? log.close() }
            let config = NSTemporaryDirectory() + "touchlight-\(renderer)-\(UUID().uuidString.prefix(8)).toml"
            try "[performance]\nrenderer = \"\(renderer)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            defer { unlink(config) }
            let touchlight = try desktop.session.start([Desktop.touchlight.path, "--config", config, "--replay", SwayOverlayTests.trace, "--verbose"],
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
            #expect(elsewhere.isEmpty, "\(compositor): \(elsewhere.count) pixels changed outside the marker, trail and caption, first \(elsewhere.prefix(3))")

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
            let fellBack = printed.contains("sprites need wl_subcompositor and wp_viewporter: drawing on the canvas")
            let offersViewporter = printed.contains("\"wp_viewporter\"")
            #expect(fellBack == (renderer == "sprites" && !offersViewporter), "\(compositor), \(renderer): fell back \(fellBack)")
            #expect(renderer == "sprites" && offersViewporter ? subsurfaces > 0 : subsurfaces == 0,
                    "\(compositor), \(renderer): \(subsurfaces) subsurface requests; \(printed.split(separator: "\n").filter { !$0.hasPrefix("[") }.suffix(8))")
            #expect(printed.contains("drawing with OpenGL ES 2 on llvmpipe") == (renderer == "gles"), "\(compositor), \(renderer)")
            let after = try desktop.screenshot("\(compositor)-\(renderer)-after-sigterm") { $0.differences(from: baseline).isEmpty }
            #expect(after.differences(from: baseline).isEmpty, "\(compositor): an overlay pixel was left behind")
        }

        /// Started at scale 2: the overlay takes the output's scale and draws twice the pixels,
        /// and the host shows the nested output at its logical size, so the marker lands where
        /// it does at scale 1.
        @Test(arguments: compositors)
        func scaleTwoKeepsTheLogicalGeometry(on compositor: Compositor) throws {
            guard let desktop = try Desktop.started(compositor, scale: 2) else { return }
            defer { desktop.stop() }
            let (_, report) = try Desktop.execute(Desktop.touchlight.path, ["doctor"], environment: desktop.environment)
            // KWin reports 1600×1200 px; Mir 2.12's nested output stays 800×600 px at scale 2.
            #expect(report.contains("logical 800×600, scale 2"), "\(compositor): \(report)")
            try desktop.session.start([Desktop.touchlight.path, "--replay", SwayOverlayTests.trace, "--quiet"])
            let shot = try desktop.stillScreenshot("\(compositor)-scale-2") { $0[530, 300].isMarkerBlue && $0[470, 300].isMarkerBlue }
            #expect(shot[530, 300].isMarkerBlue, "\(compositor): ring at (530, 300): \(shot[530, 300])")
            #expect(shot[470, 300].isMarkerBlue, "\(compositor): ring at (470, 300): \(shot[470, 300])")
            #expect(!shot[500, 300].isMarkerBlue, "\(compositor): the ring's inside at (500, 300): \(shot[500, 300])")
            // Mir offers wlr-screencopy, and the zoom freezes its screen; KWin offers no capture:
            // doctor says so, and `ctl zoom` says why not.
            if "\(compositor)" == "KWin" {
                #expect(report.contains("Zoom: NOT available"), "\(report)")
                let (status, output) = try desktop.ctl("zoom", "on")
                #expect(status == 1 && output.contains("offers no screen capture (zwlr_screencopy_manager_v1)"), "\(output)")
            } else {
                #expect(report.contains("Zoom: available (zwlr_screencopy_manager_v1 version 3)"), "\(compositor): \(report)")
                #expect(try desktop.ctl("zoom", "on").status == 0)
                #expect(try eventually { try desktop.ctl("status").output.contains(#""zoom":1"#) }, "\(compositor): the screen frozen, at ×1")
                #expect(try desktop.ctl("zoom", "off").status == 0)
            }
        }

        /// KWin's output goes from scale 1 to 2 while touchlight runs, set through KDE's
        /// output-management protocol as System Settings does: the overlay takes the new
        /// logical size (400×300) with buffers of the output's 800×600 pixels, and its markers
        /// keep their logical size and place.
        @Test func kwinScaleChangeWhileRunning() throws {
            guard let desktop = try Self.kwinWithItsDrivers() else { return }
            defer { desktop.stop() }
            let log = Pipe()
            let touchlight = try desktop.session.start([Desktop.touchlight.path, "--replay", SwayOverlayTests.trace, "--quiet"],
                                                       standardError: log, extraEnvironment: ["WAYLAND_DEBUG": "1"])
            var printed = waitForLine(in: log, containing: ".ack_configure(")  // the overlay is up
            let change = try KWinDriver.setScale(2, on: desktop)
            #expect(change.status == 0 && change.output.contains("applied"), "KWin did not apply scale 2: \(change.output)")
            // The overlay draws at the new size: an attach after the new configure.
            let redrawn = eventually {
                printed += drain(log)
                return printed.components(separatedBy: "configure(2, 400, 300)").dropFirst().joined().contains(".attach(wl_buffer@")
            }
            #expect(redrawn, "no frame after the new configure")
            let (_, report) = try Desktop.execute(Desktop.touchlight.path, ["doctor"], environment: desktop.environment)
            #expect(report.contains("800×600 px, logical 400×300, scale 2"), "\(report)")
            // The nested KWin window shrinks to its new logical size, 400×300, centred on the
            // host's 800×600: the trace's (250, 150) logical shows at (450, 300) on the host, the
            // ring's radius is 30 logical, and the host shows a logical pixel as one pixel.
            let shot = try desktop.stillScreenshot("kwin-scale-change") { shot in (465..<495).contains { shot[$0, 300].isMarkerBlue } }
            SwayOverlayTests.expectRing(in: shot, row: 300, 465..<495, centredAt: 480, width: 2...5)
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5), "touchlight did not exit on SIGTERM after the scale change")
            #expect(touchlight.terminationStatus == 0)
            printed += drain(log)
            try printed.write(to: desktop.runtimeDirectory.appendingPathComponent("wayland-debug.txt"), atomically: true, encoding: .utf8)
            #expect(!printed.contains("error"), "a protocol error: \(printed.components(separatedBy: "\n").filter { $0.contains("error") }.prefix(3))")
            // Crisp, which the host's downscaled view cannot show: after the new configure the
            // overlay shows buffers of the output's 800×600 pixels (the only size it ever
            // creates, below) at the logical 400×300.
            let afterChange = printed.components(separatedBy: "configure(2, 400, 300)").dropFirst().joined()
            #expect(afterChange.contains("set_destination(400, 300)"), "no viewport of 400×300 after the change")
            #expect(afterChange.contains(".attach(wl_buffer@"), "nothing drawn after the change")
            // KWin sends the new scale 13 ms before the new size: the overlay waits for the size
            // instead of drawing the old 800×600 logical at scale 2 (a 1600×1200 buffer).
            let sizes = Set(printed.components(separatedBy: "\n").filter { $0.contains(".create_buffer(") }
                .map { $0.components(separatedBy: ", ").dropFirst(2).prefix(2).joined(separator: "×") })
            #expect(sizes == ["800×600"], "buffers of \(sizes.sorted()) px")
        }

        /// Fingers dragged through KWin's own input stack (its fake-input protocol) reach the
        /// app below the overlay, weston-simple-touch, which draws where it is touched: with the
        /// visualizer, and in annotation's pass mode away from the toolbar. In draw mode the
        /// overlay takes them and the app draws nothing. Each overlay is ended before its
        /// screenshot, so what changed is only what the app drew.
        @Test func kwinTouchesPassThroughTheOverlay() throws {
            guard let desktop = try Self.kwinWithItsDrivers() else { return }
            defer { desktop.stop() }
            let finger = try KWinDriver.Finger(on: desktop)  // before the clients it touches
            defer { finger.stop() }
            var before = try desktop.startApp(["weston-simple-touch"], name: "kwin-touch-app-alone")  // a 600×500 window at (100, 50)
            let cases: [(arguments: [String], row: Int, reachesTheApp: Bool)] = [
                ([], 200, true), (["annotate"], 300, true), (["annotate", "--mode", "draw"], 400, false),
            ]
            for (arguments, row, reachesTheApp) in cases {
                let log = Pipe()
                let touchlight = try desktop.session.start([Desktop.touchlight.path] + arguments + ["--verbose"], standardError: log)
                // Configured; in draw mode also mapped, its input region the whole output (KWin
                // gives a touch to the app while the surface has no buffer yet).
                var printed = waitForLine(in: log, containing: reachesTheApp ? "logical px" : "first frame committed")
                try finger.drag(from: (300, row), to: (500, row))
                if !reachesTheApp {  // the overlay took the touch: its ink (#e53935) is on the drag
                    func inked(_ shot: Image) -> [Int] { (300...500).filter { x in (row - 3...row + 3).contains { shot[x, $0].isInk } } }
                    let ink = try desktop.screenshot("kwin-touch-ink") { inked($0).count > 150 }
                    #expect(inked(ink).count > 150, "\(arguments): ink at \(inked(ink).count) of 201 columns of the drag")
                }
                touchlight.terminate()
                #expect(waitForExit(touchlight, timeout: 5), "\(arguments): touchlight did not exit on SIGTERM")
                printed += drain(log)
                // Through wl_touch only when the overlay takes the touch.
                #expect(printed.contains("touch 0 began at (300, \(row))") == !reachesTheApp, "\(arguments): \(printed.suffix(1500))")
                #expect(printed.contains("overlay on WL-0"), "\(arguments): the overlay was not up")
                // With the overlay gone, what is left is what the app drew (or nothing).
                let after = try desktop.stillScreenshot("kwin-touch-\(row)") { $0.differences(from: before).isEmpty != reachesTheApp }
                let drawn = after.differences(from: before)
                if reachesTheApp {
                    #expect(drawn.count > 100, "\(arguments): the app below drew \(drawn.count) pixels")
                } else {
                    #expect(drawn.isEmpty, "\(arguments): the app below drew \(drawn.count) pixels")
                }
                #expect(drawn.allSatisfy { abs($0.1 - row) <= 10 && $0.0 >= 290 && $0.0 <= 510 }, "\(arguments): drawn away from the drag: \(drawn.prefix(5))")
                before = after
            }
        }

        /// A KWin desktop whose test clients (`KWinDriver`) can be built, or nil after recording
        /// why not.
        static func kwinWithItsDrivers() throws -> Desktop? {
            if let missing = KWinDriver.missingPrerequisite {
                Issue.record("NOT RUN: \(missing)")
                return nil
            }
            return try Desktop.started(.kwin)
        }

        /// A terminal to put under the overlay: foot, but weston-terminal on KWin, where foot
        /// 1.13 dies of SIGFPE (an integer division by zero, seen with strace) after the nested
        /// output's geometry event, which gives its physical size as -1×-1 mm.
        static func terminal(on compositor: Compositor) -> [String] {
            compositor.name == Compositor.kwin.name ? ["weston-terminal", "--shell=/bin/sh"] : ["foot", "sh", "-c", "echo hello from foot; sleep 60"]
        }

        /// Whether every `wl_surface.set_input_region` in a WAYLAND_DEBUG log is given a region
        /// that received no `wl_region.add` (region ids are reused after `destroy`).
        static func inputRegionsAreEmpty(_ log: String) -> Bool {
            var added = Set<String>()
            var sawOne = false
            for line in log.split(separator: "\n") {
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
