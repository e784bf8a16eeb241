import Annotation
import Renderer
import TouchCore
import Visualizer

/// Annotation at the level a user feels it: ten fingers drawing at 120 Hz on a 3840×2160
/// output at scale 2, markers on, each frame damage-only; with no finished strokes and with
/// 2,000 of them, which must cost the same.
enum InkBenchmarks {
    static func run() {
        if CommandLine.arguments.contains("--profile") {
            // For perf: the drawing frames alone, with everything on.
            let scene = Scene(finishedStrokes: 0)
            for _ in 0..<3_000 { scene.step(lifting: true) }
            return
        }
        print("Ink: 10 fingers drawing at 120 Hz, 3840×2160 at scale 2, markers on (median frame of 3 × 480)")
        let markers = medianFrame(finishedStrokes: 0, parts: .markers)
        let inkOnly = medianFrame(finishedStrokes: 0, parts: .ink)
        let empty = medianFrame(finishedStrokes: 0)
        let full = medianFrame(finishedStrokes: 2_000)
        report("10 fingers, markers alone (no ink)", markers)
        report("10 fingers drawing, ink alone (no markers)", inkOnly)
        report("10 fingers drawing, 0 finished strokes", empty, baseline: ("markers alone", markers))
        report("10 fingers drawing, 2,000 finished strokes", full, baseline: ("0 finished strokes", empty))
        let scene = Scene(finishedStrokes: 0)
        for _ in 0..<240 { scene.step(lifting: false) }
        let allocations = AllocationCounter.count { for _ in 0..<sampleFrames { scene.step(lifting: false) } }
        print("allocations in \(sampleFrames) steady drawing frames: \(allocations) (\(Double(allocations) / Double(sampleFrames)) per frame)")
        if CommandLine.arguments.contains("--split") {
            let moves = AllocationCounter.count { for _ in 0..<sampleFrames { scene.moveOnly() } }
            let updates = AllocationCounter.count { for _ in 0..<sampleFrames { scene.inkRenderer.update(from: scene.ink, time: scene.time, pixelWidth: 3840, pixelHeight: 2160, scale: 2) } }
            print("  allocations: ink moves \(moves), ink renderer updates \(updates)")
        }
    }

    /// The median time of one frame, over 3 rounds of 480 frames (strokes 1 s long, staggered lifts).
    enum Parts { case markers, ink, both }

    static func medianFrame(finishedStrokes: Int, parts: Parts = .both) -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<3 {
            let scene = Scene(finishedStrokes: finishedStrokes, parts: parts)
            for _ in 0..<60 { scene.step(lifting: true) }  // warm up
            for _ in 0..<480 {
                let elapsed = clock.measure { scene.step(lifting: true) }
                samples.append(nanoseconds(elapsed))
            }
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    final class Scene {
        let ink: InkDocument
        let inkRenderer = InkRenderer()
        let visualizer = TouchVisualizer()
        let renderer = MarkerRenderer(scale: 2)
        let canvas = Canvas(width: 3840, height: 2160)
        let bounds = Rect(x: 0, y: 0, width: 1920, height: 1080)
        var damage: [Rect] = []
        var time = 0.0
        var frame = 0

        let parts: Parts

        init(finishedStrokes: Int, parts: Parts = .both) {
            self.parts = parts
            var settings = InkDocument.Settings()
            settings.width = 6
            settings.undoLimit = 100_000
            ink = InkDocument(settings: settings)
            damage.reserveCapacity(256)
            // Finished strokes all over the output, drawn into the layer once.
            for i in 0..<finishedStrokes {
                let y = Double(20 + (i * 37) % 1040), x = Double((i * 91) % 1600)
                ink.begin(contact: 100, at: Point(x: x, y: y), time: -1)
                for step in 1...12 { ink.move(contact: 100, to: Point(x: x + Double(step) * 25, y: y + Double(step % 3) * 4), time: -1 + Double(step) * frameInterval) }
                ink.end(contact: 100, time: -0.8)
            }
            inkRenderer.update(from: ink, time: 0, pixelWidth: canvas.width, pixelHeight: canvas.height, scale: 2)
            renderer.underlay = parts == .markers ? nil : inkRenderer
            renderer.drawAll([], into: canvas)
            for id in 0..<10 { down(id) }
        }

        func position(_ id: Int, _ frame: Int) -> Point {
            // Writing-like loops: about 400 logical px/s.
            let t = Double(frame) * frameInterval
            return Point(x: 150 + Double(id) * 170 + 60 * cosine(t * 7 + Double(id)) + 40 * t.truncatingRemainder(dividingBy: 1),
                         y: 300 + Double(id % 3) * 250 + 40 * sine(t * 9 + Double(id)))
        }

        func moveOnly() {
            frame += 1
            time += frameInterval
            for id in 0..<10 { ink.move(contact: id, to: position(id, frame), time: time) }
        }

        func down(_ id: Int) {
            let p = position(id, frame)
            ink.begin(contact: id, at: p, time: time)
            visualizer.touchDown(key: id, at: p, time: time)
        }

        /// One frame: the fingers move (each lifts and goes down again once a second, at its
        /// own moment, when `lifting`), then the model and a damage-only redraw.
        func step(lifting: Bool) {
            frame += 1
            time += frameInterval
            for id in 0..<10 {
                if lifting, (frame + id * 12) % sampleFrames == 0 {
                    ink.end(contact: id, time: time)
                    visualizer.touchUp(key: id, time: time)
                    down(id)
                    continue
                }
                let p = position(id, frame)
                ink.move(contact: id, to: p, time: time)
                visualizer.touchMoved(key: id, to: p, time: time)
            }
            damage.removeAll(keepingCapacity: true)
            if parts != .ink {
                visualizer.update(to: time, bounds: bounds)
                damage.append(contentsOf: visualizer.damage.rects)
            }
            if parts != .markers {
                inkRenderer.update(from: ink, time: time, pixelWidth: canvas.width, pixelHeight: canvas.height, scale: 2)
                damage.append(contentsOf: inkRenderer.damage)
            }
            renderer.draw(parts == .ink ? [] : visualizer.items, into: canvas, damage: damage)
        }
    }
}
