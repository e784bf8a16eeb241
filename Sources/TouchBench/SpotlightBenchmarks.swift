import Annotation
import Renderer
import TouchCore
import Visualizer

/// The spotlight on a 3840×2160 output at scale 2: a frame where it follows a moving finger
/// (only the circle's old and new places are redrawn), against the same finger's marker alone
/// without it, and the frame that turns it on (the whole output). Medians of 9 × 240 frames.
enum SpotlightBenchmarks {
    static func run() {
        print("Spotlight: one finger moving at 120 Hz, 3840×2160 at scale 2, radius 120 (median of 9 × 240)")
        let marker = medianFrame(spotlight: false)
        let followed = medianFrame(spotlight: true)
        report("one finger's marker alone", marker)
        report("the marker with the spotlight following it", followed, baseline: ("the marker alone", marker))
        let scene = Scene(spotlight: true)
        let clock = ContinuousClock()
        var turnOn: [Double] = []
        for _ in 0..<9 {
            scene.underlay.show(nil)  // off: the next frame turns it on again
            scene.underlay.updateDamage(bounds: scene.bounds)
            turnOn.append(nanoseconds(clock.measure { scene.frame(moving: false, turningOn: true) }))
        }
        report("the frame that turns it on (the whole output)", turnOn.sorted()[4])
        for _ in 0..<sampleFrames { scene.frame(moving: true) }
        let allocations = AllocationCounter.count { for _ in 0..<sampleFrames { scene.frame(moving: true) } }
        print("allocations in \(sampleFrames) steady frames with the spotlight following: \(allocations) (\(Double(allocations) / Double(sampleFrames)) per frame)")
    }

    static func medianFrame(spotlight: Bool) -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<9 {
            let scene = Scene(spotlight: spotlight)
            for _ in 0..<30 { scene.frame(moving: true) }  // warm up
            for _ in 0..<240 { samples.append(nanoseconds(clock.measure { scene.frame(moving: true) })) }
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    final class Scene {
        let visualizer = TouchVisualizer()
        let renderer = MarkerRenderer(scale: 2)
        let canvas = Canvas(width: 3840, height: 2160)
        let underlay = SpotlightUnderlay()
        let bounds = Rect(x: 0, y: 0, width: 1920, height: 1080)
        let hasSpotlight: Bool
        var damage: [Rect] = []
        var time = 0.0
        var step = 0

        init(spotlight: Bool) {
            hasSpotlight = spotlight
            underlay.scale = 2
            if spotlight { renderer.underlay = underlay }
            damage.reserveCapacity(64)
            visualizer.touchDown(key: 1, at: position, time: 0)
            frame(moving: false, turningOn: spotlight)
        }

        /// A circle round the output, 1.5 s a turn.
        var position: Point { Point(x: 960 + 500 * cosine(Double(step) / 180 * .pi * 2), y: 540 + 300 * sine(Double(step) / 180 * .pi * 2)) }

        func frame(moving: Bool, turningOn: Bool = false) {
            if moving {
                step += 1
                time += frameInterval
                visualizer.touchMoved(key: 1, to: position, time: time)
            }
            _ = visualizer.update(to: time, bounds: bounds)
            damage.removeAll(keepingCapacity: true)
            damage.append(contentsOf: visualizer.damage.rects)
            if hasSpotlight || turningOn {
                underlay.show(Spotlight(center: position, radius: 120, dim: 0.6))
                underlay.updateDamage(bounds: bounds)
                damage.append(contentsOf: underlay.damage)
            }
            _ = renderer.draw(visualizer.items, into: canvas, damage: damage)
        }
    }
}
