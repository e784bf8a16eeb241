import Foundation
import Testing

extension EndToEnd {
    /// The libinput path end to end: a recorded libinput session (a touchscreen beside a
    /// keyboard) replayed through the device filter and the panel-to-output mapping, checked
    /// by screenshot.
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct TouchscreenMappingTests {
        static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/touchscreen-and-keyboard.libinput-trace").path

        /// The screen once the finger's marker shows with its ring at (`ring`, 300), and what
        /// touchlight printed by the replay's end.
        func run(transform: String, ring: Int) throws -> (Image, String) {
            let config = NSTemporaryDirectory() + "touchlight-mapping-\(UUID().uuidString.prefix(8)).toml"
            try "[output]\ntransform = \"\(transform)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            defer { unlink(config) }
            let sway = try Desktop()
            defer { sway.stop() }
            try sway.startApp(["foot", "sh", "-c", "sleep 60"], name: "libinput-mapping-terminal")
            let log = Pipe()
            try sway.start(Desktop.touchlight.path, ["--config", config, "--replay", Self.trace], stderr: log)
            let shot = try sway.screenshot("libinput-mapping-\(transform)") { $0[ring, 300].isMarkerBlue }
            return (shot, waitForLine(in: log, containing: "libinput replay finished"))
        }

        @Test func theTouchscreenLandsUnderTheFingerAndTheKeyboardIsRefused() throws {
            let (shot, log) = try run(transform: "auto", ring: 230)
            // (0.25, 0.5) of the panel on an 800×600 output: (200, 300).
            #expect(shot[230, 300].isMarkerBlue, "marker ring at (230, 300): \(shot[230, 300])")
            #expect(!shot[630, 300].isMarkerBlue, "the keyboard's 'touch' is not drawn")
            #expect(log.contains("touchscreen ELAN-Touchscreen mapped to HEADLESS-1 (transform normal)"))
            #expect(log.contains("refused AT-Translated-Keyboard: a device with keys, not a touchscreen"))
        }

        @Test func aPanelTurnedHalfwayMapsToTheOtherSide() throws {
            let (shot, log) = try run(transform: "180", ring: 630)
            #expect(shot[630, 300].isMarkerBlue, "turned 180°: (600, 300): \(shot[630, 300])")
            #expect(!shot[230, 300].isMarkerBlue)
            #expect(log.contains("(transform rotated180)"))
        }
    }
}
