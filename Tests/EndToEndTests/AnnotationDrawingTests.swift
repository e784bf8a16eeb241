import Foundation
import Testing
import TouchCore

/// Annotation on a real compositor: headless sway and today's desktops, a replayed trace in
/// draw mode, grim screenshots checked pixel by pixel.
extension EndToEnd {
    @Suite(.serialized)
    struct AnnotationDrawingTests {

        /// Three fingers draw at once; one more stroke; a two-finger tap undoes it.
        static var trace: String {
            var script = TraceScript(outputSize: Size(width: 800, height: 600), realistic: true, seed: 11)
            script.fingers(at: 0, for: 0.5, [150.0, 250, 350].map { y in .line(from: Point(x: 100, y: y), to: Point(x: 500, y: y + 10)) })
            script.fingers(at: 1.0, for: 0.4, [.line(from: Point(x: 100, y: 450), to: Point(x: 500, y: 460))])
            // The undo comes 3.6 s after the fourth stroke ends: time for a screenshot of it on a
            // loaded machine, where Mir 2.28 on llvmpipe shows a frame late.
            script.fingers(at: 5.0, for: 0.05, [.still(Point(x: 620, y: 520)), .still(Point(x: 700, y: 520))])
            return script.trace.text
        }

        /// With the canvas, and with GLES (the ink reaches GL as a texture pixman keeps up to
        /// date), on sway 1.7; with the canvas on the newest of each of today's desktops.
        static let desktops = DesktopPhase.chosen([(TestedDesktop.debian12Sway, "canvas"), (.debian12Sway, "gles")] + TestedDesktop.newest.map { ($0, "canvas") }) { $0.0.debian }

        @Test(arguments: desktops)
        func threeFingersDrawAtOnceAndATwoFingerTapUndoes(on desktop: TestedDesktop, renderer: String) throws {
            guard let sway = try desktop.started() else { return }
            defer { sway.stop() }
            let baseline = try sway.startApp(desktop.terminal, name: "annotate-terminal-alone-\(desktop)")
            let trace = sway.runtimeDirectory.appendingPathComponent("draw.trace").path
            let config = sway.runtimeDirectory.appendingPathComponent("touchlight.toml").path
            try Self.trace.write(toFile: trace, atomically: true, encoding: .utf8)
            try "[annotate]\nwidth = 8.0\nmarkers_while_drawing = false\ntoolbar = false\n[performance]\nrenderer = \"\(renderer)\"\n"
                .write(toFile: config, atomically: true, encoding: .utf8)
            let log = Pipe()
            let touchlight = try sway.start(sway.touchlight, ["--mode", "draw", "--replay", trace, "--config", config], stderr: log)
            // The replay starts 0.3 s in: the three strokes end at 0.8 s, the fourth at 1.7 s,
            // and the tap that undoes it comes at 5.3 s.
            let three = try sway.screenshot("annotate-three-fingers-\(renderer)-\(desktop)") { shot in [150, 250, 350].allSatisfy { shot[300, $0 + 5].isInk } }
            for y in [150, 250, 350] {
                #expect(three[300, y + 5].isInk, "stroke at y = \(y): \(three[300, y + 5])")
            }
            #expect((try sway.screenshot("annotate-fourth-stroke-\(desktop)") { $0[300, 455].isInk }[300, 455]).isInk)
            let shot = try sway.screenshot("annotate-after-undo-\(renderer)-\(desktop)") { !$0[300, 455].isInk }
            #expect(!shot[300, 455].isInk, "the two-finger tap undid the last stroke: \(shot[300, 455])")
            for y in [150, 250, 350] { #expect(shot[300, y + 5].isInk) }
            // Nothing else: no dots where the fingers tapped, the terminal's pixels elsewhere.
            let elsewhere = shot.differences(from: baseline, excluding: [(80, 130, 520, 380)])
            withKnownIssue("Mir 2.28 takes the focus from the terminal when the overlay maps", isIntermittent: true) {
                #expect(elsewhere.isEmpty, "\(elsewhere.count) pixels changed outside the strokes, first \(elsewhere.prefix(3))")
            } when: { desktop.takesTheFocusFromTheApp }
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5))
            let printed = drain(log)
            #expect(touchlight.terminationStatus == 0, "\(printed)")
            #expect(printed.contains("drawing with OpenGL ES 2") == (renderer == "gles"), "\(printed.suffix(1500))")
        }
    
        /// A session whose mode and tool change as it goes, written in trace format 2.
        static var toolChangeTrace: String {
            var script = TraceScript(outputSize: Size(width: 800, height: 600), realistic: true, seed: 5)
            script.fingers(at: 0, for: 0.4, [.line(from: Point(x: 100, y: 150), to: Point(x: 500, y: 170)),
                                             .line(from: Point(x: 100, y: 300), to: Point(x: 500, y: 280))])
            script.fingers(at: 0.8, for: 0.4, [.arc(center: Point(x: 400, y: 420), radius: 80, from: 0, to: 4)])
            var trace = script.trace
            trace.settings = [.init(time: 0, name: "mode", value: "draw"), .init(time: 0.6, name: "tool", value: "highlighter"),
                              .init(time: 0.6, name: "color", value: "1E88E5"), .init(time: 0.6, name: "width", value: "20")]
            return trace.text
        }

        /// record keeps the mode and tool changes with the touches, and replaying the recording
        /// draws the same ink.
        @Test(DesktopPhase.onDebian12) func aRecordedSessionReplaysToTheSameInk() throws {
            let directory = NSTemporaryDirectory() + "touchlight-annotate-record-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            chmod(directory, 0o755)
            let input = directory + "/input.trace", recording = directory + "/recording.trace"
            try Self.toolChangeTrace.write(toFile: input, atomically: true, encoding: .utf8)
            chmod(input, 0o644)

            func session(_ arguments: [String], name: String) throws -> Image {
                let sway = try Desktop()
                defer { sway.stop() }
                try sway.startApp(["foot", "sh", "-c", "sleep 60"], name: "\(name)-terminal")
                let config = sway.runtimeDirectory.appendingPathComponent("touchlight.toml").path
                // No toolbar: on 800×600 its third column reaches (100, 150), where the first stroke starts.
                try "[annotate]\nmarkers_while_drawing = false\ntoolbar = false\n".write(toFile: config, atomically: true, encoding: .utf8)
                let log = Pipe()
                let touchlight = try sway.start(Desktop.touchlight.path, arguments + ["--config", config], stderr: log)
                waitForLine(in: log, containing: "replay finished")
                let shot = try sway.stillScreenshot(name)
                touchlight.terminate()
                #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
                return shot
            }
            let first = try session(["record", recording, "--replay", input], name: "annotate-recorded")
            let text = try String(contentsOfFile: recording, encoding: .utf8)
            #expect(text.hasPrefix("touchlight-trace \(TouchTrace.formatVersion)\n"))
            for line in ["set mode draw", "set tool highlighter", "set color 1E88E5FF", "set width 20.0"] {
                #expect(text.contains(line), "\(line) in the recording")
            }
            // The pen strokes are red, the highlighter arc translucent blue over the terminal.
            #expect(first[300, 160].isInk && first[300, 290].isInk, "\(first[300, 160]) \(first[300, 290])")
            let arc = first[480, 420]
            #expect(arc.b > arc.r + 40, "highlighter at (480, 420): \(arc)")

            let second = try session(["--replay", recording], name: "annotate-replayed")
            let differing = second.differences(from: first)
            #expect(differing.count < 200, "the replay draws the same ink: \(differing.count) pixels differ, first \(differing.prefix(5))")
        }
    }
}
