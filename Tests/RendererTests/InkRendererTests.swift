import Foundation
import Annotation
import Testing
import TestSupport
import TouchCore
import Visualizer
@testable import Renderer

/// Ink on pixels: every tool against golden images at scales 1 and 2, highlighter under pen,
/// no build-up where one stroke overlaps itself, lasers fading, and frames whose damage does
/// not grow with the finished strokes.
@Suite struct InkRendererTests {
    static let size = Size(width: 160, height: 100)

    /// Renders `document` at `time` into a fresh canvas, the way an overlay frame does.
    func render(_ document: InkDocument, ink: InkRenderer = InkRenderer(), time: Double = 10, scale: Double) -> Canvas {
        let canvas = Canvas(width: Int(Self.size.width * scale), height: Int(Self.size.height * scale))
        ink.update(from: document, time: time, pixelWidth: canvas.width, pixelHeight: canvas.height, scale: scale)
        let markers = MarkerRenderer(scale: scale)
        markers.underlay = ink
        markers.drawAll([], into: canvas)
        return canvas
    }

    static func document(_ tool: Tool) -> InkDocument {
        var settings = InkDocument.Settings()
        settings.tool = tool
        settings.holdsProvisionalInk = false
        settings.width = 6
        settings.color = Color(hex: "#1e88e5")!
        return InkDocument(settings: settings)
    }

    /// A wavy stroke from left to right, as a finger draws it at 120 Hz.
    static func wave(_ ink: InkDocument, id: Int = 1, y: Double = 50, start: Double = 0) {
        ink.begin(contact: id, at: Point(x: 20, y: y), time: start)
        for i in 1...40 {
            let x = 20 + Double(i) * 3
            ink.move(contact: id, to: Point(x: x, y: y + 20 * sin(Double(i) / 6)), time: start + Double(i) / 120)
        }
        ink.end(contact: id, time: start + 41 / 120)
    }

    static let scenes: [(name: String, build: @Sendable (InkDocument) -> Void)] = [
        ("pen", { wave($0) }),
        ("highlighter", { wave($0) }),
        ("laser", { wave($0) }),
        ("arrow", { wave($0) }),
        ("line", { ink in drag(ink, from: Point(x: 20, y: 80), to: Point(x: 140, y: 20)) }),
        ("rectangle", { ink in drag(ink, from: Point(x: 30, y: 20), to: Point(x: 130, y: 80)) }),
        ("ellipse", { ink in drag(ink, from: Point(x: 30, y: 20), to: Point(x: 130, y: 80)) }),
    ]

    static func drag(_ ink: InkDocument, from a: Point, to b: Point) {
        ink.begin(contact: 1, at: a, time: 0)
        ink.move(contact: 1, to: Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), time: 0.1)
        ink.move(contact: 1, to: b, time: 0.2)
        ink.end(contact: 1, time: 0.3)
    }

    @Test(arguments: scenes.map(\.name), [1.0, 2.0])
    func everyToolMatchesItsGolden(_ tool: String, scale: Double) throws {
        let ink = Self.document(Tool(rawValue: tool)!)
        Self.scenes.first { $0.name == tool }!.build(ink)
        // A laser is shown halfway through its fade.
        let time = tool == "laser" ? 41 / 120 + AnnotationDefaults.laserFade / 2 : 10
        try GoldenImage.check(render(ink, time: time, scale: scale), named: "ink-\(tool)@\(Int(scale))x")
    }

    @Test func highlighterInkStaysUnderPenInkWhicheverCameFirst() {
        let ink = Self.document(.pen)
        ink.settings.color = Color(hex: "#e53935")!
        Self.drag(ink, from: Point(x: 80, y: 10), to: Point(x: 80, y: 90))  // pen: a line, first
        ink.settings.tool = .line
        Self.drag(ink, from: Point(x: 80, y: 10), to: Point(x: 80, y: 90))
        ink.settings.tool = .highlighter
        ink.settings.width = 16
        ink.settings.color = Color(hex: "#fdd835")!
        ink.begin(contact: 2, at: Point(x: 20, y: 50), time: 1)
        ink.move(contact: 2, to: Point(x: 140, y: 50), time: 1.1)
        ink.end(contact: 2, time: 1.2)
        let canvas = render(ink, scale: 1)
        #expect(canvas.pixel(x: 80, y: 50) == Color(hex: "#e53935")!.premultipliedARGB, "the pen line shows through, unchanged")
        let highlight = canvas.pixel(x: 40, y: 50)
        #expect(abs(Int(highlight >> 24) - Int(AnnotationDefaults.highlighterOpacity * 255)) <= 1, "translucent elsewhere")
    }

    @Test func oneStrokeNeverBuildsUpWhereItCrossesItself() {
        for live in [false, true] {
            let ink = Self.document(.highlighter)
            ink.begin(contact: 1, at: Point(x: 20, y: 50), time: 0)
            ink.move(contact: 1, to: Point(x: 140, y: 50), time: 0.1)
            ink.move(contact: 1, to: Point(x: 80, y: 50), time: 0.2)
            ink.move(contact: 1, to: Point(x: 80, y: 90), time: 0.3)
            ink.move(contact: 1, to: Point(x: 80, y: 10), time: 0.4)
            if !live { ink.end(contact: 1, time: 0.5) }
            let canvas = render(ink, scale: 1)
            let once = canvas.pixel(x: 30, y: 50), crossed = canvas.pixel(x: 80, y: 50)
            #expect(once >> 24 > 0 && once == crossed, "\(live ? "live" : "finished"): the same alpha where it crosses")
        }
    }

    @Test func aLaserFadesAndThenAsksForNoMoreFrames() {
        let ink = Self.document(.laser)
        Self.wave(ink)
        let renderer = InkRenderer()
        let end = 41.0 / 120
        let early = render(ink, ink: renderer, time: end, scale: 1).pixel(x: 20, y: 50) >> 24
        #expect(renderer.isAnimating)
        let late = render(ink, ink: renderer, time: end + AnnotationDefaults.laserFade * 0.8, scale: 1).pixel(x: 20, y: 50) >> 24
        #expect(early > 200 && late > 0 && late < early / 3)
        let gone = render(ink, ink: renderer, time: end + AnnotationDefaults.laserFade, scale: 1)
        #expect(gone.pixel(x: 20, y: 50) == 0 && !renderer.isAnimating && ink.fadingLasers.isEmpty)
    }

    @Test func undoRedrawsTheLayerWithoutTheStroke() {
        let ink = Self.document(.pen)
        let renderer = InkRenderer()
        Self.wave(ink)
        ink.begin(contact: 2, at: Point(x: 5, y: 5), time: 1)
        ink.move(contact: 2, to: Point(x: 12, y: 8), time: 1.05)
        ink.end(contact: 2, time: 1.1)
        #expect(render(ink, ink: renderer, scale: 1).pixel(x: 20, y: 50) != 0)
        let small = ink.strokes[1].bounds
        ink.undo()
        #expect(render(ink, ink: renderer, scale: 1).pixel(x: 20, y: 50) != 0, "the wave stays")
        #expect(renderer.damage.contains { $0.contains(small) } && !renderer.damage.contains { $0.width >= Self.size.width },
                "only the undone stroke's box changed, not the whole layer: \(renderer.damage)")
        ink.undo()
        #expect(render(ink, ink: renderer, scale: 1).pixel(x: 20, y: 50) == 0)
        ink.redo()
        #expect(render(ink, ink: renderer, scale: 1).pixel(x: 20, y: 50) != 0)
    }

    /// Bug 29.14: one undo among thousands of strokes redrew every one of them (1.1 to 2.6 s).
    /// Undo, redo, erase and clear redraw only the boxes of the strokes that went or came; over
    /// random edits of many overlapping strokes (pen and highlighter, at scales 1 and 1.5) the
    /// layer stays byte for byte what drawing it anew gives.
    @Test(arguments: [1.0, 1.5])
    func editsRedrawOnlyWhatChangedAndEqualAFullRedraw(scale: Double) {
        var rng = SplitMix(state: 1414)
        let ink = Self.document(.pen)
        let renderer = InkRenderer()
        var id = 1
        for step in 0..<160 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...4:
                ink.settings.tool = Bool.random(using: &rng) ? .pen : .highlighter
                ink.settings.color = [Color(hex: "#E53935")!, Color(hex: "#1E88E5")!, Color(hex: "#FDD835")!].randomElement(using: &rng)!
                let start = Point(x: Double.random(in: 0...150, using: &rng), y: Double.random(in: 0...90, using: &rng))
                ink.begin(contact: id, at: start, time: Double(step))
                for i in 1...5 {
                    ink.move(contact: id, to: Point(x: start.x + Double(i) * Double.random(in: -6...6, using: &rng), y: start.y + Double(i) * 3),
                             time: Double(step) + Double(i) / 60)
                }
                ink.end(contact: id, time: Double(step) + 0.2)
                id += 1
            case 5, 6: ink.undo()
            case 7: ink.redo()
            case 8:
                ink.settings.tool = .eraser
                let at = Point(x: Double.random(in: 0...150, using: &rng), y: Double.random(in: 0...90, using: &rng))
                ink.begin(contact: id, at: at, time: Double(step))
                ink.move(contact: id, to: Point(x: at.x + 10, y: at.y), time: Double(step) + 0.05)
                ink.end(contact: id, time: Double(step) + 0.1)
                id += 1
            default:
                if Int.random(in: 0..<4, using: &rng) == 0 { ink.clear() } else { ink.undo() }
            }
            let kept = render(ink, ink: renderer, time: Double(step) + 1, scale: scale).rgbaBytes()
            let fresh = render(ink, time: Double(step) + 1, scale: scale).rgbaBytes()
            #expect(kept == fresh, "step \(step): \(zip(kept, fresh).filter { $0 != $1 }.count) bytes differ")
            if kept != fresh { return }
        }
        #expect(id > 60, "the edits drew strokes")
    }

    /// A growing stroke adds only its new segment: the frame's damage is that segment, however
    /// many strokes are finished already.
    @Test func aLiveFrameDamagesOnlyItsNewSegment() {
        let ink = Self.document(.pen)
        let renderer = InkRenderer()
        for i in 0..<300 {
            ink.begin(contact: 1, at: Point(x: 10, y: Double(i % 90) + 5), time: Double(i))
            ink.move(contact: 1, to: Point(x: 150, y: Double(i % 90) + 5), time: Double(i) + 0.1)
            ink.end(contact: 1, time: Double(i) + 0.2)
        }
        _ = render(ink, ink: renderer, time: 400, scale: 1)
        ink.begin(contact: 2, at: Point(x: 50, y: 50), time: 400)
        ink.move(contact: 2, to: Point(x: 60, y: 50), time: 400.01)
        _ = render(ink, ink: renderer, time: 400.01, scale: 1)
        ink.move(contact: 2, to: Point(x: 64, y: 51), time: 400.02)
        let canvas = Canvas(width: 160, height: 100)
        renderer.update(from: ink, time: 400.02, pixelWidth: 160, pixelHeight: 100, scale: 1)
        let area = renderer.damage.reduce(Rect.null) { $0.union($1) }
        #expect(area.width < 20 && area.height < 20, "only the new segment: \(area)")
        _ = canvas
    }
}

/// A page under the ink (`ctl board`): opaque, its grid where it belongs at any scale, the ink
/// over it, and a change of page redraws everything.
@Suite struct PageBackgroundTests {
    @Test(arguments: [1.0, 2.0])
    func theGridAndTheInkLieOnAnOpaquePage(scale: Double) {
        let ink = InkRenderer()
        let document = InkRendererTests.document(.pen)
        InkRendererTests.wave(document)
        let white = Color(red: 1, green: 1, blue: 1), blue = Color(red: 0, green: 0, blue: 1)
        ink.page = PageBackground(color: white, grid: (blue, 40, 1))
        let canvas = InkRendererTests().render(document, ink: ink, scale: scale)
        #expect(ink.damage.contains { $0.width >= 160 && $0.height >= 100 }, "a new page is damage everywhere")
        func px(_ x: Double, _ y: Double) -> UInt32 { canvas.pixel(x: Int(x * scale), y: Int(y * scale)) }
        #expect(px(10, 10) == 0xFFFF_FFFF && px(150, 95) == 0xFFFF_FFFF, "the page is opaque white")
        #expect(px(40, 10) == 0xFF00_00FF && px(80, 95) == 0xFF00_00FF && px(10, 40) == 0xFF00_00FF && px(10, 80) == 0xFF00_00FF,
                "grid lines every 40 logical px")
        #expect(px(41.5, 10) == 0xFFFF_FFFF, "one logical px wide")
        let stroke = px(20, 50)
        #expect(stroke >> 24 == 0xFF && stroke & 0xFF > 0xC0 && stroke >> 16 & 0xFF < 0x60, "the blue ink over the page: \(String(stroke, radix: 16))")
        // Back to no page: transparent again where there is no ink, and damage everywhere.
        ink.page = nil
        let clear = InkRendererTests().render(document, ink: ink, scale: scale)
        #expect(clear.pixel(x: Int(10 * scale), y: Int(10 * scale)) == 0 && ink.damage.contains { $0.width >= 160 })
    }
}
