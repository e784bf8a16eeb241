import Foundation
import Testing

/// A live pinch's caption under sway: two replayed fingers pinch out to 1.8 times their
/// distance and rest, and the screenshot shows "pinch ×1.8" above them, clear of both, pixel
/// for pixel what `touchlight render` draws for the same trace at that time (same text engine,
/// DejaVu Sans from fonts-dejavu-core).
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil && Export.missingPrerequisite == nil,
                                 "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? Export.missingPrerequisite ?? "")"))
    struct CaptionTests {
        static let trace = Desktop.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/pinch-and-hold.trace").path

        /// The canvas and GLES (llvmpipe; its caption is a texture of the same pixels).
        @Test(arguments: ["canvas", "gles"])
        func aLivePinchIsCaptionedWithItsScale(renderer: String) throws {
            let work = try Export.workDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let config = work.appendingPathComponent("config.toml").path
            try "[performance]\nrenderer = \"\(renderer)\"\n".write(toFile: config, atomically: true, encoding: .utf8)

            let sway = try Desktop()
            defer { sway.stop() }
            let baseline = try sway.screenshot("caption-baseline")
            let log = Pipe()
            let touchlight = try sway.start("/usr/bin/env", ["LIBGL_ALWAYS_SOFTWARE=1", Desktop.touchlight.path, "--config", config,
                                                             "--replay", Self.trace, "--verbose"], stderr: log)
            // The replay starts 0.3 s in: the pinch is over by 0.7 s, and nothing moves while the
            // fingers rest, from 0.85 s to 4.3 s.
            var text = ""
            waitForRest(in: log, printed: &text, after: "touch 2 began")
            let shot = try sway.screenshot("caption-live-\(renderer)")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5), "no exit on SIGTERM")
            text += drain(log)
            #expect(touchlight.terminationStatus == 0, "\(text.suffix(1500))")
            if renderer == "gles" { #expect(text.contains("drawing with OpenGL ES 2"), "\(text.suffix(1500))") }

            // The same trace rendered at 2 s (nothing moves from 0.85 s to 4 s), over the baseline.
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", Self.trace, "--out", work.appendingPathComponent("frames").path + "/",
                                                                               "--fps", "10"])
            #expect(status == 0, "\(output)")
            let frame = try Export.decode(work.appendingPathComponent("frames/frame-000020.png").path, width: 800, height: 600)

            // The caption: what the rendered frame draws above the fingers, between the markers' tops.
            var captionPixels = 0, matching = 0, bright = 0, dark = 0
            for y in 200..<262 {
                for x in 320..<480 where frame.alpha(x, y) > 0 {
                    let a = Int(frame.alpha(x, y)), under = baseline[x, y]
                    func over(_ c: Int, _ b: Int) -> Int { (c * a + b * (255 - a) + 127) / 255 }
                    let i = (y * 800 + x) * 4
                    let expected = (over(Int(frame.rgba[i]), under.r), over(Int(frame.rgba[i + 1]), under.g), over(Int(frame.rgba[i + 2]), under.b))
                    let live = shot[x, y]
                    captionPixels += 1
                    if abs(live.r - expected.0) <= 8, abs(live.g - expected.1) <= 8, abs(live.b - expected.2) <= 8 { matching += 1 }
                    if live.r > 230, live.g > 230, live.b > 230 { bright += 1 }
                    if live.r < 40, live.g < 40, live.b < 40 { dark += 1 }
                }
            }
            print("live caption (\(renderer)): \(captionPixels) pixels, \(matching) match the render, \(bright) white, \(dark) black")
            #expect(captionPixels > 500, "\(renderer): the rendered frame has no caption above the fingers (\(captionPixels) pixels)")
            #expect(matching * 100 >= captionPixels * 98, "\(renderer): \(matching) of \(captionPixels) caption pixels match the render")
            #expect(bright > 150 && dark > 150, "\(renderer): white text (\(bright)) in a black outline (\(dark))")
            // Never over a finger: the markers' discs (radius 30 + ring) keep their look.
            for (cx, cy) in [(310, 300), (490, 300)] {
                #expect(frame.alpha(cx, cy) > 0 && shot[cx, cy] != baseline[cx, cy], "the marker at (\(cx), \(cy)) shows")
            }
        }
    }
}
