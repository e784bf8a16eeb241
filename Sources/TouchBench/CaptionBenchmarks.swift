import Renderer
import TouchCore
import Visualizer

/// Captions and the HUD on the renderer benchmark's 3840×2160 scene (10 circling fingers with
/// ripples, drawn damage-only): 10 captions — a live pan, pinch and rotation whose numbers
/// change every frame, and 7 recognized gestures' captions held — and the HUD (its position,
/// travel and velocity lines change every frame), against the same scene and cues without
/// them, in the same run. Also the glyph cache's hit rate and the allocations of a steady frame.
@MainActor
enum CaptionBenchmarks {
    static func run() {
        print("Captions + HUD, 3840×2160 at scale 2 (median of 9 runs of 600 frames)")
        guard case .success(let font) = FontLocator.find(nil), let text = try? TextRenderer(font: font) else {
            print("  SKIPPED LOUDLY: no font (install fonts-dejavu-core: scripts/install-deps)")
            return
        }
        let without = frameCost(Scene(text: nil))
        let with = frameCost(Scene(text: text))
        report("same scene and cues, no captions, no HUD", without)
        report("10 captions + HUD", with, baseline: ("without", without))
        print(String(format: "  captions + HUD cost %.1f µs more per frame", (with - without) / 1000))
        print(String(format: "  glyph cache: %d lookups, %.2f%% hits (%d glyphs rasterized)",
                     text.lookups, 100 * text.hitRate, text.lookups - text.hits))
        let scene = Scene(text: text)
        for _ in 0..<240 { scene.step() }
        let allocations = AllocationCounter.count { for _ in 0..<120 { scene.step() } }
        print("  allocations in 120 steady frames with captions + HUD: \(allocations) (\(Double(allocations) / 120) per frame)")
        let captions = scene.visualizer.items.filter { if case .text = $0.shape { true } else { false } }.count
        print("  a steady frame shows \(captions) lines of text (captions and HUD lines)")
    }

    final class Scene {
        let base = RendererBenchmarks.Scene()
        var visualizer: TouchVisualizer { base.visualizer }

        init(text: TextRenderer?) {
            var style = visualizer.style
            style.captions.holdDuration = 1_000  // the recognized gestures' captions stay all run
            style.hud.isEnabled = text != nil
            visualizer.style = style
            visualizer.textMeasurer = text
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

        /// One frame: the fingers move, and the live pan, pinch and rotation follow them.
        private func advance() {
            let frame = base.frame + 1, time = base.time + 1.0 / 120
            let a = base.position(0, frame), b = base.position(1, frame), c = base.position(2, frame)
            visualizer.updatePan(at: c, time: time)
            var measures = CaptionMeasures()
            measures.distance = Double(frame)
            visualizer.caption(.pan, measures)
            visualizer.updatePinch(a, b, time: time)
            measures.scale = 1 + Double(frame % 200) / 100
            visualizer.caption(.pinch, measures)
            visualizer.updateRotation(a, b, rotation: Double(frame % 360) * .pi / 180, time: time)
            measures.rotation = Double(frame % 360) * .pi / 180
            visualizer.caption(.rotation, measures)
            base.advance()
        }

        func step() {
            advance()
            base.renderer.draw(visualizer.items, into: base.canvas, damage: visualizer.damage.rects)
        }
    }

    static func frameCost(_ scene: Scene) -> Double {
        for _ in 0..<120 { scene.step() }  // warm up: pools, sprites, glyphs
        return medianNanoseconds(iterations: 600) { for _ in 0..<600 { scene.step() } }
    }
}
