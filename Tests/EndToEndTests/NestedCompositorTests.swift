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
            // doctor says so, and `ctl zoom` and `ctl screenshot` say why not.
            if "\(compositor)" == "KWin" {
                #expect(report.contains("Zoom and screenshots: NOT available"), "\(report)")
                let (status, output) = try desktop.ctl("zoom", "on")
                #expect(status == 1 && output.contains("offers no screen capture (ext_image_copy_capture_manager_v1 or zwlr_screencopy_manager_v1)"), "\(output)")
                // Nor a screenshot: refused, saying why, and no file written.
                let (shot, _, said) = try desktop.ctlScreenshot("kwin-no-capture")
                #expect(shot == nil && said.contains("offers no screen capture") && said.contains("no screenshot can be taken"), "\(said)")
                #expect(!FileManager.default.fileExists(atPath: desktop.runtimeDirectory.path + "/kwin-no-capture.png"))
            } else {
                #expect(report.contains("Zoom and screenshots: available (zwlr_screencopy_manager_v1 version 3)"), "\(compositor): \(report)")
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
    }
}
