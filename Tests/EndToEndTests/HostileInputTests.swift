import Foundation
import HeadlessSession
import Testing

/// Issue 46 end to end: thousands of fingers at once are capped while ctl keeps answering, and
/// a render of a trace whose last line lies a year away is refused at once, or, asked for,
/// stops at SIGTERM with status 0 and nothing half written.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct HostileInputTests {
        /// Bug 46.9: 5,000 fingers down at once stalled the overlay, `ctl status` for seconds.
        @Test func thousandsOfFingersAreCappedAndCtlAnswers() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let path = sway.runtimeDirectory.path + "/crowd.trace"
            var trace = "touchlight-trace 6\noutput 800 600 1\n"
            for frame in 0..<20 {
                let time = 0.5 + Double(frame) / 60
                for id in 0..<5_000 { trace += "\(time) \(id) \(frame == 0 ? "down" : "move") \(id % 800 + frame) \(id / 10 % 600)\n" }
            }
            for id in 0..<5_000 { trace += "2 \(id) up 0 0\n" }
            try trace.write(toFile: path, atomically: true, encoding: .utf8)
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["--replay", path, "--verbose"], stderr: log)
            defer { touchlight.terminate() }
            let printed = waitForLine(in: log, containing: "contacts down at once", timeout: 20)
            #expect(printed.contains("more than 64 contacts down at once on HEADLESS-1: the rest are ignored until they lift"), "\(printed.suffix(600))")
            let status = try sway.ctl("status")
            #expect(status.status == 0 && status.output.contains(#""ok":true"#), "ctl answers during the replay: \(status.output)")
            #expect(touchlight.isRunning)
        }

        /// Bug 46.8: `render` of a trace whose last line is a year away counted billions of
        /// frames before the first and ignored SIGTERM.
        @Test func aRenderOfAYearIsRefusedOrStoppedCleanly() throws {
            let directory = try ReliabilityTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let trace = directory + "/year.trace"
            try "touchlight-trace 4\noutput 800 600 1\n0.5 1 down 10 10\n0.56 1 up 10 10\n31536000 set mode off\n"
                .write(toFile: trace, atomically: true, encoding: .utf8)
            let refused = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--out", directory + "/year.webm"])
            #expect(refused.status == 1 && refused.output.contains("over the 2-hour limit") && refused.output.contains("--allow-long"), "\(refused.output)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/year.webm"))

            let render = Process(), output = Pipe()
            render.executableURL = Desktop.touchlight
            render.arguments = ["render", trace, "--out", directory + "/year.webm", "--allow-long", "--quiet"]
            (render.standardOutput, render.standardError) = (output, output)
            try render.run()
            #expect(eventually(timeout: 20) { (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? 0 > 1 },
                    "the render started: \(drain(output))")
            usleep(500_000)  // drawing frames
            let took = ReliabilityTests.terminate(render)
            #expect(took < 5 && render.terminationStatus == 0, "SIGTERM ended it in \(took) s with status \(render.terminationStatus): \(drain(output))")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != "year.trace" }
            #expect(left.isEmpty, "nothing half written is left: \(left)")
        }
    }
}
