import Glibc
import Testing
import TouchCore
import Visualizer
@testable import Annotation

/// The `select` tool in a TouchCore window: a tap and a lasso select, one finger moves, two
/// fingers scale and turn around their centre, the delete button removes; each one undo step.
@MainActor @Suite struct SelectToolTests {
    let scheduler = ManualScheduler()
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let view: InkView
    let dispatcher: TouchDispatcher
    var ink: InkDocument { view.document }

    /// A horizontal line from (200, 300) to (400, 300), and a short one at (600, 100).
    init() {
        var settings = InkDocument.Settings()
        settings.tool = .line
        settings.holdsProvisionalInk = false
        view = InkView(frame: window.bounds, document: InkDocument(settings: settings))
        window.addSubview(view)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        view.mode = .draw
        for (a, b) in [(Point(x: 200, y: 300), Point(x: 400, y: 300)), (Point(x: 600, y: 100), Point(x: 700, y: 100))] {
            ink.begin(contact: 99, at: a, time: 0)
            ink.move(contact: 99, to: b, time: 0.1)
            ink.end(contact: 99, time: 0.2)
        }
        view.document.settings.tool = .select
    }

    var time = 1.0

    /// Contacts from `starts` to `ends` together, in `steps` frames of 1/60 s.
    mutating func drag(_ starts: [Point], to ends: [Point], steps: Int = 12) {
        let ids = starts.indices.map { 10 + $0 }
        for (id, p) in zip(ids, starts) { dispatcher.down(id: id, at: p, time: time) }
        dispatcher.frame()
        for step in 1...steps {
            time += 1.0 / 60
            scheduler.advance(to: time)
            let u = Double(step) / Double(steps)
            for (i, id) in ids.enumerated() {
                dispatcher.motion(id: id, at: Point(x: starts[i].x + (ends[i].x - starts[i].x) * u, y: starts[i].y + (ends[i].y - starts[i].y) * u), time: time)
            }
            dispatcher.frame()
        }
        time += 1.0 / 60
        for id in ids { dispatcher.up(id: id, time: time) }
        dispatcher.frame()
        time += 1
        scheduler.advance(to: time)
    }

    mutating func tap(_ p: Point) { drag([p], to: [p], steps: 2) }

    var line: Stroke { ink.strokes[0] }

    func close(_ a: Point, _ b: Point) -> Bool { a.distance(to: b) < 1.5 }

    @Test mutating func aTapSelectsTheStrokeUnderTheFingerAndElsewhereNothing() {
        tap(Point(x: 300, y: 305))
        #expect(view.selectTool.selection == [line.id])
        let chrome = view.selectTool.chrome(in: ink)
        #expect(chrome.frame.map { $0.contains(Point(x: 300, y: 300)) && !$0.contains(Point(x: 650, y: 100)) } == true)
        tap(Point(x: 450, y: 500))
        #expect(view.selectTool.selection.isEmpty && view.selectTool.chrome(in: ink).frame == nil)
        #expect(ink.strokes.count == 2, "selecting draws nothing")
    }

    @Test mutating func oneFingerMovesTheSelectionInOneUndoStep() {
        tap(Point(x: 300, y: 300))
        drag([Point(x: 250, y: 300)], to: [Point(x: 250, y: 400)])
        #expect(close(line.samples[0].point, Point(x: 200, y: 400)) && close(line.samples[1].point, Point(x: 400, y: 400)), "\(line.samples)")
        #expect(view.selectTool.selection == [line.id], "the moved line stays selected")
        #expect(ink.undo() && close(line.samples[0].point, Point(x: 200, y: 300)))
        #expect(ink.redo() && close(line.samples[0].point, Point(x: 200, y: 400)))
    }

    @Test mutating func aLassoSelectsWhatItEncloses() {
        drag([Point(x: 550, y: 50)], to: [Point(x: 750, y: 50)], steps: 6)  // a lasso of one line selects nothing
        #expect(view.selectTool.selection.isEmpty)
        let loop = [Point(x: 150, y: 250), Point(x: 450, y: 250), Point(x: 450, y: 350), Point(x: 150, y: 350), Point(x: 150, y: 260)]
        dispatcher.down(id: 1, at: loop[0], time: time)
        dispatcher.frame()
        for p in loop.dropFirst() {
            time += 0.05
            dispatcher.motion(id: 1, at: p, time: time)
            dispatcher.frame()
            #expect(!view.selectTool.chrome(in: ink).lasso.isEmpty, "the lasso shows while drawn")
        }
        dispatcher.up(id: 1, time: time + 0.05)
        dispatcher.frame()
        #expect(view.selectTool.selection == [line.id] && view.selectTool.chrome(in: ink).lasso.isEmpty)
    }

    /// Two fingers across the line's middle turn a quarter clockwise and spread to twice apart.
    @Test mutating func twoFingersScaleAndTurnTheSelectionAroundTheirCentre() {
        tap(Point(x: 300, y: 300))
        let before = ink.strokes
        drag([Point(x: 250, y: 300), Point(x: 350, y: 300)], to: [Point(x: 300, y: 200), Point(x: 300, y: 400)], steps: 20)
        #expect(close(line.samples[0].point, Point(x: 300, y: 100)) && close(line.samples[1].point, Point(x: 300, y: 500)),
                "a vertical line twice as long, around the same centre: \(line.samples.map(\.point))")
        #expect(abs(line.samples[0].width - 2 * before[0].samples[0].width) < 0.1, "twice as wide")
        #expect(ink.strokes[1] == before[1], "the other line stays")
        #expect(ink.undo() && ink.strokes == before, "one undo step takes it all back")
    }

    @Test mutating func theDeleteButtonRemovesTheSelection() {
        tap(Point(x: 300, y: 300))
        let button = view.selectTool.chrome(in: ink).deleteButton!
        tap(Point(x: button.x - 5, y: button.y + 5))
        #expect(ink.strokes.count == 1 && ink.strokes[0].samples[0].point == Point(x: 600, y: 100))
        #expect(view.selectTool.selection.isEmpty)
        #expect(ink.undo() && ink.strokes.count == 2)
    }

    @Test func aTurnedRectangleKeepsItsCornersAndTurnsItsOutline() {
        let box = Stroke(id: 1, tool: .rectangle, color: .white, samples: [InkSample(Point(x: 100, y: 100), width: 4), InkSample(Point(x: 300, y: 200), width: 4)])
        let turned = box.transformed(by: Similarity(around: Point(x: 200, y: 150), scale: 1, rotation: .pi / 2), id: 2)
        #expect(abs(turned.angle - .pi / 2) < 1e-9 && turned.samples.map(\.point) == box.samples.map(\.point))
        let corners = turned.polylines[0].map(\.point)
        #expect(close(corners[0], Point(x: 250, y: 50)) && close(corners[2], Point(x: 150, y: 250)), "\(corners)")
    }

    @Test func aTextAndAStampMoveTheirCentreAndScaleTheirSize() {
        let words = Stroke(id: 1, tool: .text, color: .white, samples: [InkSample(Point(x: 100, y: 100), width: 20)],
                           text: TextContent(string: "Hi", size: 20, extent: Size(width: 40, height: 25)))
        let grown = words.transformed(by: Similarity(around: Point(x: 120, y: 112.5), scale: 2, rotation: 1), id: 2)
        #expect(grown.text?.size == 40 && grown.text?.extent == Size(width: 80, height: 50))
        #expect(close(grown.samples[0].point, Point(x: 80, y: 87.5)), "the same centre: \(grown.samples[0].point)")
        let stamp = Stroke.stamp(id: 3, number: 4, at: Point(x: 50, y: 50), width: 8, color: .white)
        let moved = stamp.transformed(by: Similarity(moving: Point(x: 10, y: 0)), id: 4)
        #expect(moved.samples[0].point == Point(x: 60, y: 50) && moved.stampNumber == 4 && moved.samples[0].width == stamp.samples[0].width)
    }

    /// Issue 56.3: twenty strokes pinched from 2 px to 620 px apart six times grew without end
    /// (each pinch up to twenty times: 6.4e7 in all), and fitting their curves hung touchlight
    /// with 1.4 GB. The selection now stops at the ink's limits, and six pinches back down
    /// leave its lines thin but there.
    @Test mutating func pinchesOneAfterAnotherStopAtTheInksLimits() {
        view.document.settings.tool = .pen
        for row in 0..<20 {  // freehand strokes, fitted as curves: a wave each
            let y = 400 + Double(row) * 5
            ink.begin(contact: 50, at: Point(x: 500, y: y), time: time)
            for step in 1...12 { ink.move(contact: 50, to: Point(x: 500 + Double(step) * 3, y: y + (step % 2 == 0 ? 2 : -2)), time: time + Double(step) / 60) }
            ink.end(contact: 50, time: time + 0.3)
        }
        view.document.settings.tool = .select
        let lasso = [Point(x: 480, y: 380), Point(x: 560, y: 380), Point(x: 560, y: 510), Point(x: 480, y: 510), Point(x: 480, y: 390)]
        dispatcher.down(id: 1, at: lasso[0], time: time)
        dispatcher.frame()
        for p in lasso.dropFirst() { time += 0.05; dispatcher.motion(id: 1, at: p, time: time); dispatcher.frame() }
        dispatcher.up(id: 1, time: time + 0.05)
        dispatcher.frame()
        time += 1
        #expect(view.selectTool.selection.count == 20, "the waves are selected")

        /// Every selected sample's extent and widths, measured on the samples (not the fitted curves).
        func measure() -> (extent: Double, widths: ClosedRange<Double>) {
            let samples = view.selectTool.selectedStrokes(in: ink).flatMap(\.samples)
            let xs = samples.map(\.point.x), ys = samples.map(\.point.y), widths = samples.map(\.width)
            return (max(xs.max()! - xs.min()!, ys.max()! - ys.min()!), widths.min()!...widths.max()!)
        }
        let centre = Point(x: 520, y: 450)
        for _ in 0..<6 {
            drag([Point(x: centre.x - 1, y: centre.y), Point(x: centre.x + 1, y: centre.y)], to: [Point(x: 170, y: centre.y), Point(x: 790, y: centre.y)], steps: 10)
        }
        let grown = measure()
        #expect(grown.extent <= AnnotationDefaults.inkExtentLimit && grown.widths.upperBound <= AnnotationDefaults.inkWidths.upperBound,
                "held at the limits: \(grown)")
        #expect(grown.extent > AnnotationDefaults.inkExtentLimit / 2, "and grown as far as they let: \(grown)")
        let curves = view.selectTool.selectedStrokes(in: ink).map { ($0.samples.count, $0.polylines.reduce(0) { $0 + $1.count }) }
        #expect(curves.allSatisfy { $0.1 <= $0.0 * AnnotationDefaults.curveStepsPerPiece + 1 }, "each curve's points are bounded by its samples: \(curves.prefix(3))")
        for _ in 0..<12 {
            drag([Point(x: 170, y: centre.y), Point(x: 790, y: centre.y)], to: [Point(x: centre.x - 1, y: centre.y), Point(x: centre.x + 1, y: centre.y)], steps: 10)
        }
        let shrunk = measure()
        #expect(shrunk.widths.lowerBound >= AnnotationDefaults.inkWidths.lowerBound, "no line shrinks to nothing: \(shrunk)")
    }

    /// With nothing selected the pinch and the rotation take no part: two fingers drawing
    /// with the pen lift one by one, and every lift reaches the event's observers (a recording)
    /// at once. Enabled, they held the lifts (UIKit's `delaysTouchesEnded`), and a recording
    /// lost a finger's lift.
    @Test mutating func withNothingSelectedNoLiftIsHeld() {
        view.document.settings.tool = .pen
        var ended: [Int] = []
        dispatcher.eventObserver = { event in ended += event.allTouches.filter { $0.phase == .ended }.map(\.sourceID) }
        dispatcher.down(id: 1, at: Point(x: 100, y: 400), time: time)
        dispatcher.down(id: 2, at: Point(x: 100, y: 500), time: time)
        dispatcher.frame()
        for step in 1...10 {
            time += 1.0 / 60
            dispatcher.motion(id: 1, at: Point(x: 100 + 20 * Double(step), y: 400), time: time)
            dispatcher.motion(id: 2, at: Point(x: 100 + 20 * Double(step), y: 500), time: time)
            dispatcher.frame()
        }
        dispatcher.up(id: 2, time: time + 0.01)
        dispatcher.frame()
        #expect(ended == [2], "the second finger's lift is in the event at once")
        #expect(ink.strokes.count == 3, "and its stroke is finished while the first finger draws on")
        dispatcher.up(id: 1, time: time + 0.02)
        dispatcher.frame()
        #expect(ended == [2, 1] && ink.strokes.count == 4)
    }
}
