import TouchCore
import Visualizer

/// TouchCore micro-benchmarks: hit-testing big trees and dispatching 10-finger frames.
@MainActor
enum TouchCoreBenchmarks {
    static func run() {
        print("TouchCore (median of 9 runs, release build)")
        var points: [Point] = []
        for i in 0..<1000 {
            let x = Double((i * 7919) % 1920), y = Double((i * 104_729) % 1080)
            points.append(Point(x: x, y: y))
        }

        let flat = Window(frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        for i in 0..<1000 {
            flat.addSubview(View(frame: Rect(x: Double(i % 40) * 48, y: Double(i / 40) * 43, width: 60, height: 50)))
        }
        let flatNs = medianNanoseconds(iterations: points.count) {
            for p in points { _ = flat.hitTest(p, with: nil) }
        }
        report("hitTest, 1,000 sibling views", flatNs)

        let nested = Window(frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        for a in 0..<10 {
            let column = View(frame: Rect(x: Double(a) * 192, y: 0, width: 192, height: 1080))
            nested.addSubview(column)
            for b in 0..<10 {
                let row = View(frame: Rect(x: 0, y: Double(b) * 108, width: 192, height: 108))
                column.addSubview(row)
                for c in 0..<10 {
                    row.addSubview(View(frame: Rect(x: Double(c) * 19.2, y: 0, width: 19.2, height: 108)))
                }
            }
        }
        let nestedNs = medianNanoseconds(iterations: points.count) {
            for p in points { _ = nested.hitTest(p, with: nil) }
        }
        report("hitTest, 10×10×10 nested views (1,110)", nestedNs)

        let plain = tenFingerFrameCost(recognizers: false)
        report("10-finger frame, no recognizers", plain)
        let withGestures = tenFingerFrameCost(recognizers: true)
        report("10-finger frame, 8 recognizers", withGestures, baseline: ("no recognizers", plain))
    }

    /// Cost of one frame in which 10 fingers move, in a window with a 1,000-view tree.
    static func tenFingerFrameCost(recognizers: Bool) -> Double {
        let window = Window(frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let canvas = View(frame: window.bounds)
        canvas.isMultipleTouchEnabled = true
        window.addSubview(canvas)
        for i in 0..<1000 {
            let leaf = View(frame: Rect(x: Double(i % 40) * 48, y: Double(i / 40) * 43, width: 40, height: 40))
            leaf.isUserInteractionEnabled = false
            canvas.addSubview(leaf)
        }
        let scheduler = ManualScheduler()
        let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        let gestures = StandardGestureSet()
        if recognizers { gestures.install(on: canvas) }
        let frames = 2_000
        var time = 0.0
        return medianNanoseconds(iterations: frames) {
            // Each run: 10 fingers down, `frames` frames of motion, all up.
            for id in 0..<10 {
                dispatcher.down(id: id, at: Point(x: 100 + Double(id) * 150, y: 500), time: time)
            }
            dispatcher.frame()
            for f in 0..<frames {
                time += frameInterval
                let wobble = Double(f % 60)
                for id in 0..<10 {
                    dispatcher.motion(id: id, at: Point(x: 100 + Double(id) * 150 + wobble, y: 500 + wobble), time: time)
                }
                dispatcher.frame()
            }
            for id in 0..<10 { dispatcher.up(id: id, time: time) }
            dispatcher.frame()
            time += 10
            scheduler.advance(to: time)
        }
    }
}
