import Renderer
import TouchCore
import Visualizer

/// The visualizer and renderer: one frame of 10 moving fingers with ripples on a 3840×2160
/// buffer, drawn damage-only and as a full redraw, and the allocations of a steady frame.
enum RendererBenchmarks {
    static func run() {
        print("Visualizer + pixman renderer, 3840×2160 at scale 2 (median of 9 runs)")
        let damageOnly = frameCost(fullRedraw: false)
        let full = frameCost(fullRedraw: true)
        report("10 moving fingers + ripples, full redraw", full)
        report("10 moving fingers + ripples, damage only", damageOnly, baseline: ("full redraw", full))
        print(String(format: "  damage-only is %.1f× faster than a full redraw", full / damageOnly))
        let probe = Scene()
        for _ in 0..<240 { probe.step(fullRedraw: false) }
        let rects = probe.visualizer.damage.rects
        let runs = probe.renderer.draw(probe.visualizer.items, into: probe.canvas, damage: rects)
        let area = runs.reduce(0) { $0 + $1.width * $1.height }
        print(String(format: "  steady frame: %d items, %d damage rects, redrawn as %d tile runs covering %.1f%% of the buffer",
                     probe.visualizer.items.count, rects.count, runs.count, 100 * Double(area) / (3840 * 2160)))
        if CommandLine.arguments.contains("--split") { split() }
        steadyFrames(240)  // warm up: pools, sprites, tile grid
        let allocations = AllocationCounter.count { steadyFrames(sampleFrames) }
        print("allocations in \(sampleFrames) steady-state frames: \(allocations) (\(Double(allocations) / Double(sampleFrames)) per frame)")
    }

    /// A scene: 10 fingers circling at a brisk drag's speed (about 400 logical px/s), so every
    /// frame moves them and spawns ripples.
    final class Scene {
        let visualizer = TouchVisualizer()
        let renderer = MarkerRenderer(scale: 2)
        let canvas = Canvas(width: 3840, height: 2160)
        let bounds = Rect(x: 0, y: 0, width: 1920, height: 1080)
        var time = 0.0
        var frame = 0

        init() {
            for id in 0..<10 { visualizer.touchDown(key: id, at: position(id, 0), time: 0) }
        }

        func position(_ id: Int, _ frame: Int) -> Point {
            // A circle of radius 55 at 1.2 turns per second: 2π·55·1.2 ≈ 415 px/s.
            let angle = Double(frame) * 2 * Double.pi * 1.2 * frameInterval + Double(id)
            return Point(x: 110 + Double(id) * 190 + 55 * cosine(angle), y: 300 + Double(id % 2) * 450 + 55 * sine(angle))
        }

        /// Moves the fingers and updates the model by one frame, drawing nothing.
        func advance() {
            frame += 1
            time += frameInterval
            for id in 0..<10 { visualizer.touchMoved(key: id, to: position(id, frame), time: time) }
            visualizer.update(to: time, bounds: bounds)
        }

        func step(fullRedraw: Bool) {
            advance()
            if fullRedraw {
                renderer.drawAll(visualizer.items, into: canvas)
            } else {
                renderer.draw(visualizer.items, into: canvas, damage: visualizer.damage.rects)
            }
        }
    }

    static func frameCost(fullRedraw: Bool) -> Double {
        let scene = Scene()
        for _ in 0..<sampleFrames { scene.step(fullRedraw: fullRedraw) }  // warm up: pools and sprites
        let frames = fullRedraw ? 30 : 600
        return MainActor.assumeIsolated {
            medianNanoseconds(iterations: frames) { for _ in 0..<frames { scene.step(fullRedraw: fullRedraw) } }
        }
    }

    /// Times the parts of a damage-only frame separately.
    static func split() {
        let scene = Scene()
        for _ in 0..<240 { scene.step(fullRedraw: false) }
        let clock = ContinuousClock()
        var model = Duration.zero, render = Duration.zero, clear = Duration.zero
        for _ in 0..<600 {
            scene.frame += 1
            scene.time += frameInterval
            model += clock.measure {
                for id in 0..<10 { scene.visualizer.touchMoved(key: id, to: scene.position(id, scene.frame), time: scene.time) }
                scene.visualizer.update(to: scene.time, bounds: scene.bounds)
            }
            let rects = scene.visualizer.damage.rects
            render += clock.measure { scene.renderer.draw(scene.visualizer.items, into: scene.canvas, damage: rects) }
            clear += clock.measure { scene.renderer.draw([], into: scene.canvas, damage: rects) }
        }
        func µs(_ d: Duration) -> String {
            String(format: "%.1f µs", nanoseconds(d) / 1000 / 600)
        }
        print("  split per frame: model \(µs(model)), render \(µs(render)), of which clearing alone \(µs(clear))")
        var a = (moves: 0, update: 0, draw: 0)
        for _ in 0..<sampleFrames {
            scene.frame += 1
            scene.time += frameInterval
            a.moves += AllocationCounter.count {
                for id in 0..<10 { scene.visualizer.touchMoved(key: id, to: scene.position(id, scene.frame), time: scene.time) }
            }
            a.update += AllocationCounter.count { scene.visualizer.update(to: scene.time, bounds: scene.bounds) }
            a.draw += AllocationCounter.count { scene.renderer.draw(scene.visualizer.items, into: scene.canvas, damage: scene.visualizer.damage.rects) }
        }
        print("  allocations in \(sampleFrames) frames: moves \(a.moves), update \(a.update), draw \(a.draw)")
    }

    nonisolated(unsafe) static var steadyScene: Scene?

    static func steadyFrames(_ n: Int) {
        let scene = steadyScene ?? Scene()
        steadyScene = scene
        for _ in 0..<n { scene.step(fullRedraw: false) }
    }
}
