import Foundation
import TouchCore
import Testing

/// The libinput source against the real libudev/libevdev/libinput stack with emulated devices
/// (umockdev): positions, several fingers, rotated outputs, two outputs, calibration, a device
/// unplugged mid-touch, timestamps from another clock — and a keyboard and a mouse beside the
/// touchscreen that touchlight must never open.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: EmulatedTouchscreen.missingPrerequisite == nil,
                                 "SKIPPED LOUDLY: \(EmulatedTouchscreen.missingPrerequisite ?? "")"))
    struct EmulatedTouchscreenTests {
        typealias Contact = EmulatedTouchscreen.Contact
        /// A stamp far from this machine's monotonic clock, as another clock would give.
        static let otherClock = 1000.0

        /// One finger: down at a quarter across and half down the panel, a move, a lift.
        static let oneFinger: [(Double, [Contact])] = [
            (0.00, [Contact(slot: 0, position: (1024, 2048))]),
            (0.05, [Contact(slot: 0, position: (1100, 2048))]),
            (0.10, [Contact(slot: 0, position: nil)]),
        ]

        /// The trace's event lines as (phase, x, y), in order.
        static func events(_ trace: String) -> [(phase: String, x: Double, y: Double)] {
            ((try? TraceText.parse(trace))?.events ?? []).map { ($0.phase, $0.x, $0.y) }
        }

        static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.5 }

        /// HEADLESS-2, 640×480, right of HEADLESS-1.
        static func addSecondOutput(to sway: Desktop) throws {
            try sway.swaymsg("create_output")
            try sway.swaymsg("output", "HEADLESS-2", "resolution", "640x480", "position", "800", "0")
            try sway.waitForOutput("HEADLESS-2") { ($0["rect"] as? [String: Any])?["x"] as? Int == 800 && ($0["rect"] as? [String: Any])?["width"] as? Int == 640 }
        }

        @Test func oneFingerLandsWhereItTouchedAndOnlyTheTouchscreenIsOpened() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let run = try EmulatedTouchscreen.run(on: sway, base: Self.otherClock, frames: Self.oneFinger)
            #expect(run.status == 0, "\(run.stderr)")
            let events = Self.events(run.trace)
            // libinput: x · 800 / 4096 = 200, y · 600 / 4096 = 300; the move to 1100: 214.84.
            #expect(events.map(\.phase) == ["down", "move", "up"], "\(run.trace)\n\(run.stderr)")
            #expect(events.first.map { Self.close($0.x, 200) && Self.close($0.y, 300) } == true, "\(events)")
            #expect(events.dropFirst().first.map { Self.close($0.x, 214.84) } == true, "\(events)")
            #expect(run.stderr.contains("touchscreen Touchlight Test Touchscreen mapped to HEADLESS-1 (transform normal)"), "\(run.stderr)")
            // The proof that keyboards, mice and pen displays are never opened: every open was logged.
            #expect(run.opens == ["/dev/input/event5"], "opened: \(run.opens)")
        }

        @Test func threeFingersAtOnceAndTimestampsFromAnotherClock() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            // Wall-clock stamps (bug 1): the second finger used to never show, and the overlay hung.
            let frames: [(Double, [Contact])] = [
                (0.00, [Contact(slot: 0, position: (512, 1024)), Contact(slot: 1, position: (2048, 2048)), Contact(slot: 2, position: (3584, 3072))]),
                (0.05, [Contact(slot: 1, position: (2100, 2048))]),
                (0.10, [Contact(slot: 0, position: nil), Contact(slot: 1, position: nil), Contact(slot: 2, position: nil)]),
            ]
            let run = try EmulatedTouchscreen.run(on: sway, base: 1_763_800_000, frames: frames)
            #expect(run.status == 0, "\(run.stderr)")
            let downs = Self.events(run.trace).filter { $0.phase == "down" }
            #expect(downs.count == 3, "\(run.trace)")
            let expected = [(100.0, 150.0), (400.0, 300.0), (700.0, 450.0)]
            for (x, y) in expected {
                #expect(downs.contains { Self.close($0.x, x) && Self.close($0.y, y) }, "a finger at (\(x), \(y)): \(downs)")
            }
            #expect(Self.events(run.trace).filter { $0.phase == "up" }.count == 3)
        }

        /// sway's `transform 90` turns the output clockwise, which wl_output calls 270 (its
        /// angles run counter-clockwise). Content turned clockwise puts the panel's top-right
        /// corner at the logical top-left, so the panel point (0.25, 0.5) of an 800×600 panel
        /// lands at (300, 600) of the 600×800 logical output.
        @Test func rotatedOutputs() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            for (transform, seen, x, y) in [("90", "rotated270", 300.0, 600.0), ("180", "rotated180", 600.0, 300.0),
                                            ("270", "rotated90", 300.0, 200.0)] {
                try sway.swaymsg("output", "HEADLESS-1", "transform", transform)
                try sway.waitForOutput("HEADLESS-1") { $0["transform"] as? String == transform }
                let run = try EmulatedTouchscreen.run(on: sway, base: Self.otherClock, frames: Self.oneFinger)
                #expect(run.stderr.contains("mapped to HEADLESS-1 (transform \(seen))"), "\(run.stderr)")
                let down = Self.events(run.trace).first
                #expect(down?.phase == "down" && down.map { Self.close($0.x, x) && Self.close($0.y, y) } == true,
                        "sway transform \(transform): \(String(describing: down)) \(run.stderr)")
            }
        }

        /// A calibration `touchlight calibrate` learned is used from then on. sway 1.7 stretches
        /// the panel over an output turned 90° without turning it (measured with an emulated
        /// panel that sway read: the panel's (0.25, 0.5) is delivered at (150, 400) of 600×800),
        /// where touchlight's own mapping turns it with the output, to (300, 600) (see
        /// `rotatedOutputs`). With that learned in the state file, the libinput source puts the
        /// finger where sway does.
        @Test func aCalibrationInTheStateFileIsUsed() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            try sway.swaymsg("output", "HEADLESS-1", "transform", "90")
            try sway.waitForOutput("HEADLESS-1") { $0["transform"] as? String == "90" }
            let state = "[touchscreen.\"Touchlight Test Touchscreen\".\"HEADLESS-1\"]\nmatrix = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0]\n"
            let run = try EmulatedTouchscreen.run(on: sway, base: Self.otherClock, frames: Self.oneFinger, state: state)
            #expect(run.stderr.contains("touchscreen Touchlight Test Touchscreen mapped to HEADLESS-1 (as calibrated)"), "\(run.stderr)")
            let down = Self.events(run.trace).first
            #expect(down?.phase == "down" && down.map { Self.close($0.x, 150) && Self.close($0.y, 400) } == true,
                    "where sway puts it: \(String(describing: down)) \(run.stderr)")
        }

        @Test func twoOutputsAndTheConfiguredOne() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            try Self.addSecondOutput(to: sway)
            let run = try EmulatedTouchscreen.run(on: sway, base: Self.otherClock, frames: Self.oneFinger, config: "[output]\ntouchscreen_output = \"HEADLESS-2\"\n")
            #expect(run.stderr.contains("mapped to HEADLESS-2"), "\(run.stderr)")
            #expect(run.trace.contains("output 640 480 1"), "recorded on HEADLESS-2: \(run.trace)")
            let down = Self.events(run.trace).first
            #expect(down.map { Self.close($0.x, 160) && Self.close($0.y, 240) } == true, "\(String(describing: down))")
        }

        /// Issue 16's drift: a reload used to ignore `touchscreen_output` and `transform`.
        @Test func reloadingMovesTheTouchscreenToAnotherOutputAndTurnsIt() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            try Self.addSecondOutput(to: sway)
            let frames: [(Double, [Contact])] = Self.oneFinger + Self.oneFinger.map { ($0.0 + 2.5, $0.1) }
            let session = try EmulatedTouchscreen.start(on: sway, events: EmulatedTouchscreen.events(base: Self.otherClock, frames: frames),
                                                        config: "[output]\ntouchscreen_output = \"HEADLESS-1\"\n")
            // After the first touch, and 2.5 s before the second, the file changes.
            #expect(session.waitFor(" ended at "), "the first touch: \(session.printed)")
            let config = session.directory.appendingPathComponent("config.toml")
            try "[output]\ntouchscreen_output = \"HEADLESS-2\"\ntransform = \"180\"\n".write(to: config, atomically: true, encoding: .utf8)
            chmod(config.path, 0o644)
            #expect(session.waitFor("mapped to HEADLESS-2"), "reloaded: \(session.printed)")
            let run = session.finish(afterTouchesEnd: 2)
            let downs = Self.events(run.trace).filter { $0.phase == "down" }
            #expect(downs.count == 2, "\(run.trace)\n\(run.stderr)")
            #expect(downs.first.map { Self.close($0.x, 200) && Self.close($0.y, 300) } == true, "on HEADLESS-1: \(downs)")
            // (0.25, 0.5) turned 180° on 640×480: (480, 240).
            #expect(downs.dropFirst().first.map { Self.close($0.x, 480) && Self.close($0.y, 240) } == true, "on HEADLESS-2, turned: \(downs)")
            #expect(run.stderr.contains("mapped to HEADLESS-2 (transform rotated180)"), "\(run.stderr)")
        }

        @Test func libinputsCalibrationMatrixIsApplied() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            // Half size, shifted a tenth right: (0.25, 0.5) → (0.225, 0.25) → (180, 150).
            let run = try EmulatedTouchscreen.run(on: sway, base: Self.otherClock, frames: Self.oneFinger, touchscreenProperties: ["LIBINPUT_CALIBRATION_MATRIX=0.5 0 0.1 0 0.5 0"])
            let down = Self.events(run.trace).first
            #expect(down.map { Self.close($0.x, 180) && Self.close($0.y, 150) } == true, "\(String(describing: down)) \(run.stderr)")
        }

        /// In pass mode the toolbar takes its touches over wl_touch (the compositor's input
        /// region); libinput must not deliver them a second time. A finger beside it is libinput's.
        @Test func aFingerOnTheToolbarIsLeftToTheCompositor() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            // (28, 300) is on the toolbar along the left edge; (200, 300) is not.
            let frames: [(Double, [Contact])] = [
                (0.00, [Contact(slot: 0, position: (143, 2048)), Contact(slot: 1, position: (1024, 2048))]),
                (0.05, [Contact(slot: 0, position: (150, 2048)), Contact(slot: 1, position: (1100, 2048))]),
                (0.10, [Contact(slot: 0, position: nil), Contact(slot: 1, position: nil)]),
            ]
            let run = try EmulatedTouchscreen.run(on: sway, base: Self.otherClock, frames: frames, touchesEnding: 1,
                                                  config: "[annotate]\nmode = \"pass\"\n")
            let events = Self.events(run.trace)
            #expect(events.map(\.phase) == ["down", "move", "up"], "only the finger beside the toolbar: \(run.trace)\n\(run.stderr)")
            #expect(events.first.map { Self.close($0.x, 200) && Self.close($0.y, 300) } == true, "\(events)")
        }

        @Test func aTouchscreenUnpluggedMidTouchLeavesNoMarker() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            try sway.start("foot", ["sh", "-c", "sleep 60"])
            let frames: [(Double, [Contact])] = [(0.0, [Contact(slot: 0, position: (2048, 2048))]), (0.05, [Contact(slot: 0, position: (2060, 2048))])]
            let session = try EmulatedTouchscreen.start(on: sway, events: EmulatedTouchscreen.events(base: Self.otherClock, frames: frames))
            // The marker ring sits 30 px left of the finger at (402, 300).
            let touched = try sway.screenshot("umockdev-touched") { $0[372, 300].isMarkerBlue }
            session.unplug()
            let after = try sway.screenshot("umockdev-unplugged") { !$0[372, 300].isMarkerBlue }
            let run = session.finish(afterTouchesEnd: 1)
            #expect(touched[372, 300].isMarkerBlue, "the finger shows: \(touched[372, 300]) \(run.stderr)")
            #expect(!after[372, 300].isMarkerBlue, "unplugged: the marker is gone: \(after[372, 300])")
            #expect(run.trace.contains("* cancel"), "the touch was cancelled: \(run.trace)")
        }

        /// `record --no-overlay`: no compositor and no WAYLAND_DISPLAY, the touchscreen read
        /// through libinput, positions on the chosen size, the wall-clock start recorded; still
        /// only the touchscreen is opened.
        @Test func recordsWithoutAnOverlayOrACompositor() throws {
            let before = Date().timeIntervalSince1970
            let run = try EmulatedTouchscreen.run(on: nil, base: Self.otherClock, frames: Self.oneFinger, recordArguments: ["--no-overlay", "--output-size", "1000x500"])
            #expect(run.status == 0, "\(run.stderr)")
            let header = run.trace.split(separator: "\n").prefix(3).map(String.init)
            #expect(header.first == "touchlight-trace \(TouchTrace.formatVersion)" && header.dropFirst().first == "output 1000 500 1", "\(run.trace)")
            let start = header.last.flatMap { $0.hasPrefix("start ") ? WallClockTime(rfc3339: String($0.dropFirst(6))) : nil }
            #expect(start.map { $0.secondsSince1970 > before && $0.secondsSince1970 < before + 30 } == true, "start: \(header)")
            let events = Self.events(run.trace)
            // 1024 / 4096 of 1000 = 250, half of 500 = 250; the move to 1100: 268.55.
            #expect(events.map(\.phase) == ["down", "move", "up"], "\(run.trace)\n\(run.stderr)")
            #expect(events.first.map { Self.close($0.x, 250) && Self.close($0.y, 250) } == true, "\(events)")
            #expect(events.dropFirst().first.map { Self.close($0.x, 268.55) } == true, "\(events)")
            #expect(run.opens == ["/dev/input/event5"], "opened: \(run.opens)")
            #expect(!run.stderr.contains("wayland"), "no Wayland connection was tried: \(run.stderr)")
        }

    }
}
