import Testing
import TouchCore
import Visualizer
@testable import Annotation

/// The ink model on an explicit clock: strokes, provisional ink, tools, undo and redo, lasers.
@Suite struct InkDocumentTests {
    /// A document that shows ink at once (no tap gestures to wait for), unless told otherwise.
    func document(_ tool: Tool = .pen, holding: Bool = false) -> InkDocument {
        var settings = InkDocument.Settings()
        settings.tool = tool
        settings.holdsProvisionalInk = holding
        return InkDocument(settings: settings)
    }

    /// Draws a straight stroke with one contact at 120 Hz.
    func draw(_ ink: InkDocument, id: Int = 1, from a: Point, to b: Point, at start: Double = 0, steps: Int = 30) {
        ink.begin(contact: id, at: a, time: start)
        for i in 1...steps {
            let u = Double(i) / Double(steps)
            ink.move(contact: id, to: Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u), time: start + Double(i) / 120)
        }
        ink.end(contact: id, time: start + Double(steps + 1) / 120)
    }

    @Test func aStrokeFollowsItsContactAndEndsWhereItLifted() {
        let ink = document()
        draw(ink, from: Point(x: 10, y: 10), to: Point(x: 310, y: 10))
        #expect(ink.strokes.count == 1)
        let stroke = ink.strokes[0]
        #expect(stroke.samples.first?.point == Point(x: 10, y: 10))
        #expect(stroke.samples.last?.point == Point(x: 310, y: 10), "the lift point, not the filter's lagging one")
        #expect(stroke.samples.allSatisfy { abs($0.point.y - 10) < 1e-9 && $0.width == AnnotationDefaults.widths[0] })
    }

    @Test func tenContactsDrawTenStrokesAtOnce() {
        let ink = document()
        for id in 0..<10 { ink.begin(contact: id, at: Point(x: 50, y: Double(id) * 40 + 20), time: 0) }
        for step in 1...20 {
            for id in 0..<10 { ink.move(contact: id, to: Point(x: 50 + Double(step) * 10, y: Double(id) * 40 + 20), time: Double(step) / 120) }
        }
        var live = 0
        ink.forEachLiveStroke { _ in live += 1 }
        #expect(live == 10)
        for id in 0..<10 { ink.end(contact: id, time: 0.2) }
        #expect(ink.strokes.count == 10 && Set(ink.strokes.map(\.id)).count == 10)
    }

    @Test func provisionalInkWaitsForTheTapGestures() {
        let ink = document(holding: true)
        // Two fingers tap: no ink shows while it may still be a tap, and none is left after it.
        ink.begin(contact: 1, at: Point(x: 100, y: 100), time: 0)
        ink.begin(contact: 2, at: Point(x: 200, y: 100), time: 0)
        ink.move(contact: 1, to: Point(x: 103, y: 101), time: 0.02)
        var drawn = 0
        ink.forEachLiveStroke { _ in drawn += 1 }
        #expect(drawn == 0 && ink.hasProvisionalInk)
        ink.end(contact: 1, time: 0.05)
        ink.end(contact: 2, time: 0.05)
        #expect(ink.strokes.isEmpty)
        ink.discardProvisionalInk()
        ink.confirmProvisionalInk()
        #expect(ink.strokes.isEmpty && !ink.hasProvisionalInk, "a recognized tap leaves no dots")

        // A single finger's dot stays once the taps have failed.
        ink.begin(contact: 3, at: Point(x: 300, y: 300), time: 1)
        ink.end(contact: 3, time: 1.05)
        #expect(ink.strokes.isEmpty)
        ink.confirmProvisionalInk()
        #expect(ink.strokes.count == 1)

        // Moving past the slop makes ink real at once.
        ink.begin(contact: 4, at: Point(x: 100, y: 400), time: 2)
        ink.move(contact: 4, to: Point(x: 100 + AnnotationDefaults.provisionalSlop + 1, y: 400), time: 2.02)
        ink.forEachLiveStroke { _ in drawn += 1 }
        #expect(drawn == 1 && !ink.hasProvisionalInk)
    }

    @Test func undoAndRedoTakeBackEveryKindOfEditBeyondAHundredSteps() {
        let ink = document()
        for i in 0..<150 { draw(ink, from: Point(x: 0, y: Double(i)), to: Point(x: 100, y: Double(i)), at: Double(i), steps: 3) }
        let all = ink.strokes
        ink.clear()
        #expect(ink.strokes.isEmpty)
        #expect(ink.undo() && ink.strokes == all, "clear is undoable")
        for _ in 0..<150 { #expect(ink.undo()) }
        #expect(ink.strokes.isEmpty && !ink.canUndo && !ink.undo())
        for _ in 0..<150 { #expect(ink.redo()) }
        #expect(ink.strokes == all)
        #expect(ink.redo() && ink.strokes.isEmpty, "the clear again")
        #expect(!ink.redo())
        ink.undo()
        draw(ink, from: Point(x: 0, y: 500), to: Point(x: 100, y: 500), at: 200, steps: 3)
        #expect(!ink.canRedo, "a new stroke ends the redo chain")
    }

    @Test func historyForgetsOnlyBeyondItsLimit() {
        var settings = InkDocument.Settings()
        settings.holdsProvisionalInk = false
        settings.undoLimit = 120
        let ink = InkDocument(settings: settings)
        for i in 0..<130 { draw(ink, from: Point(x: 0, y: Double(i)), to: Point(x: 50, y: Double(i)), at: Double(i), steps: 2) }
        var undone = 0
        while ink.undo() { undone += 1 }
        #expect(undone == 120 && ink.strokes.count == 10)
    }

    @Test func theEraserRemovesWholeStrokesItTouchesAndUndoPutsThemBackInPlace() {
        let ink = document()
        for y in [100.0, 200, 300] { draw(ink, from: Point(x: 0, y: y), to: Point(x: 400, y: y), at: y) }
        let before = ink.strokes
        let generation = ink.rebuildGeneration
        ink.settings.tool = .eraser
        // Down across the first and third strokes, missing the second by a margin.
        ink.begin(contact: 9, at: Point(x: 50, y: 100), time: 500)
        ink.move(contact: 9, to: Point(x: 50, y: 150), time: 500.1)
        ink.move(contact: 9, to: Point(x: 350, y: 300), time: 500.2)
        ink.end(contact: 9, time: 500.3)
        #expect(ink.strokes.map(\.id) == [before[1].id])
        #expect(ink.rebuildGeneration != generation, "the renderer must redraw its layer")
        #expect(ink.undo() && ink.strokes == before, "one eraser pass is one undo step, order kept")
        #expect(ink.redo() && ink.strokes.map(\.id) == [before[1].id])
    }

    @Test func laserStrokesFadeOutAndAreNotHistory() {
        let ink = document(.laser)
        draw(ink, from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), at: 0, steps: 10)
        let end = 11.0 / 120
        #expect(ink.strokes.isEmpty && ink.fadingLasers.count == 1 && !ink.canUndo)
        let laser = ink.fadingLasers[0]
        #expect(ink.opacity(of: laser, at: end) == 1)
        #expect(abs(ink.opacity(of: laser, at: end + AnnotationDefaults.laserFade / 2) - 0.5) < 1e-9)
        #expect(ink.expireLasers(at: end + AnnotationDefaults.laserFade / 2))
        #expect(!ink.expireLasers(at: end + AnnotationDefaults.laserFade) && ink.fadingLasers.isEmpty)
    }

    @Test func shapesAreDraggedWithOneFingerOrSpannedBetweenTwo() {
        let ink = document(.rectangle)
        ink.begin(contact: 1, at: Point(x: 10, y: 10), time: 0)
        ink.move(contact: 1, to: Point(x: 60, y: 40), time: 0.1)
        ink.move(contact: 1, to: Point(x: 110, y: 80), time: 0.2)
        ink.end(contact: 1, time: 0.3)
        #expect(ink.strokes.last?.samples.map(\.point) == [Point(x: 10, y: 10), Point(x: 110, y: 80)])

        ink.settings.tool = .ellipse
        ink.begin(contact: 2, at: Point(x: 200, y: 200), time: 1)
        ink.begin(contact: 3, at: Point(x: 300, y: 260), time: 1.01)
        ink.move(contact: 2, to: Point(x: 190, y: 195), time: 1.1)
        ink.move(contact: 3, to: Point(x: 320, y: 280), time: 1.1)
        var live: [Stroke] = []
        ink.forEachLiveStroke { live.append($0) }
        #expect(live.count == 1, "two fingers, one shape")
        ink.end(contact: 3, time: 1.2)
        ink.end(contact: 2, time: 1.2)
        #expect(ink.strokes.count == 2)
        #expect(ink.strokes.last?.samples.map(\.point) == [Point(x: 190, y: 195), Point(x: 320, y: 280)])
        let bounds = ink.strokes.last!.bounds
        let w = AnnotationDefaults.widths[0]
        #expect(abs(bounds.minX - (190 - w / 2)) < 0.5 && abs(bounds.maxX - (320 + w / 2)) < 0.5)
    }

    @Test func anArrowsHeadPointsTheWayItWasDrawn() {
        let ink = document(.arrow)
        draw(ink, from: Point(x: 300, y: 100), to: Point(x: 100, y: 100))
        let lines = ink.strokes[0].polylines
        #expect(lines.count == 3)
        for barb in lines.dropFirst() {
            #expect(barb[1].point == Point(x: 100, y: 100), "the barbs meet at the tip")
            #expect(barb[0].point.x > 100, "and reach back the way the stroke came (right of a leftward tip)")
        }
        #expect(lines[1][0].point.y != lines[2][0].point.y, "one on each side")
    }

    @Test func widthFollowsPressureOrContactSize() {
        let ink = document()
        let w = ink.settings.width
        ink.begin(contact: 1, at: Point(x: 0, y: 0), time: 0, .init(pressure: 1))
        ink.begin(contact: 2, at: Point(x: 0, y: 50), time: 0, .init(pressure: 0))
        ink.begin(contact: 3, at: Point(x: 0, y: 100), time: 0, .init(size: AnnotationDefaults.referenceContactSize * 2))
        ink.begin(contact: 4, at: Point(x: 0, y: 150), time: 0, .init(size: 1000))
        ink.begin(contact: 5, at: Point(x: 0, y: 200), time: 0, .init(pressure: .nan))
        for id in 1...5 { ink.end(contact: id, time: 0.1) }
        #expect(ink.strokes.map { $0.samples[0].width } == [w, w * 0.25, w * 2, w * 2, w])
    }

    @Test func theEraserEndOfAPenErasesWhateverTheToolIs() {
        let ink = document()
        draw(ink, from: Point(x: 0, y: 100), to: Point(x: 200, y: 100))
        ink.begin(contact: 7, at: Point(x: 100, y: 101), time: 5, .init(tool: .eraser))
        ink.end(contact: 7, time: 5.1)
        #expect(ink.strokes.isEmpty && ink.settings.tool == .pen)
    }

    @Test func hostileInputIsIgnoredAndCancelledStrokesVanish() {
        let ink = document()
        ink.begin(contact: 1, at: Point(x: .nan, y: 0), time: 0)
        ink.move(contact: 1, to: Point(x: 1, y: 1), time: 0.1)
        ink.end(contact: 1, time: 0.2)
        ink.begin(contact: 2, at: Point(x: 0, y: 0), time: 0)
        ink.move(contact: 2, to: Point(x: .infinity, y: 0), time: 0.1)
        ink.move(contact: 2, to: Point(x: 50, y: 0), time: 0.1)  // same time again
        ink.move(contact: 2, to: Point(x: 80, y: 0), time: 0.05)  // back in time
        ink.cancel(contact: 2)
        ink.end(contact: 2, time: 0.3)
        #expect(ink.strokes.isEmpty)
        draw(ink, from: Point(x: 0, y: 0), to: Point(x: 50, y: 50))
        #expect(ink.strokes.count == 1 && ink.strokes[0].samples.allSatisfy { $0.point.x.isFinite && $0.point.y.isFinite })
    }
}
