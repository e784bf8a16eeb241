import Foundation
import TouchCore
import Testing

/// Palm rejection through real input stacks: a palm the touchscreen reports (MT_TOOL_PALM)
/// through libinput under umockdev; a pen in proximity beside a finger on one headless sway,
/// both emulated devices read by sway's own libinput (the pen through the tablet protocol,
/// the finger through wl_touch); and what `doctor` says the touchscreen reports.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: EmulatedTouchscreen.missingPrerequisite == nil,
                                 "SKIPPED LOUDLY: \(EmulatedTouchscreen.missingPrerequisite ?? "")"))
    struct PalmTests {
        typealias Contact = EmulatedTouchscreen.Contact

        /// Slot 0 a finger that drags and lifts; slot 1 a palm from its first frame; slot 2 a
        /// finger that the panel takes for a palm midway.
        @Test func aPalmTheTouchscreenReportsIsNeverSeenAndOneMidwayIsCancelled() throws {
            let frames: [(Double, [Contact])] = [
                (0.00, [Contact(slot: 0, position: (1024, 1024)), Contact(slot: 1, position: (2048, 3000), palm: true),
                        Contact(slot: 2, position: (3000, 1024))]),
                (0.05, [Contact(slot: 0, position: (1100, 1024)), Contact(slot: 1, position: (2100, 3000)), Contact(slot: 2, position: (3050, 1024))]),
                (0.10, [Contact(slot: 2, position: (3100, 1024), palm: true)]),
                (0.15, [Contact(slot: 0, position: (1200, 1024)), Contact(slot: 2, position: (3150, 1024))]),
                (0.20, [Contact(slot: 0, position: nil), Contact(slot: 1, position: nil), Contact(slot: 2, position: nil)]),
            ]
            let run = try EmulatedTouchscreen.run(on: nil, base: 1000, frames: frames, touchesEnding: 2,
                                                  recordArguments: ["--no-overlay", "--output-size", "800x600"])
            #expect(run.status == 0, "\(run.stderr)")
            let events = (try? TraceText.parse(run.trace))?.events ?? []
            let downs = events.filter { $0.phase == "down" }
            #expect(downs.count == 2 && downs.allSatisfy { $0.y < 200 }, "the palm at y 440 never went down: \(run.trace)")
            #expect(events.contains { $0.phase == "up" } && events.contains { $0.phase == "cancel" }, "a finger lifted, the other cancelled: \(run.trace)")
            #expect(!run.trace.contains("* cancel"), "the palm's cancel takes that touch alone: \(run.trace)")
        }

        /// Whether ink lies along row `y` between `from` and `to`.
        static func inkAlong(_ shot: Image, y: Int, from: Int = 200, to: Int = 600) -> Bool {
            stride(from: from, through: to, by: 20).contains { x in (y - 4...y + 4).contains { shot[x, $0].isInk } }
        }

        /// A pen user's 2-in-1 on sway: the pen display and the touchscreen at once. While the
        /// pen hovers (proximity, not touching) a finger drags along y 150 and rests: it shows
        /// its marker and leaves no ink. The pen leaves at 1.7 s; a finger at 2.7 s, past the
        /// 0.5 s delay, draws along y 300.
        @MainActor @Test func aFingerBesideAHoveringPenLeavesNoInkAndDrawsAfterThePenLeaves() throws {
            let panel = try EmulatedPanel(devices: [.pen, .touchscreen])
            defer { panel.stop() }
            let sway = panel.desktop
            var recording = try DrawingRecording(on: sway, config: "[annotate]\ntoolbar = false\npen_hover = false\nwidth = 8.0\n", name: "palm")
            let base = EmulatedPanel.baseTime()
            // The pen hovers along y 500 from 0.35 s for 80 frames (1.33 s), then leaves.
            let hover = PenDisplay.Stroke(touches: false, points: (0..<80).map { (x: 100 + 7.5 * Double($0), y: 500, pressure: 0) })
            let (pen, ends) = PenDisplay.events([hover], base: base)
            func at(_ x: Double, _ y: Double) -> (Int, Int) { EmulatedPanel.position(of: (x, y)) }
            // Times from base + 0.3 s.
            var frames: [(Double, [Contact])] = (0...20).map { i in (0.2 + 0.02 * Double(i), [Contact(slot: 0, position: at(150 + 25 * Double(i), 150))]) }
            frames.append((1.2, [Contact(slot: 0, position: nil)]))
            frames += (0...20).map { i in (2.4 + 0.02 * Double(i), [Contact(slot: 1, position: at(150 + 25 * Double(i), 300))]) }
            frames.append((2.9, [Contact(slot: 1, position: nil)]))
            try panel.play([.pen: pen, .touchscreen: EmulatedTouchscreen.events(base: base, frames: frames)])
            #expect(ends.first.map { $0 < 2.2 } == true, "the pen leaves by \(ends)")

            // While it rests (until 1.5 s), the finger beside the pen shows its marker.
            func markerRing(_ shot: Image) -> Bool { (600...700).contains { shot[$0, 150].isMarkerBlue } }  // around x 650
            let resting = try sway.screenshot("palm-resting", until: markerRing)
            #expect(markerRing(resting), "the resting finger shows its marker\n\(panel.compositorLog.suffix(800))")
            #expect(!Self.inkAlong(resting, y: 150), "and draws no ink")
            // The later finger draws; the first one left nothing.
            let after = try sway.stillScreenshot("palm-after", until: { Self.inkAlong($0, y: 300) })
            #expect(Self.inkAlong(after, y: 300), "the finger after the pen left draws\n\(panel.compositorLog.suffix(800))")
            #expect(!Self.inkAlong(after, y: 150), "the finger beside the pen drew nothing")

            let (succeeded, printed) = recording.finish()
            #expect(succeeded, "\(printed)")
            let recorded = try TouchTrace(text: String(contentsOfFile: recording.trace, encoding: .utf8))
            #expect(recorded.events.filter { $0.phase == .down }.count == 2, "both fingers reached touchlight: \(recorded.events.filter { $0.phase == .down })")
        }

        /// `doctor` says what the touchscreen reports: the emulated one has both axes.
        @Test func doctorSaysWhatTheTouchscreenReports() throws {
            try EmulatedTouchscreen.build()
            let run = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-doctor-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: run) }
            try FileManager.default.createDirectory(at: run.appendingPathComponent("udev"), withIntermediateDirectories: true)
            try EmulatedTouchscreen.udevEntry(["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]).write(to: run.appendingPathComponent("udev/c13:69"), atomically: true, encoding: .utf8)
            try "".write(to: run.appendingPathComponent("none.evemu"), atomically: true, encoding: .utf8)
            _ = try Desktop.run("/usr/bin/chown", ["-R", Desktop.testUser, run.path])
            let script = """
                set -e
                \(EmulatedTouchscreen.privateUdevDatabase)
                exec setpriv --reuid=\(Desktop.testUser) --regid=\(Desktop.testUser) --init-groups -- \\
                  env LD_PRELOAD=libumockdev-preload.so.0 DRIVER_PLAY_ON_SIGNAL=1 "$2" "$3" "$1/none.evemu" 20000 "$4" -- "$5" doctor
                """
            let (_, output) = try Desktop.execute("/usr/bin/unshare", ["--mount", "--propagation", "private", "sh", "-c", script, "sh", run.path,
                                                                        EmulatedTouchscreen.driver.path, EmulatedTouchscreen.fixtures.path,
                                                                        EmulatedTouchscreen.shim.path, Desktop.touchlight.path],
                                                  environment: ["PATH": "/usr/bin:/bin", "HOME": run.path])
            #expect(output.contains("Touchlight Test Touchscreen (/dev/input/event5)"), "\(output)")
            #expect(output.contains("contact size: reported") && output.contains("palm tool: reported"), "\(output)")
        }
    }
}
