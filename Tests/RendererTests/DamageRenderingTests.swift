import Testing
import TestSupport
import TouchCore
@testable import Visualizer
@testable import Renderer

@Suite struct DamageRenderingTests {
    /// Redrawing only the damage gives the same bytes as redrawing everything, frame after
    /// frame, over long random sequences of touches and cues, at integer and fractional scales,
    /// with and without the HUD (its crosshairs are thin damage, its paths a layer of their own).
    @Test(arguments: [1.0, 1.25, 1.5, 2.0], [false, true])
    func damageOnlyEqualsFullRedraw(scale: Double, hud: Bool) {
        var rng = SplitMix(state: UInt64(scale * 100))
        let size = Size(width: 320, height: 240)
        let bounds = Rect(origin: .zero, size: size)
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        var style = VisualizerStyle()
        style.hud.isEnabled = hud
        let visualizer = TouchVisualizer(style: style)
        let incremental = Canvas(width: width, height: height), full = Canvas(width: width, height: height)
        let renderer = MarkerRenderer(scale: scale), reference = MarkerRenderer(scale: scale)
        var positions: [Int: Point] = [:]
        var time = 0.0
        var mismatches: [String] = []
        for frame in 0..<600 {
            time += Double.random(in: 0.002...0.03, using: &rng)
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let key = Int.random(in: 0..<5, using: &rng)
                let p = Point(x: .random(in: -20...340, using: &rng), y: .random(in: -20...260, using: &rng))
                switch Int.random(in: 0..<12, using: &rng) {
                case 0: visualizer.touchDown(key: key, at: p, time: time, shape: Bool.random(using: &rng) ? ContactShape(major: 12, minor: 7, orientation: p.x) : nil); positions[key] = p
                case 1: visualizer.touchUp(key: key, time: time); positions[key] = nil
                case 2: visualizer.showTap(at: p, time: time)
                case 3: visualizer.updatePinch(p, Point(x: p.y, y: p.x), time: time)
                case 4: visualizer.endCue(.pinch, time: time)
                case 5: visualizer.updateRotation(p, Point(x: 160, y: 120), rotation: p.x / 50, time: time)
                case 6: visualizer.endCue(.rotation, time: time)
                case 7: visualizer.showSwipe(from: p, to: Point(x: 160, y: 120), time: time)
                default:
                    if let (k, old) = positions.randomElement(using: &rng) {
                        let moved = Point(x: old.x + .random(in: -25...25, using: &rng), y: old.y + .random(in: -25...25, using: &rng))
                        visualizer.touchMoved(key: k, to: moved, time: time)
                        positions[k] = moved
                    }
                }
            }
            visualizer.update(to: time, bounds: bounds)
            renderer.draw(visualizer.items, into: incremental, damage: visualizer.damage.rects)
            reference.drawAll(visualizer.items, into: full)
            if !sameBytes(incremental, full) { mismatches.append("frame \(frame)") }
        }
        #expect(mismatches.isEmpty, "damage-only differs from a full redraw at \(mismatches.prefix(5))")
    }

    func sameBytes(_ a: Canvas, _ b: Canvas) -> Bool {
        a.stride == b.stride && a.height == b.height
            && memcmp(a.pixels, b.pixels, a.stride * a.height) == 0
    }

    /// Crisp at every scale: the ring's outer edge sits where the scale puts it, and its
    /// anti-aliased ramp is at most two device pixels wide.
    @Test(arguments: [1.0, 1.25, 1.5, 2.0])
    func crispEdgesAtFractionalScales(scale: Double) {
        var style = VisualizerStyle()
        style.shadowOpacity = 0
        style.fillOpacity = 0
        style.showCues = []
        let visualizer = TouchVisualizer(style: style)
        visualizer.touchDown(key: 1, at: Point(x: 50, y: 50), time: 0)
        visualizer.update(to: 0, bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        let canvas = Canvas(width: Int(100 * scale), height: Int(100 * scale))
        MarkerRenderer(scale: scale).drawAll(visualizer.items, into: canvas)
        let y = Int(50 * scale)
        let alphas = (0..<canvas.width).map { Int(canvas.pixel(x: $0, y: y) >> 24) }
        let covered = alphas.indices.filter { alphas[$0] > 0 }
        guard let first = covered.first else { Issue.record("nothing drawn"); return }
        let expectedOuterEdge = (50 - style.markerRadius - style.ringWidth / 2) * scale
        #expect(abs(Double(first) - expectedOuterEdge) <= 1.0, "outer edge at \(first), expected \(expectedOuterEdge)")
        let peak = alphas.max() ?? 0
        let ramp = alphas[first...].prefix { $0 < peak * 9 / 10 }.count
        #expect(ramp <= 2, "edge ramp of \(ramp) px: \(alphas[first..<(first + 6)])")
    }

    @Test func spritesAreRasterizedOnceUntilTheScaleChanges() {
        let visualizer = TouchVisualizer()
        let renderer = MarkerRenderer(scale: 1)
        let canvas = Canvas(width: 200, height: 200)
        visualizer.touchDown(key: 1, at: Point(x: 50, y: 50), time: 0)
        visualizer.touchDown(key: 2, at: Point(x: 150, y: 150), time: 0)
        visualizer.update(to: 1, bounds: Rect(x: 0, y: 0, width: 200, height: 200))
        renderer.drawAll(visualizer.items, into: canvas)
        let afterFirst = renderer.spriteRasterizations
        #expect(afterFirst == 2, "one marker sprite per finger colour")
        for t in 0..<10 {
            visualizer.touchMoved(key: 1, to: Point(x: 50 + Double(t), y: 50), time: 1 + Double(t) / 100)
            visualizer.update(to: 1 + Double(t) / 100, bounds: Rect(x: 0, y: 0, width: 200, height: 200))
            renderer.draw(visualizer.items, into: canvas, damage: visualizer.damage.rects)
        }
        #expect(renderer.spriteRasterizations == afterFirst, "moving markers reuse their sprites")
        renderer.scale = 2
        renderer.drawAll(visualizer.items, into: Canvas(width: 400, height: 400))
        #expect(renderer.spriteRasterizations == afterFirst + 2, "a new scale rasterizes again")
    }

    @Test func pngRoundTrip() throws {
        let image = PNG.Image(width: 3, height: 2, rgba: (0..<24).map { UInt8($0 * 10) })
        #expect(try PNG.decode(PNG.encode(image)) == image)
        #expect(throws: PNG.CodingError.self) { try PNG.decode([1, 2, 3]) }
    }
}

import Foundation

/// Bug 4's last line of defence: an item far off the canvas, or with absurd sizes, draws
/// nothing instead of trapping in a Double→Int conversion.
@Suite struct HugeCoordinateTests {
    @Test func farAwayAndHugeItemsDrawNothingAndDoNotTrap() {
        let canvas = Canvas(width: 64, height: 64)
        let renderer = MarkerRenderer(scale: 2)
        let look = MarkerLook(radius: 30, ringWidth: 3, fillOpacity: 0.3, ringOpacity: 1, shadowOpacity: 0.3)
        let items = [
            DrawItem(identity: .init(owner: 1, part: 0), center: Point(x: 1e19, y: -1e19), shape: .marker(look), color: .white),
            DrawItem(identity: .init(owner: 2, part: 0), center: Point(x: -1e300, y: 5), shape: .ellipse(major: 1e300, minor: 1e300, angle: 0), color: .white),
            DrawItem(identity: .init(owner: 3, part: 0), center: Point(x: 10, y: 10), shape: .line(to: Point(x: 1e19, y: 1e19), width: 2), color: .white),
        ]
        renderer.drawAll(items, into: canvas)
        #expect(canvas.rgbaBytes().count == 64 * 64 * 4)
    }
}
