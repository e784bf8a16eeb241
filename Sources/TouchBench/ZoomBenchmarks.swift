import Annotation
import Renderer
import TouchCore
import Visualizer

/// The zoom on a 3840×2160 output at scale 2, its frozen picture ×2: a frame while one finger
/// draws on it (only the new ink's boxes are redrawn, the picture under them sampled
/// bilinearly), a frame of a pinch with the picture drawn here (the whole output is redrawn),
/// and one while the compositor shows the picture (as the live overlay pinches where it can:
/// only the ink is redrawn). Medians of 9 × 120 drawing frames and 9 × 20 pinch frames.
enum ZoomBenchmarks {
    static func run() {
        print("Zoom: a 3840×2160 picture shown ×2 at scale 2 (median of 9 runs)")
        let scene = Scene()
        let clock = ContinuousClock()
        var drawing: [Double] = [], pinching: [Double] = [], handedOver: [Double] = []
        for round in 0..<9 {
            scene.begin(stroke: round)
            for _ in 0..<sampleFrames { drawing.append(nanoseconds(clock.measure { scene.drawStep() })) }
            scene.end(stroke: round)
            for step in 0..<20 { pinching.append(nanoseconds(clock.measure { scene.pinchStep(step) })) }
            // As the live overlay pinches where the compositor can show the picture: the ink alone.
            scene.inkRenderer.below = nil
            scene.frame()
            for step in 0..<20 { handedOver.append(nanoseconds(clock.measure { scene.pinchStep(step) })) }
            scene.inkRenderer.below = scene.picture
            scene.frame()
        }
        let floor = Scene(zoomed: false)
        var copies: [Double] = []
        for _ in 0..<180 { copies.append(nanoseconds(clock.measure { floor.redrawWhole() })) }
        report("a frame while one finger draws, zoomed", drawing.sorted()[drawing.count / 2])
        report("the whole output redrawn at ×1 (a copy: the floor)", copies.sorted()[copies.count / 2])
        report("a pinch's frame (the whole output, bilinear)", pinching.sorted()[pinching.count / 2],
               baseline: ("the copy", copies.sorted()[copies.count / 2]))
        report("a pinch's frame, the compositor showing the picture", handedOver.sorted()[handedOver.count / 2],
               baseline: ("drawn here", pinching.sorted()[pinching.count / 2]))
        let clean = Scene()
        clean.inkRenderer.below = nil
        clean.begin(stroke: 0)
        for _ in 0..<30 { clean.drawStep() }  // one stroke, 240 output px long
        clean.end(stroke: 0)
        var light: [Double] = []
        for step in 0..<180 { light.append(nanoseconds(clock.measure { clean.pinchStep(step) })) }
        report("the same with one short stroke (the ink the pinch redraws)", light.sorted()[light.count / 2])
        let pinchAllocations = AllocationCounter.count { for step in 0..<60 { clean.pinchStep(step) } }
        print("allocations in 60 such pinch frames: \(pinchAllocations) (\(Double(pinchAllocations) / 60) per frame)")
        scene.begin(stroke: 99)
        for _ in 0..<30 { scene.drawStep() }
        let allocations = AllocationCounter.count { for _ in 0..<sampleFrames { scene.drawStep() } }
        print("allocations in \(sampleFrames) drawing frames while zoomed: \(allocations) (\(Double(allocations) / Double(sampleFrames)) per frame)")
        print("the picture: \(scene.picture.byteCount / 1_048_576) MiB, the one copy of the screen while zoomed")
    }

    final class Scene {
        let ink = InkDocument()
        let inkRenderer = InkRenderer()
        let renderer = MarkerRenderer(scale: 2)
        let canvas = Canvas(width: 3840, height: 2160)
        let source = Canvas(width: 3840, height: 2160)
        let picture: ZoomPicture
        let size = Size(width: 1920, height: 1080)
        var view = ZoomView()
        var time = 0.0
        var point = Point.zero

        init(zoomed: Bool = true) {
            for y in 0..<2160 {
                let row = (source.pixels + y * source.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<3840 { row[x] = 0xFF00_0000 | UInt32((x / 7) & 0xFF) << 16 | UInt32((y / 5) & 0xFF) << 8 | UInt32((x ^ y) & 0xFF) }
            }
            picture = ZoomPicture(pixels: source.pixels, width: 3840, height: 2160, stride: source.stride, opaque: true, yInverted: false,
                                  logicalSize: size, keeper: source)!
            picture.scale = 2
            if zoomed { view.zoom(by: 2, around: Point(x: 960, y: 540), in: size) }
            picture.view = view
            inkRenderer.view = view
            inkRenderer.below = picture
            renderer.underlay = inkRenderer
            frame()
        }

        func begin(stroke: Int) {
            point = view.toPicture(Point(x: 400 + Double(stroke % 5) * 200, y: 300 + Double(stroke % 3) * 150))
            ink.begin(contact: 1, at: point, time: time)
        }

        func drawStep() {
            time += frameInterval
            point = Point(x: point.x + 4, y: point.y + 1.5)  // 8 output px a frame at ×2: a brisk stroke at 120 Hz
            ink.move(contact: 1, to: point, time: time)
            frame()
        }

        func end(stroke: Int) {
            ink.end(contact: 1, time: time)
            frame()
        }

        func pinchStep(_ step: Int) {
            view.zoom(by: step % 2 == 0 ? 1.02 : 1 / 1.02, around: Point(x: 960, y: 540), in: size)
            picture.view = view
            inkRenderer.view = view
            frame()
        }

        /// A frame that redraws everything without changing the view.
        func redrawWhole() {
            inkRenderer.forgetDocument()
            frame()
        }

        func frame() {
            inkRenderer.update(from: ink, time: time, pixelWidth: canvas.width, pixelHeight: canvas.height, scale: 2)
            _ = renderer.draw([], into: canvas, damage: inkRenderer.damage)
        }
    }
}
