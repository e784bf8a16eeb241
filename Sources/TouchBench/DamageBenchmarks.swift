import Foundation
import Glibc
import Renderer
import Stage
import TouchCore
import TouchlightConfig
import Visualizer

/// How many pixels a frame damages, as the overlay's scene draws them (what it hands the
/// compositor as damage, and what the compositor then copies and composites): the scene of
/// issue 49's peer measurement, three fingers circling at 60 Hz for 10 s on a 1280×720
/// output, with the defaults (markers, ripples, gesture cues, captions) and with markers only.
/// Run with `--damage`; it also times the frames' drawing (median, µs).
@MainActor
enum DamageBenchmarks {
    /// Three fingers 120° apart on a circle of 150 px around the output's centre, a turn every
    /// 2.5 s, 60 samples a second for 10 s: a rotation the recognizers see, its cue and caption.
    static func threeFingersCircling() -> TouchTrace {
        var lines = ["touchlight-trace 4", "output 1280 720 1"]
        let samples = 600
        for step in 0...samples {
            let t = Double(step) / 60
            for finger in 0..<3 {
                let angle = 2 * Double.pi * (t / 2.5 + Double(finger) / 3)
                let phase = step == 0 ? "down" : step == samples ? "up" : "move"
                lines.append(String(format: "%.4f %d %@ %.2f %.2f", t, finger + 1, phase, 640 + 150 * cos(angle), 360 + 150 * sin(angle)))
            }
        }
        return try! TouchTrace(text: lines.joined(separator: "\n") + "\n")
    }

    static var markersOnly: Configuration {
        var configuration = Configuration()
        configuration.style.ripplesEnabled = false
        configuration.style.showCues = []
        configuration.style.captions.isEnabled = false
        return configuration
    }

    /// Frames a second the scene is drawn at: 60, or `FPS=N` (45 matches the commits a second
    /// KWin takes from the overlay in `scripts/bench-peers`, so each frame moves as far).
    static var framesPerSecond: Double {
        ProcessInfo.processInfo.environment["FPS"].flatMap(Double.init).map { min(240, max(1, $0)) } ?? 60
    }

    static func run() {
        print("Damage per frame: three fingers circling for 10 s on 1280×720 (issue 49's scene), drawn at \(Int(framesPerSecond)) frames a second")
        let trace = threeFingersCircling()
        var noRipples = Configuration(), noCues = Configuration(), noCaptions = Configuration()
        noRipples.style.ripplesEnabled = false
        noCues.style.showCues = []
        noCaptions.style.captions.isEnabled = false
        let variants = [("defaults", Configuration()), ("markers only", markersOnly)]
            + (CommandLine.arguments.contains("--parts") ? [("no ripples", noRipples), ("no cues", noCues), ("no captions", noCaptions)] : [])
        for (name, configuration) in variants {
            let renderer = TraceRenderer(trace: trace, configuration: configuration, geometry: RenderGeometry(trace: trace), framesPerSecond: framesPerSecond)
            var areas: [Int] = [], rects: [Int] = [], times: [Double] = [], reported: [Int] = [], reportedRects: [Int] = []
            var handingTimes: [Double] = [], changedCounts: [Int] = []
            let clock = ContinuousClock()
            let compositorDamage = CompositorDamage()
            _ = renderer.renderNextFrame()  // the first frame is drawn whole
            while !renderer.isFinished, areas.count < 600 {
                var drawn: [PixelRect] = [], changed: [Rect] = []
                let duration = clock.measure { drawn = renderer.renderNextFrame { changed = $0 } }
                areas.append(drawn.reduce(0) { $0 + $1.width * $1.height })
                rects.append(drawn.count)
                times.append(nanoseconds(duration) / 1000)
                var handed: [PixelRect] = []
                let handing = clock.measure { handed = compositorDamage.trimmed(drawn, to: changed, scale: 1) }
                handingTimes.append(nanoseconds(handing) / 1000)
                changedCounts.append(changed.count)
                reported.append(handed.reduce(0) { $0 + $1.width * $1.height })
                reportedRects.append(handed.count)
            }
            let sortedAreas = areas.sorted(), sortedTimes = times.sorted()
            let mean = Double(areas.reduce(0, +)) / Double(max(1, areas.count))
            print(String(format: "  %-13@ damage %6.1f kpx a frame (mean; median %6.1f, max %6.1f; %.1f%% of the output), %4.1f rects; drawing %6.1f µs median",
                         name as NSString, mean / 1000, Double(sortedAreas[sortedAreas.count / 2]) / 1000, Double(sortedAreas.last ?? 0) / 1000,
                         100 * mean / (1280 * 720), Double(rects.reduce(0, +)) / Double(max(1, rects.count)), sortedTimes[sortedTimes.count / 2]))
            print(String(format: "  %-13@ handed to the compositor %6.1f kpx a frame (mean; median %6.1f), %5.1f rects, from %5.1f changed; trimming %5.1f µs median",
                         "" as NSString, Double(reported.reduce(0, +)) / Double(max(1, reported.count)) / 1000,
                         Double(reported.sorted()[reported.count / 2]) / 1000, Double(reportedRects.reduce(0, +)) / Double(max(1, reportedRects.count)),
                         Double(changedCounts.reduce(0, +)) / Double(max(1, changedCounts.count)), handingTimes.sorted()[handingTimes.count / 2]))
        }
    }
}
