import Annotation
import Renderer
import TouchCore
import Visualizer

/// Typing into a text box on a 3840×2160 output at scale 2: the frame after one keystroke (the
/// box's words shaped and drawn again where the box was and is), the frame after Enter (the
/// words drawn into the ink layer), and frames with nothing typed. Medians of 9 × 60.
enum TextBenchmarks {
    static func run() {
        print("Text: typing into a 20-character box, 3840×2160 at scale 2, width 8 (median of 9 × 60)")
        guard let engine = TextRenderer.loading(family: "sans").renderer else {
            print("NOT RUN: no font could be loaded")
            return
        }
        let scene = Scene(engine: engine)
        let clock = ContinuousClock()
        var keystrokes: [Double] = [], commits: [Double] = []
        for _ in 0..<9 {
            scene.open()
            for index in 0..<60 {
                // Letters in, then taken out: the box stays about 20 characters long.
                let edit: TextEdit = index % 2 == 0 ? .insert("e") : .backspace
                keystrokes.append(nanoseconds(clock.measure { scene.type(edit) }))
            }
            commits.append(nanoseconds(clock.measure { scene.commit() }))
        }
        report("one keystroke's frame (shaped and drawn)", keystrokes.sorted()[keystrokes.count / 2])
        report("Enter's frame (the words into the ink layer)", commits.sorted()[commits.count / 2])
        scene.open()
        for _ in 0..<10 { scene.frame() }
        let steady = AllocationCounter.count { for _ in 0..<sampleFrames { scene.frame() } }
        print("allocations in \(sampleFrames) frames with the box open and nothing typed: \(steady) (\(Double(steady) / Double(sampleFrames)) per frame)")
        let typing = AllocationCounter.count { for index in 0..<sampleFrames { scene.type(index % 2 == 0 ? .insert("e") : .backspace) } }
        print("allocations in \(sampleFrames) keystroke frames: \(typing) (\(Double(typing) / Double(sampleFrames)) per keystroke: the box's words, shaping)")
    }

    final class Scene {
        let ink = InkDocument()
        let inkRenderer = InkRenderer()
        let renderer = MarkerRenderer(scale: 2)
        let canvas = Canvas(width: 3840, height: 2160)
        var box = TextBox(origin: .zero, color: .white, size: 0)
        var time = 0.0

        init(engine: TextRenderer) {
            inkRenderer.text.engine = engine
            renderer.underlay = inkRenderer
            frame()
        }

        func open() {
            box = TextBox(origin: Point(x: 700, y: 500), color: Color(red: 1, green: 0.2, blue: 0.2),
                          size: AnnotationDefaults.textSize(forWidth: 8), text: "Touchlight presenter")
            inkRenderer.textBox = box
            frame()
        }

        func type(_ edit: TextEdit) {
            box.apply(edit)
            inkRenderer.textBox = box
            frame()
        }

        func commit() {
            ink.addText(inkRenderer.text.content(of: box), at: box.origin, color: box.color)
            inkRenderer.textBox = nil
            frame()
        }

        func frame() {
            time += 1.0 / 60
            inkRenderer.update(from: ink, time: time, pixelWidth: canvas.width, pixelHeight: canvas.height, scale: 2)
            _ = renderer.draw([], into: canvas, damage: inkRenderer.damage)
        }
    }
}
