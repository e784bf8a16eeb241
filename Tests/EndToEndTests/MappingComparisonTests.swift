import Foundation
import HeadlessSession
import Testing
import TouchscreenInput

extension EndToEnd {
    /// touchlight's libinput mapping against the compositor's own, tap by tap (see
    /// `MappingComparison`).
    @Suite(.serialized)
    struct MappingComparisonTests {
        static func panel(_ compositor: Compositor) throws -> EmulatedPanel? {
            if let missing = EmulatedPanel.missingPrerequisite ?? Desktop.missingPrerequisite(for: compositor) {
                Issue.record("NOT RUN: \(missing)")
                return nil
            }
            return try EmulatedPanel(compositor, device: .touchscreen)
        }

        @Test(arguments: ["normal", "90", "180", "270"])
        func swayMapped(transform: String) throws {
            guard let panel = try Self.panel(.sway) else { return }
            defer { panel.stop() }
            let sway = panel.desktop
            try sway.swaymsg("input", "type:touch", "map_to_output", "HEADLESS-1")
            try sway.swaymsg("output", "HEADLESS-1", "transform", transform)
            try sway.waitForOutput("HEADLESS-1") { $0["transform"] as? String == transform }
            let result = try MappingComparison.run(on: panel)
            print("MEASURE sway mapped \(transform): \(result.largestOffset) \(result.description)")
        }

        /// sway's `calibration_matrix` (here a panel mounted turned 90° and a little smaller
        /// than the screen) is applied by sway's libinput, which touchlight's cannot see.
        static let swayMatrix = [0, 0.9, 0.05, -0.9, 0, 0.95]

        /// A sway reading the emulated panel with `swayMatrix`.
        static func calibratedSway() throws -> EmulatedPanel? {
            guard let panel = try Self.panel(.sway) else { return nil }
            try panel.desktop.swaymsg("input", "type:touch", "calibration_matrix", Self.swayMatrix.map { "\($0)" }.joined(separator: " "))
            return panel
        }

        @Test func calibrationLearnsWhatTheCompositorHides() throws {
            // Taps where a person would touch calibrate's crosses: where sway delivers them on
            // the targets, 800×600.
            let taps = CalibrationRun.targets.map { MappingComparison.panelPoint(for: ($0.x, $0.y), matrix: Self.swayMatrix) }
            let events = MappingComparison.events(taps)
            // Before: in draw mode, touches reach touchlight both ways, and it says they disagree.
            guard let before = try Self.calibratedSway() else { return }
            let drawing = try EmulatedTouchscreen.start(on: before.desktop, events: events, config: "[annotate]\ntoolbar = false\n",
                                                        recordArguments: ["--source", "libinput", "--mode", "draw"])
            try before.play(events)
            #expect(drawing.waitFor("run `touchlight calibrate`"), "\(drawing.printed.suffix(1500))")
            let drew = drawing.finish(afterTouchesEnd: taps.count)
            before.stop()
            print("MEASURE before: \(drew.stderr.split(separator: "\n").filter { $0.contains("calibrate") })")
            // calibrate.
            guard let calibrating = try Self.calibratedSway() else { return }
            let calibrate = try EmulatedTouchscreen.start(on: calibrating.desktop, events: events, calibrate: true)
            try calibrating.play(events)
            #expect(calibrate.waitFor("calibrated Touchlight Test Touchscreen on HEADLESS-1"), "\(calibrate.printed.suffix(2500))")
            let learned = calibrate.finish(afterTouchesEnd: taps.count)
            calibrating.stop()
            print("MEASURE calibrate: \(learned.stderr.split(separator: "\n").filter { !$0.contains("  ") })\nSTATE \(learned.state ?? "none")")
            let state = try #require(learned.state)
            // After: the libinput markers land where sway delivers the touches.
            guard let after = try Self.calibratedSway() else { return }
            defer { after.stop() }
            let result = try MappingComparison.run(on: after, state: state)
            print("MEASURE after calibration: \(result.largestOffset) \(result.description)")
            #expect(result.largestOffset <= 2, "\(result.description)\n\(result.printed.suffix(1000))")
        }
    }
}
