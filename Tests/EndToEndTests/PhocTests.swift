import Foundation
import HeadlessSession
import Testing
import TouchCore
import Annotation

/// touchlight on phoc, Phosh's compositor (the shell of Linux phones and tablets), headless.
extension EndToEnd {
    @Suite(.serialized)
    struct PhocTests {
        /// Bug 29.13: phoc 0.24 dies (SIGSEGV in wl_list_remove) when a subsurface of a layer
        /// surface is unmapped with a NULL buffer or destroyed, and the sprite renderer did both:
        /// touchlight then lost its compositor about 1.25 s into a replay. Sprites are hidden
        /// with the transparent pixel now and live as long as their overlay: through a whole
        /// drag, its fade, a switch to the canvas by reload and back, and SIGTERM, phoc lives on.
        @Test func spritesNeverTakePhocDown() throws {
            guard let desktop = try Desktop.started(.phoc) else { return }
            defer { desktop.stop() }
            let baseline = try desktop.screenshot("phoc-empty")
            let config = desktop.runtimeDirectory.appendingPathComponent("touchlight.toml").path
            try "[performance]\nrenderer = \"sprites\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            let log = desktop.runtimeDirectory.appendingPathComponent("touchlight.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            defer { try? handle.close() }
            let touchlight = try desktop.session.start([Desktop.touchlight.path, "--config", config, "--replay", SwayOverlayTests.trace],
                                                       standardError: handle)
            let shot = try desktop.screenshot("phoc-sprites-marker") { $0[530, 300].isMarkerBlue }
            #expect(shot[530, 300].isMarkerBlue, "the marker, as a sprite: \(shot[530, 300])")
            // The held finger goes stale and fades: its sprites are hidden.
            let faded = try desktop.screenshot("phoc-sprites-gone") { $0.differences(from: baseline).isEmpty }
            #expect(faded.differences(from: baseline).isEmpty, "the sprites hid")
            #expect(touchlight.isRunning && kill(desktop.compositorPID, 0) == 0, "touchlight and phoc live after the sprites hid")
            func printed() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
            for (reload, renderer) in ["canvas", "sprites"].enumerated() {
                try "[performance]\nrenderer = \"\(renderer)\"\n".write(toFile: config + ".new", atomically: false, encoding: .utf8)
                rename(config + ".new", config)
                #expect(eventually { printed().components(separatedBy: "configuration reloaded").count - 1 > reload }, "reload \(reload + 1)")
                // The renderer changes before the next frame; a frame is what would show a fault.
                _ = try desktop.stillScreenshot("phoc-switched-to-\(renderer)")
            }
            #expect(touchlight.isRunning && kill(desktop.compositorPID, 0) == 0, "touchlight and phoc live after switching renderers")
            // phoc offers wlr-screencopy: the zoom freezes its screen (and makes its subsurface,
            // which, like the sprites', must never take phoc down), then lets it go.
            #expect(try desktop.ctl("zoom", "on").status == 0)
            #expect(try eventually { try desktop.ctl("status").output.contains(#""zoom":1"#) }, "phoc's screen frozen: \(printed().suffix(800))")
            #expect(try desktop.ctl("zoom", "off").status == 0 && !(try desktop.ctl("status").output.contains(#""zoom""#)))
            #expect(touchlight.isRunning && kill(desktop.compositorPID, 0) == 0, "touchlight and phoc live after the zoom")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0, "status \(touchlight.terminationStatus)")
            // phoc has drawn the screen without the overlay: it took the overlay's going.
            let after = try desktop.screenshot("phoc-after-sigterm") { $0.differences(from: baseline).isEmpty }
            #expect(kill(desktop.compositorPID, 0) == 0, "phoc lives after the overlay went")
            #expect(!printed().contains("lost the connection") && printed().contains("configuration reloaded"), "\(printed().suffix(1500))")
            #expect(after.differences(from: baseline).isEmpty, "nothing left on screen")
        }

        /// phoc (`compositor`) reading an emulated touchscreen, or nil after recording why it
        /// cannot run here.
        static func touchscreen(on compositor: Compositor) throws -> EmulatedPanel? {
            if let missing = EmulatedPanel.missingPrerequisite ?? Desktop.missingPrerequisite(for: compositor) {
                Issue.record("NOT RUN: \(missing)")
                return nil
            }
            return try EmulatedPanel(compositor, device: .touchscreen)
        }

        /// Real touches on phoc: an emulated touchscreen read by phoc's own libinput backend
        /// reaches touchlight as wl_touch. In draw mode two fingers drag together across a third
        /// and two thirds of the way down: the recording has both where phoc put them (its panel
        /// spans the output), and each finger's stroke is drawn there, with each renderer phoc
        /// can show (GLES on llvmpipe, through wl_shm), and on an output turned 90° (600×800),
        /// where the overlay stays upright.
        @MainActor @Test(arguments: [("canvas", 0), ("sprites", 0), ("gles", 0), ("canvas", 90)])
        func realTouchesAreRecordedAndDrawn(renderer: String, rotation: Int) throws {
            guard let panel = try Self.touchscreen(on: .phoc(rotated: rotation)) else { return }
            defer { panel.stop() }
            let phoc = panel.desktop
            let (width, height) = rotation == 90 ? (600.0, 800.0) : (800.0, 600.0)
            var recording = try DrawingRecording(
                on: phoc, config: "[performance]\nrenderer = \"\(renderer)\"\n[annotate]\nwidth = 8.0\ntoolbar = false\nmarkers_while_drawing = false\n", name: "touches")
            // In 0.5 s from 0.2 to 0.8 of the width, 60 frames a second, then both lift.
            let rows = [height / 3, 2 * height / 3], (left, right) = (0.2 * width, 0.8 * width)
            func onPanel(_ x: Double, _ y: Double) -> (Int, Int) { EmulatedPanel.position(of: (x, y), on: (width, height)) }
            var frames: [(Double, [EmulatedTouchscreen.Contact])] = (0...30).map { step in
                let x = left + (right - left) * Double(step) / 30
                return (Double(step) / 60, rows.enumerated().map { .init(slot: $0.offset, position: onPanel(x, $0.element)) })
            }
            frames.append((31.0 / 60, [.init(slot: 0, position: nil), .init(slot: 1, position: nil)]))
            try panel.play(EmulatedTouchscreen.events(base: EmulatedPanel.baseTime(), delay: 0.3, frames: frames))
            // The events begin a second on; the drag lasts 0.5 s: its last pixels then.
            let shot = try phoc.screenshot("phoc-touch-ink-\(renderer)-\(rotation)") { shot in
                (shot[Int(right) - 4, Int(rows[1])]).isInk
            }
            #expect(Double(shot.width) == width && Double(shot.height) == height, "a \(shot.width)×\(shot.height) screenshot")
            let span = Int(left)...Int(right)
            for y in rows.map({ Int($0) }) {
                let inked = span.filter { x in shot[x, y].isInk }.count
                #expect(inked > span.count * 8 / 10, "\(renderer) at \(rotation)°: the stroke along y \(y) covers \(inked) of \(span.count) px\n\(panel.compositorLog.suffix(1500))")
            }
            #expect(!shot[Int(width / 2), Int(height / 2)].isInk, "nothing between the strokes")
            recording.waitFor(" ended at ", times: 2)  // both lifts are in the recording
            let (succeeded, printed) = recording.finish()
            #expect(succeeded, "\(printed.suffix(1500))")
            #expect(printed.contains("drawing with OpenGL ES 2") == (renderer == "gles"), "\(printed.suffix(1500))")
            let recorded = try TouchTrace(text: String(contentsOfFile: recording.trace, encoding: .utf8))
            let downs = recorded.events.filter { $0.phase == .down }.sorted { $0.y < $1.y }
            let ups = recorded.events.filter { $0.phase == .up }.sorted { $0.y < $1.y }
            #expect(downs.count == 2 && ups.count == 2, "\(recorded.events.count) events: \(downs), \(ups)")
            let expected = [(left, rows[0]), (left, rows[1]), (right, rows[0]), (right, rows[1])]
            for (event, place) in zip(downs + ups, expected) {
                #expect(abs(event.x - place.0) <= 3 && abs(event.y - place.1) <= 3, "\(event) where phoc put \(place)")
            }
        }

        /// Capture mode on phoc (`record` takes the touches itself): two fingers held on the
        /// emulated panel come to touchlight as wl_touch with two ids, and each finger shows its
        /// marker under it, the ring 30 px around where phoc put the finger, until they lift.
        @MainActor @Test func captureModeShowsAMarkerUnderEachFinger() throws {
            guard let panel = try Self.touchscreen(on: .phoc) else { return }
            defer { panel.stop() }
            let phoc = panel.desktop
            let trace = phoc.runtimeDirectory.appendingPathComponent("capture.trace").path
            let log = Pipe()
            let touchlight = try phoc.start(Desktop.touchlight.path, ["record", trace, "--verbose"], stderr: log)
            var printed = waitForLine(in: log, containing: "first frame committed")
            let fingers = [(x: 250.0, y: 300.0), (x: 550.0, y: 300.0)]
            let down = fingers.enumerated().map { EmulatedTouchscreen.Contact(slot: $0.offset, position: EmulatedPanel.position(of: $0.element)) }
            let up = fingers.indices.map { EmulatedTouchscreen.Contact(slot: $0, position: nil) }
            // Both land 0.3 s after the events begin (a second on), rest 2 s, and lift.
            try panel.play(EmulatedTouchscreen.events(base: EmulatedPanel.baseTime(), delay: 0.3, frames: [(0, down), (2, up)]))
            // A ring is bright where the marker's edge crosses row y, 30 px either side of its
            // finger, and the phoc background (black) shows 45 px out.
            func ring(_ shot: Image, _ finger: (x: Double, y: Double)) -> Bool {
                let (x, y) = (Int(finger.x), Int(finger.y))
                return [x - 30, x + 30].allSatisfy { max(shot[$0, y].r, shot[$0, y].g, shot[$0, y].b) > 150 }
                    && [x - 45, x + 45, x].map { shot[$0, y - 45] }.allSatisfy { max($0.r, $0.g, $0.b) < 30 }
            }
            let shot = try phoc.screenshot("phoc-capture-markers") { shot in fingers.allSatisfy { ring(shot, $0) } }
            for finger in fingers {
                #expect(ring(shot, finger), "the ring around \(finger): \(shot[Int(finger.x) - 30, Int(finger.y)])\n\(panel.compositorLog.suffix(1500))")
            }
            // Two ids, two colours: the palette's first (blue), then its second (red).
            #expect(shot[220, 300].isMarkerBlue, "the first finger's ring: \(shot[220, 300])")
            let second = shot[520, 300]
            #expect(second.r > 180 && second.b < 140, "the second finger's ring: \(second)")
            // Both lift 2 s after they landed.
            printed += waitForLine(in: log, containing: " ended at ", times: 2)
            touchlight.terminate()
            printed += waitForExit(touchlight, timeout: 5) ? drain(log) : "did not exit"
            #expect(touchlight.terminationStatus == 0, "\(printed.suffix(1500))")
            let recorded = try TouchTrace(text: String(contentsOfFile: trace, encoding: .utf8))
            let downs = recorded.events.filter { $0.phase == .down }.sorted { $0.x < $1.x }
            #expect(Set(downs.map(\.id)).count == 2 && recorded.events.filter { $0.phase == .up }.count == 2, "\(recorded.events)")
            for (event, finger) in zip(downs, fingers) {
                #expect(abs(event.x - finger.x) <= 2 && abs(event.y - finger.y) <= 2, "\(event) where phoc put \(finger)")
            }
        }

        /// Touches pass through the overlay to the app below, weston-simple-touch (it draws
        /// where it is touched), in annotation's pass mode, away from the toolbar; a finger on
        /// the toolbar's mode button and then its blue swatch switches to draw mode in blue, and
        /// the overlay takes the next drag as ink while the app draws nothing more. One event
        /// file (umockdev plays one per device): a drag along y 250, the two taps at 2 and 3 s,
        /// a drag along y 400 at 4 s.
        @MainActor @Test func touchesReachTheAppBelowUntilTheToolbarSwitchesToDrawing() throws {
            guard let panel = try Self.touchscreen(on: .phoc) else { return }
            defer { panel.stop() }
            let phoc = panel.desktop
            let alone = try phoc.startApp(["/usr/bin/weston-simple-touch"], name: "phoc-app-alone")
            let config = phoc.runtimeDirectory.appendingPathComponent("touchlight.toml").path
            try "[annotate]\nwidth = 8.0\nmarkers_while_drawing = false\n".write(toFile: config, atomically: true, encoding: .utf8)
            let log = Pipe()
            let touchlight = try phoc.start(Desktop.touchlight.path, ["annotate", "--config", config, "--verbose"], stderr: log)
            let started = waitForLine(in: log, containing: "first frame committed")  // the toolbar shows, taking its touches
            func onPanel(_ p: Point) -> (Int, Int) { EmulatedPanel.position(of: (p.x, p.y)) }
            func drag(at start: Double, row: Double) -> [(Double, [EmulatedTouchscreen.Contact])] {
                (0...20).map { step in (start + Double(step) / 60, [.init(slot: 0, position: onPanel(Point(x: 300 + 10 * Double(step), y: row)))]) }
                    + [(start + 21.0 / 60, [.init(slot: 0, position: nil)])]
            }
            func tap(at start: Double, _ point: Point) -> [(Double, [EmulatedTouchscreen.Contact])] {
                [(start, [.init(slot: 0, position: onPanel(point))]), (start + 0.05, [.init(slot: 0, position: nil)])]
            }
            let toolbar = ToolbarPlace()
            let frames = drag(at: 0, row: 250) + tap(at: 2, ToolbarTests.center(of: .mode(.toggle), at: toolbar))
                + tap(at: 3, ToolbarTests.center(of: .color(ToolbarTests.palette[1]), at: toolbar)) + drag(at: 4, row: 400)
            try panel.play(EmulatedTouchscreen.events(base: EmulatedPanel.baseTime(), delay: 0.3, frames: frames))
            // The events begin a second on; the first drag lasts 0.35 s.
            let touched = try phoc.screenshot("phoc-app-touched") { shot in shot.differences(from: alone).contains { $0.0 > 490 && abs($0.1 - 250) <= 10 } }
            let drawn = touched.differences(from: alone).filter { abs($0.1 - 250) <= 10 && (290...510).contains($0.0) }.count
            #expect(drawn > 100, "the app below drew \(drawn) pixels along the drag\n\(panel.compositorLog.suffix(1500))")

            // The taps, then the second drag at 5 s from the start.
            let ink = try phoc.screenshot("phoc-app-ink") { ToolbarTests.isBlue($0[496, 400]) }
            let inked = (300...500).filter { x in ToolbarTests.isBlue(ink[x, 400]) }.count
            #expect(inked > 160, "the overlay drew the second drag in blue: \(inked) of 201 px")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0, "\((started + drain(log)).suffix(1500))")
            let after = try phoc.screenshot("phoc-app-after") { !ToolbarTests.isBlue($0[400, 400]) }  // the overlay gone
            // Only along the second drag (the toolbar, at the left edge, went with the overlay).
            let late = after.differences(from: touched).filter { abs($0.1 - 400) <= 10 && (290...510).contains($0.0) }
            let lateCount = late.count
            #expect(lateCount == 0, "the app drew under the overlay's ink: \(late.prefix(5))")
        }
    }
}
