import Renderer
import TouchCore
import Visualizer

/// Captions and the HUD on the renderer benchmark's 3840×2160 scene (10 circling fingers with
/// ripples, drawn damage-only): 10 captions — a live pan, pinch and rotation whose numbers
/// change every frame, and 7 recognized gestures' captions held — then the HUD as well,
/// following one finger and then all ten (each with a crosshair across the output and its
/// path), each against the same scene and cues without them, in the same run. Also the glyph
/// cache's hit rate, the device pixels redrawn a frame, and the allocations of a steady frame.
@MainActor
enum CaptionBenchmarks {
    /// What a variant adds to the scene.
    enum Variant: CaseIterable {
        case none, captions, hudOnOneFinger, hudOnTenFingers

        var label: String {
            switch self {
            case .none: "same scene and cues, no captions, no HUD"
            case .captions: "10 captions"
            case .hudOnOneFinger: "10 captions + HUD following 1 finger"
            case .hudOnTenFingers: "10 captions + HUD following 10 fingers"
            }
        }
    }

    static func run() {
        print("Captions + HUD, 3840×2160 at scale 2 (medians of 7 interleaved pairs of 400 frames)")
        guard case .success(let font) = FontLocator.find(nil), let text = try? TextRenderer(font: font) else {
            print("  SKIPPED LOUDLY: no font (install fonts-dejavu-core: scripts/install-deps)")
            return
        }
        for variant in Variant.allCases.dropFirst() {
            let (without, with, difference) = interleaved(Scene(.none, text: nil), Scene(variant, text: text))
            let label = variant.label.padding(toLength: 40, withPad: " ", startingAt: 0)
            print(label + String(format: " %8.1f µs a frame, %+8.1f µs on the same run's %.1f µs without; %@ device px redrawn a frame",
                                 with / 1000, difference / 1000, without / 1000, redrawn(Scene(variant, text: text))))
        }
        print(String(format: "  glyph cache: %d lookups, %.2f%% hits (%d glyphs rasterized)",
                     text.lookups, 100 * text.hitRate, text.lookups - text.hits))
        print("  without captions or HUD, \(redrawn(Scene(.none, text: nil))) device px are redrawn a frame")
        let scene = Scene(.hudOnTenFingers, text: text)
        for _ in 0..<240 { scene.step() }
        let allocations = AllocationCounter.count { for _ in 0..<sampleFrames { scene.step() } }
        print("  allocations in \(sampleFrames) steady frames with captions + HUD on 10 fingers: \(allocations) (\(Double(allocations) / Double(sampleFrames)) per frame)")
    }

    /// The device pixels a steady frame of `scene` redraws (its damage, as drawn).
    static func redrawn(_ scene: Scene) -> String {
        for _ in 0..<sampleFrames { scene.step() }
        let runs = scene.base.renderer.draw(scene.visualizer.items, into: scene.base.canvas, damage: scene.visualizer.damage.rects)
        return String(format: "%.3f M", Double(runs.reduce(0) { $0 + $1.width * $1.height }) / 1e6)
    }

    final class Scene {
        let base = RendererBenchmarks.Scene()
        var visualizer: TouchVisualizer { base.visualizer }

        init(_ variant: Variant, text: TextRenderer?) {
            var style = visualizer.style
            style.captions.holdDuration = 1_000  // the recognized gestures' captions stay all run
            style.captions.isEnabled = variant != .none
            style.hud.isEnabled = variant == .hudOnOneFinger || variant == .hudOnTenFingers
            visualizer.style = style
            visualizer.textMeasurer = text
            // The fingers come down again, so the HUD (new with the style) follows them.
            let followed = variant == .hudOnOneFinger ? 1 : 10
            for id in 0..<followed { visualizer.touchDown(key: id, at: base.position(id, base.frame), time: base.time) }
            base.renderer.text = text
            text?.scale = 2
            // Seven recognized gestures, spread over the output, each with its caption.
            let spots = [(300.0, 150.0), (700, 150), (1100, 150), (1500, 150), (500, 950), (900, 950), (1300, 950)]
            for (index, (x, y)) in spots.enumerated() {
                var measures = CaptionMeasures()
                (measures.fingers, measures.taps) = (1 + index % 2, 2)
                switch index % 3 {
                case 0:
                    visualizer.showTap(at: Point(x: x, y: y), time: 0)
                    visualizer.caption(.tap, measures)
                case 1:
                    visualizer.showDoubleTap(at: Point(x: x, y: y), time: 0)
                    visualizer.caption(.doubleTap, measures)
                default:
                    visualizer.showSwipe(from: Point(x: x + 80, y: y), to: Point(x: x, y: y), time: 0)
                    measures.direction = .left
                    visualizer.caption(.swipe, measures)
                }
            }
            for _ in 0..<10 { advance() }
        }

        /// One frame: the fingers move, and a live pan, pinch and rotation (two fingers each,
        /// 100 to 160 px apart, away from the circling ones) go on, so their numbers change.
        private func advance() {
            let frame = base.frame + 1, time = base.time + frameInterval
            let wave = Double(frame % 240) / 240
            let gap = 100 + 60 * wave
            visualizer.updatePan(at: Point(x: 1500 + 200 * wave, y: 560), time: time)
            var measures = CaptionMeasures()
            measures.distance = 200 * wave
            visualizer.caption(.pan, measures)
            visualizer.updatePinch(Point(x: 700 - gap / 2, y: 560), Point(x: 700 + gap / 2, y: 560), time: time)
            measures.scale = gap / 100
            visualizer.caption(.pinch, measures)
            let angle = 2 * Double.pi * wave
            let r = 60.0
            visualizer.updateRotation(Point(x: 1100 - r * cosine(angle), y: 560 - r * sine(angle)),
                                      Point(x: 1100 + r * cosine(angle), y: 560 + r * sine(angle)), rotation: angle, time: time)
            measures.rotation = angle
            visualizer.caption(.rotation, measures)
            base.advance()
        }

        func step() {
            advance()
            base.renderer.draw(visualizer.items, into: base.canvas, damage: visualizer.damage.rects)
        }
    }

    /// Medians of 7 interleaved runs of 400 frames each (per frame, ns): without, with, and
    /// the difference within each pair, so a busy machine slows both sides of a pair alike.
    static func interleaved(_ without: Scene, _ with: Scene) -> (without: Double, with: Double, difference: Double) {
        let clock = ContinuousClock()
        func run(_ scene: Scene) -> Double {
            nanoseconds(clock.measure { for _ in 0..<400 { scene.step() } }) / 400
        }
        _ = run(without)  // warm up: pools, sprites, glyphs
        _ = run(with)
        var samples: [(Double, Double)] = []
        for _ in 0..<7 { samples.append((run(without), run(with))) }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return (median(samples.map(\.0)), median(samples.map(\.1)), median(samples.map { $0.1 - $0.0 }))
    }
}
