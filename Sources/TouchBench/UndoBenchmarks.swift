import Annotation
import Renderer
import TouchCore

/// `ctl undo` with thousands of strokes on a 3840×2160 output at scale 2: the frame that
/// follows one undo (and one redo) against drawing the whole layer anew, which is what undo
/// cost before it redrew only the undone stroke's box. Medians of 9 of each, in the same run.
enum UndoBenchmarks {
    static func run(strokes: Int = 4_249) {
        print("Undo: \(strokes) finished strokes, 3840×2160 at scale 2 (median of 9)")
        let scene = InkBenchmarks.Scene(finishedStrokes: strokes, parts: .ink)
        let clock = ContinuousClock()
        var undo: [Double] = [], redo: [Double] = [], rebuild: [Double] = [], added: [Double] = []
        for round in 0..<9 {
            // A stroke like the others, finished: the frame that draws it into the layer.
            let y = Double(20 + (round * 37) % 1040), x = Double((round * 91) % 1600)
            scene.ink.begin(contact: 100, at: Point(x: x, y: y), time: scene.time)
            for step in 1...12 { scene.ink.move(contact: 100, to: Point(x: x + Double(step) * 25, y: y + Double(step % 3) * 4), time: scene.time + Double(step) * frameInterval) }
            scene.ink.end(contact: 100, time: scene.time + 0.2)
            added.append(nanoseconds(clock.measure { scene.redrawInk() }))
            scene.ink.undo()
            undo.append(nanoseconds(clock.measure { scene.redrawInk() }))
            scene.ink.redo()
            redo.append(nanoseconds(clock.measure { scene.redrawInk() }))
            let fresh = InkRenderer()
            rebuild.append(nanoseconds(clock.measure {
                fresh.update(from: scene.ink, time: scene.time, pixelWidth: scene.canvas.width, pixelHeight: scene.canvas.height, scale: 2)
            }))
        }
        let median = { (samples: [Double]) in samples.sorted()[samples.count / 2] }
        report("the whole layer drawn anew (undo before)", median(rebuild))
        report("one new stroke's frame", median(added))
        report("one undo's frame", median(undo), baseline: ("the whole layer", median(rebuild)))
        report("one redo's frame", median(redo), baseline: ("the whole layer", median(rebuild)))
    }
}

extension InkBenchmarks.Scene {
    /// One frame with no finger moving: the ink brought up to date, its damage redrawn.
    func redrawInk() {
        inkRenderer.update(from: ink, time: time, pixelWidth: canvas.width, pixelHeight: canvas.height, scale: 2)
        renderer.draw([], into: canvas, damage: inkRenderer.damage)
    }
}
