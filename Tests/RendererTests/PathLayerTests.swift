import Foundation
import Testing
import TouchCore
@testable import Visualizer
@testable import Renderer

/// The HUD's paths are drawn once into a layer the renderer keeps: what shows must be what
/// drawing every line gives, however the layer got there (pieces added, the oldest dropped
/// from a full path, all of them gone at the next gesture).
@Suite struct PathLayerTests {
    func sameBytes(_ a: Canvas, _ b: Canvas) -> Bool {
        a.stride == b.stride && a.height == b.height && memcmp(a.pixels, b.pixels, a.stride * a.height) == 0
    }

    /// A long circling gesture (its path fills, then drops its oldest piece each move), a
    /// second finger, a lift and a new gesture: each frame drawn damage-only with the kept
    /// layer equals a fresh renderer's full redraw.
    @Test(arguments: [1.0, 1.5])
    func aKeptLayerEqualsAFreshOne(scale: Double) {
        var style = VisualizerStyle()
        style.hud.isEnabled = true
        let visualizer = TouchVisualizer(style: style)
        let bounds = Rect(x: 0, y: 0, width: 300, height: 220)
        let width = Int(300 * scale), height = Int(220 * scale)
        let kept = MarkerRenderer(scale: scale), canvas = Canvas(width: width, height: height)
        var time = 0.0, mismatches: [Int] = []
        let frames = visualizer.hudPathCapacity + 120
        for frame in 0..<frames {
            time += 0.01
            let angle = Double(frame) * 0.09
            let p = Point(x: 150 + 70 * cos(angle), y: 110 + 70 * sin(angle))  // 6.3 px a step
            switch frame {
            case 0: visualizer.touchDown(key: 1, at: p, time: time)
            case 40: visualizer.touchDown(key: 2, at: Point(x: 40, y: 40), time: time)
            case frames - 60:
                visualizer.touchUp(key: 1, time: time)
                visualizer.touchUp(key: 2, time: time)
            case frames - 40: visualizer.touchDown(key: 3, at: p, time: time)
            default:
                visualizer.touchMoved(key: frame < frames - 60 ? 1 : 3, to: p, time: time)
                if frame > 40, frame < frames - 60 { visualizer.touchMoved(key: 2, to: Point(x: 40 + Double(frame % 30), y: 40), time: time) }
            }
            visualizer.update(to: time, bounds: bounds)
            kept.draw(visualizer.items, into: canvas, damage: visualizer.damage.rects)
            guard frame % 7 == 0 || frame > frames - 65 else { continue }
            let fresh = Canvas(width: width, height: height)
            MarkerRenderer(scale: scale).drawAll(visualizer.items, into: fresh)
            if !sameBytes(canvas, fresh) { mismatches.append(frame) }
        }
        let pieces = visualizer.items.filter(\.persists).count
        #expect(pieces > 0 && pieces < 100, "the new gesture's path only: \(pieces)")
        #expect(mismatches.isEmpty, "the kept layer differs at frames \(mismatches.prefix(8))")
    }

    /// The layer's image, as large as the output, exists only while there are lines to keep.
    @Test func theLayerGoesWithItsLines() {
        let renderer = MarkerRenderer(scale: 2), canvas = Canvas(width: 200, height: 200)
        let line = DrawItem(identity: .init(owner: 7, part: 3), center: Point(x: 10, y: 10), shape: .line(to: Point(x: 60, y: 40), width: 2),
                            color: .white, persists: true)
        let plain = DrawItem(identity: .init(owner: 8, part: 0), center: Point(x: 50, y: 50), shape: .disc(radius: 8), color: .white)
        renderer.drawAll([plain], into: canvas)
        #expect(!renderer.pathLayer.hasImage, "no lines, no layer")
        renderer.draw([plain, line], into: canvas, damage: [line.bounds])
        #expect(renderer.pathLayer.hasImage)
        #expect(canvas.pixel(x: 70, y: 50) != 0, "the line shows")
        renderer.draw([plain], into: canvas, damage: [line.bounds])
        #expect(!renderer.pathLayer.hasImage, "the last line went, and the layer with it")
        #expect(canvas.pixel(x: 70, y: 50) == 0, "and the line is gone from the canvas")
    }

    /// Lines alone, overlapping and translucent: through the layer they look as drawn one by one.
    @Test func theLayerLooksLikeDrawingEachLine() {
        var items: [DrawItem] = []
        for i in 0..<40 {
            let a = Point(x: 10 + Double(i * 7 % 90), y: 12 + Double(i * 13 % 70))
            let b = Point(x: 100 - Double(i * 5 % 80), y: 80 - Double(i * 3 % 60))
            items.append(DrawItem(identity: .init(owner: 7, part: i), center: a, shape: .line(to: b, width: 2.5),
                                  color: Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.85), persists: true))
        }
        let layered = Canvas(width: 165, height: 150), direct = Canvas(width: 165, height: 150)
        MarkerRenderer(scale: 1.5).drawAll(items, into: layered)
        let plain = MarkerRenderer(scale: 1.5)
        plain.keepsLayer = false
        plain.drawAll(items, into: direct)
        #expect(sameBytes(layered, direct))
        #expect((0..<150).contains { y in (0..<165).contains { layered.pixel(x: $0, y: y) != 0 } }, "something was drawn")
    }
}
