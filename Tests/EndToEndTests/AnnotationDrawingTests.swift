import Foundation
import Testing
import TouchCore

/// Annotation on a real compositor: headless sway, a replayed trace in draw mode, grim
/// screenshots checked pixel by pixel.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Sway.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Sway.missingPrerequisite ?? "")"))
    struct AnnotationDrawingTests {
        static func isInk(_ p: Image.Pixel) -> Bool { p.r > 200 && p.g < 90 && p.b < 90 }  // #e53935

        /// Three fingers draw at once; one more stroke; a two-finger tap undoes it.
        static var trace: String {
            var script = TraceScript(outputSize: Size(width: 800, height: 600), realistic: true, seed: 11)
            script.fingers(at: 0, for: 0.5, [150.0, 250, 350].map { y in .line(from: Point(x: 100, y: y), to: Point(x: 500, y: y + 10)) })
            script.fingers(at: 1.0, for: 0.4, [.line(from: Point(x: 100, y: 450), to: Point(x: 500, y: 460))])
            script.fingers(at: 3.0, for: 0.05, [.still(Point(x: 620, y: 520)), .still(Point(x: 700, y: 520))])
            return script.trace.text
        }

        @Test func threeFingersDrawAtOnceAndATwoFingerTapUndoes() throws {
            let sway = try Sway()
            defer { sway.stop() }
            try sway.start("foot", ["sh", "-c", "sleep 60"])
            usleep(1_000_000)
            let baseline = try sway.screenshot("annotate-terminal-alone")
            let trace = sway.runtimeDirectory.appendingPathComponent("draw.trace").path
            let config = sway.runtimeDirectory.appendingPathComponent("touchlight.toml").path
            try Self.trace.write(toFile: trace, atomically: true, encoding: .utf8)
            try "[annotate]\nwidth = 8.0\nmarkers_while_drawing = false\n".write(toFile: config, atomically: true, encoding: .utf8)
            let log = Pipe()
            let touchlight = try sway.start(Sway.touchlight.path, ["--mode", "draw", "--replay", trace, "--config", config], stderr: log)
            usleep(1_200_000)  // replay starts at 0.3 s; the three strokes end at 0.8 s
            let three = try sway.screenshot("annotate-three-fingers")
            for y in [150, 250, 350] {
                #expect(Self.isInk(three[300, y + 5]), "stroke at y = \(y): \(three[300, y + 5])")
            }
            usleep(1_000_000)  // the fourth stroke ends at 1.7 s; the tap comes at 3.3 s
            #expect(Self.isInk(try sway.screenshot("annotate-fourth-stroke")[300, 455]))
            usleep(2_000_000)
            let shot = try sway.screenshot("annotate-after-undo")
            #expect(!Self.isInk(shot[300, 455]), "the two-finger tap undid the last stroke: \(shot[300, 455])")
            for y in [150, 250, 350] { #expect(Self.isInk(shot[300, y + 5])) }
            // Nothing else: no dots where the fingers tapped, the terminal's pixels elsewhere.
            let elsewhere = shot.differences(from: baseline, excluding: [(80, 130, 520, 380)])
            #expect(elsewhere.isEmpty, "\(elsewhere.count) pixels changed outside the strokes, first \(elsewhere.prefix(3))")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5))
            #expect(touchlight.terminationStatus == 0, "\(drain(log))")
        }
    }
}
