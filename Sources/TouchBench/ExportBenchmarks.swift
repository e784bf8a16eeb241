import Renderer
import Stage
import TouchCore
import TouchlightConfig

/// `touchlight render`'s throughput at 1920×1080 and 3840×2160: drawing a frame, making it
/// straight RGBA, and encoding it as PNG, measured apart; and libspng against the PNG encoder
/// Touchlight wrote by hand, on the same frame in the same run.
@MainActor
enum ExportBenchmarks {
    /// Ten fingers sweeping across a 1920×1080 output for two seconds, with ripples and cues.
    static let tenFingers: TouchTrace = {
        var trace = TouchTrace(outputSize: Size(width: 1920, height: 1080))
        for step in 0...120 {
            let t = Double(step) / 60
            for finger in 1...10 {
                let x = 150 + 1500 * t / 2, y = Double(finger) * 95
                trace.events.append(.init(time: t, id: finger, phase: step == 0 ? .down : .move, x: x + 20 * sine(t * 7 + Double(finger)), y: y))
            }
        }
        for finger in 1...10 { trace.events.append(.init(time: 2.05, id: finger, phase: .up, x: 1650, y: Double(finger) * 95)) }
        return trace
    }()

    static func run() {
        print("Export (touchlight render), ten fingers over 2 s at 60 frames/s; median of 5 runs")
        for scale in [1.0, 2.0] {
            let geometry = RenderGeometry(trace: tenFingers, scale: scale)
            let label = "\(geometry.pixelWidth)×\(geometry.pixelHeight)"
            var frames = 0
            let draw = medianNanoseconds(runs: 5, iterations: 1) {
                let renderer = TraceRenderer(trace: tenFingers, configuration: Configuration(), geometry: geometry, framesPerSecond: 60)
                while !renderer.isFinished { renderer.renderNextFrame() }
                frames = renderer.frameCount
            }
            let perFrame = draw / Double(frames)
            report("render \(label): draw a frame (\(frames) frames)", perFrame)
            print(String(format: "    = %.0f frames/s drawing alone", 1e9 / perFrame))
            // A busy frame: a third of the way through the sweep.
            let renderer = TraceRenderer(trace: tenFingers, configuration: Configuration(), geometry: geometry, framesPerSecond: 60)
            for _ in 0..<40 { renderer.renderNextFrame() }
            var rgba: [UInt8] = []
            let convert = medianNanoseconds(runs: 5, iterations: 1) { renderer.canvas.straightRGBA(into: &rgba) }
            report("render \(label): premultiplied → straight RGBA", convert)
            let image = PNG.Image(width: geometry.pixelWidth, height: geometry.pixelHeight, rgba: rgba)
            let handWritten = medianNanoseconds(runs: 5, iterations: 1) { _ = HandWrittenPNG.encode(image) }
            report("\(label) PNG hand-written (zlib 9, no filter)", handWritten)
            for (level, filtered): (Int32, Bool) in [(9, true), (6, true), (9, false), (6, false), (3, false), (1, false)] {
                let ns = medianNanoseconds(runs: 5, iterations: 1) { _ = try? PNG.encode(image, level: level, filtered: filtered) }
                let bytes = (try? PNG.encode(image, level: level, filtered: filtered))?.count ?? 0
                report("\(label) libspng \(level)\(filtered ? " filtered" : "") \(bytes / 1024) KiB", ns, baseline: ("hand-written", handWritten))
            }
            print("    hand-written file: \(HandWrittenPNG.encode(image).count / 1024) KiB")
            let total = perFrame + convert + (medianNanoseconds(runs: 3, iterations: 1) { _ = try? PNG.encode(image) })
            print(String(format: "    = %.1f PNG frames/s end to end (draw + convert + encode, one core)", 1e9 / total))
        }
    }
}
