import Foundation
import Testing

/// The running overlay follows its configuration file: a valid change applies at once without
/// losing active markers; a broken file is reported and the last good configuration stays.
@Suite(.serialized, .enabled(if: Sway.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Sway.missingPrerequisite ?? "")"))
struct LiveReloadTests {
    static func isRed(_ p: Image.Pixel) -> Bool { p.r > 200 && p.b < 120 && p.g < 120 }

    /// Writes `text` next to `path` and renames it over, as editors do.
    func replace(_ path: String, with text: String) throws {
        try text.write(toFile: path + ".new", atomically: false, encoding: .utf8)
        #expect(rename(path + ".new", path) == 0)
    }

    @Test func markerColourChangesWhileRunningAndABrokenFileIsRejected() throws {
        let directory = NSTemporaryDirectory() + "touchlight-reload-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/config.toml"
        try "[fade]\nstale_ms = 20000\n".write(toFile: config, atomically: true, encoding: .utf8)

        let sway = try Sway()
        defer { sway.stop() }
        try sway.start("foot", ["sh", "-c", "sleep 60"])
        usleep(1_000_000)
        let log = Pipe()
        let touchlight = try sway.start(Sway.touchlight.path, ["--config", config, "--replay", SwayOverlayTests.trace], stderr: log)
        usleep(2_300_000)
        let before = try sway.screenshot("reload-before")
        #expect(SwayOverlayTests.isMarkerBlue(before[530, 300]), "first palette colour: \(before[530, 300])")

        try replace(config, with: "[fade]\nstale_ms = 20000\n[marker]\npalette = [\"#FF3030\"]\n")
        usleep(700_000)
        let after = try sway.screenshot("reload-after")
        #expect(Self.isRed(after[530, 300]), "the new palette, on the same marker: \(after[530, 300])")
        #expect(drain(log).contains("configuration reloaded from \(config)"))

        try replace(config, with: "[marker]\npalette = [\"crimson\"]\n")
        usleep(700_000)
        let rejected = drain(log)
        #expect(rejected.contains("has problems; keeping the last good configuration"))
        #expect(rejected.contains("config.toml:2:1: [marker] palette: found [\"crimson\"] (a list)"))
        let kept = try sway.screenshot("reload-kept")
        #expect(Self.isRed(kept[530, 300]), "the last good configuration stays: \(kept[530, 300])")
        #expect(touchlight.isRunning)
    }
}
