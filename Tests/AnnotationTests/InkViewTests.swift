import Testing
import TestSupport
import TouchCore
@testable import Annotation

/// The ink view in a TouchCore window: several fingers draw at once, and the tap gestures
/// settle against the ink as `InkView` documents.
@MainActor @Suite struct InkViewTests {
    let scheduler = ManualScheduler()
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let view: InkView
    let dispatcher: TouchDispatcher

    init() {
        var settings = InkDocument.Settings()
        settings.tool = .pen
        view = InkView(frame: window.bounds, document: InkDocument(settings: settings))
        window.addSubview(view)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        view.mode = .draw
    }

    /// Fingers down at `points`, moved by `offset` in `steps`, lifted; at 120 Hz from `start`.
    func stroke(_ points: [Point], by offset: Point, steps: Int, at start: Double, firstID: Int = 1) {
        for (i, p) in points.enumerated() { dispatcher.down(id: firstID + i, at: p, time: start) }
        dispatcher.frame()
        for step in 1...max(1, steps) {
            let t = start + Double(step) / 120, u = Double(step) / Double(max(1, steps))
            for (i, p) in points.enumerated() {
                dispatcher.motion(id: firstID + i, at: Point(x: p.x + offset.x * u, y: p.y + offset.y * u), time: t)
            }
            dispatcher.frame()
            scheduler.advance(to: t)
        }
        let end = start + Double(steps + 1) / 120
        for i in points.indices { dispatcher.up(id: firstID + i, time: end) }
        dispatcher.frame()
        scheduler.advance(to: end + 0.5)
    }

    @Test func threeFingersDrawThreeStrokesAtOnce() {
        stroke([Point(x: 100, y: 100), Point(x: 100, y: 200), Point(x: 100, y: 300)], by: Point(x: 300, y: 20), steps: 30, at: 0)
        #expect(view.document.strokes.count == 3)
        #expect(view.document.strokes.allSatisfy { $0.samples.last!.point.x == 400 })
    }

    @Test func aTwoFingerTapUndoesAndLeavesNoDots() {
        stroke([Point(x: 100, y: 100)], by: Point(x: 300, y: 0), steps: 30, at: 0)
        stroke([Point(x: 100, y: 200)], by: Point(x: 300, y: 0), steps: 30, at: 1)
        #expect(view.document.strokes.count == 2)
        stroke([Point(x: 400, y: 400), Point(x: 500, y: 400)], by: Point(x: 2, y: 1), steps: 6, at: 2)
        #expect(view.document.strokes.count == 1, "undone, and the tap left no dots")
        stroke([Point(x: 400, y: 400), Point(x: 500, y: 400), Point(x: 600, y: 400)], by: .zero, steps: 6, at: 3, firstID: 10)
        #expect(view.document.strokes.count == 2, "a three-finger tap redoes, again without dots")
    }

    @Test func aOneFingerTapLeavesADot() {
        stroke([Point(x: 300, y: 300)], by: .zero, steps: 5, at: 0)
        #expect(view.document.strokes.count == 1)
    }

    @Test func passAndOffModesTakeNoTouches() {
        for mode in [AnnotationMode.pass, .off] {
            view.mode = mode
            #expect(window.hitTest(Point(x: 300, y: 300), with: nil) !== view, "\(mode): the ink view takes no touch")
            stroke([Point(x: 100, y: 100)], by: Point(x: 100, y: 0), steps: 10, at: 10)
            #expect(view.document.strokes.isEmpty)
        }
        view.mode = .draw
        #expect(window.hitTest(Point(x: 300, y: 300), with: nil) === view)
    }

    @Test func leavingDrawModeDropsStrokesInProgress() {
        dispatcher.down(id: 1, at: Point(x: 100, y: 100), time: 0)
        dispatcher.frame()
        dispatcher.motion(id: 1, at: Point(x: 200, y: 100), time: 0.1)
        dispatcher.frame()
        view.mode = .pass
        var live = 0
        view.document.forEachLiveStroke { _ in live += 1 }
        #expect(live == 0 && view.document.strokes.isEmpty)
    }
}

/// Pens reach the ink as touches of their own type: the eraser end erases whatever the tool,
/// and the tip's pressure sets the width.
extension InkViewTests {
    /// One contact from `from` to `to` in 10 steps at 120 Hz, pressing with `force(step)`.
    func drag(id: Int, type: TouchType, from: Point, to: Point, at start: Double, force: (Int) -> Double?) {
        dispatcher.stroke(id: id, type: type, from: from, to: to, at: start, scheduler: scheduler, force: force)
    }

    @Test func aPencilsPressureSetsTheWidthOfEachSample() throws {
        view.document.settings.width = 16
        drag(id: 1, type: .pencil, from: Point(x: 100, y: 100), to: Point(x: 400, y: 100), at: 0) { Double($0) / 10 }
        let stroke = try #require(view.document.strokes.first)
        let widths = stroke.samples.map(\.width)
        #expect(widths.first! == 16 * AnnotationDefaults.lightestPressureWidth, "no pressure draws the lightest width: \(widths)")
        #expect(widths.dropLast().last! > 15, "full pressure draws the set width: \(widths)")
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 <= $1 }, "pressing harder widens: \(widths)")
    }

    @Test func theEraserEndErasesWhilePenIsTheTool() {
        drag(id: 1, type: .direct, from: Point(x: 100, y: 100), to: Point(x: 400, y: 100), at: 0) { _ in nil }
        #expect(view.document.strokes.count == 1)
        drag(id: 2, type: .eraser, from: Point(x: 250, y: 50), to: Point(x: 250, y: 150), at: 1) { _ in 0.5 }
        #expect(view.document.strokes.isEmpty && view.document.settings.tool == .pen)
        #expect(view.document.undo() && view.document.strokes.count == 1, "the erasure undoes like any other")
    }
}
