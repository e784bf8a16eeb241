import Foundation
import Testing

/// `[output] only` and `[performance] max_fps`, on a real compositor.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct OutputSettingsTests {
        func config(_ text: String) throws -> String {
            let path = NSTemporaryDirectory() + "touchlight-settings-\(UUID().uuidString.prefix(8)).toml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        @Test func onlyTheNamedOutputsGetOverlays() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            try sway.swaymsg("create_output")
            try sway.waitForOutput("HEADLESS-2") { _ in true }
            let file = try config("[output]\nonly = [\"HEADLESS-2\"]\n")
            defer { unlink(file) }
            let log = Pipe()
            try sway.start(Desktop.touchlight.path, ["--config", file], stderr: log)
            // Every output was seen before the first overlay is configured.
            let text = waitForLine(in: log, containing: "logical px")
            #expect(text.contains("overlay on output HEADLESS-2"))
            #expect(!text.contains("overlay on output HEADLESS-1"), "\(text)")
        }

        func commits(maxFPS: Int?) throws -> Int {
            let sway = try Desktop()
            defer { sway.stop() }
            let file = try config(maxFPS.map { "[performance]\nmax_fps = \($0)\n" } ?? "")
            defer { unlink(file) }
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["--config", file, "--statistics", "--replay", SwayOverlayTests.trace], stderr: log)
            // The drag ends 1.3 s in; then the ripples fade and the screen stays as it is.
            var printed = waitForLine(in: log, containing: "replay finished")
            _ = try sway.stillScreenshot("max-fps-\(maxFPS ?? 0)-settled")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5))
            printed += drain(log)
            let line = printed.split(separator: "\n").first { $0.contains("statistics:") } ?? ""
            let count = line.split(separator: " ").firstIndex(of: "commits;").flatMap { Int(line.split(separator: " ")[$0 - 1]) }
            return try #require(count, "no statistics line: \(line)")
        }

        @Test func maxFPSBoundsTheFrameRate() throws {
            let limited = try commits(maxFPS: 10)
            let free = try commits(maxFPS: nil)
            // 1.3 s of drag and ripples: about 13 frames at 10 fps, against the compositor's 60 Hz.
            #expect(limited <= 25, "\(limited) commits at max_fps = 10")
            #expect(free > 2 * limited, "\(free) commits without a limit, \(limited) with")
        }
    }
}
