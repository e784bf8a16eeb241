import Testing
import TouchCore
import Visualizer
@testable import Annotation

/// The `stamp` tool: each tap places the page's next number; undo, erase and reset.
@Suite struct StampTests {
    func document(holding: Bool = false) -> InkDocument {
        var settings = InkDocument.Settings()
        settings.tool = .stamp
        settings.holdsProvisionalInk = holding
        return InkDocument(settings: settings)
    }

    func tap(_ ink: InkDocument, at point: Point, id: Int = 1, time: Double = 0) {
        ink.begin(contact: id, at: point, time: time)
        ink.end(contact: id, time: time + 0.05)
    }

    var numbers: (InkDocument) -> [Int?] { { $0.strokes.map(\.stampNumber) } }

    @Test func tapsNumberTheStepsInOrder() {
        let ink = document()
        for i in 0..<4 { tap(ink, at: Point(x: 40 + Double(i) * 60, y: 50), time: Double(i)) }
        #expect(numbers(ink) == [1, 2, 3, 4])
        #expect(ink.strokes.allSatisfy { $0.tool == .stamp && $0.samples.count == 1 })
        #expect(ink.strokes[2].samples[0].point == Point(x: 160, y: 50), "centred where the finger went down")
    }

    @Test func theDiscIsSizedByTheWidthAndIsTheStampsExtent() {
        let ink = document()
        ink.settings.width = 16
        tap(ink, at: Point(x: 200, y: 200))
        let stamp = ink.strokes[0]
        #expect(stamp.samples[0].width == 96, "six widths across")
        #expect(abs(stamp.bounds.width - 96) < 1e-9 && abs(stamp.bounds.minX - 152) < 1e-9)
        ink.settings.width = 2
        tap(ink, at: Point(x: 400, y: 200))
        #expect(ink.strokes[1].samples[0].width == AnnotationDefaults.smallestStamp, "never too small to read")
        #expect(stamp.touches(Point(x: 240, y: 200), radius: 1) && !stamp.touches(Point(x: 250, y: 250), radius: 1))
    }

    @Test func undoGivesTheLastNumberAgainAndRedoBringsItBack() {
        let ink = document()
        for i in 0..<3 { tap(ink, at: Point(x: 40 + Double(i) * 60, y: 50), time: Double(i)) }
        #expect(ink.undo())
        #expect(numbers(ink) == [1, 2] && ink.nextStampNumber == 3)
        tap(ink, at: Point(x: 300, y: 50), time: 5)
        #expect(numbers(ink) == [1, 2, 3])
        #expect(ink.undo() && ink.redo() && numbers(ink) == [1, 2, 3])
    }

    @Test func resetStartsAgainAtOneAndKeepsWhatWasPlaced() {
        let ink = document()
        for i in 0..<3 { tap(ink, at: Point(x: 40 + Double(i) * 60, y: 50), time: Double(i)) }
        ink.resetStamps()
        tap(ink, at: Point(x: 40, y: 150), time: 4)
        tap(ink, at: Point(x: 100, y: 150), time: 5)
        #expect(numbers(ink) == [1, 2, 3, 1, 2])
        ink.undo()
        ink.undo()
        #expect(ink.nextStampNumber == 1, "the stamps before the reset do not count")
    }

    @Test func anErasedStampLeavesTheSequenceGoingOn() {
        let ink = document()
        for i in 0..<3 { tap(ink, at: Point(x: 40 + Double(i) * 60, y: 50), time: Double(i)) }
        ink.settings.tool = .eraser
        tap(ink, at: Point(x: 100, y: 50), time: 4)  // stamp 2
        #expect(numbers(ink) == [1, 3])
        ink.settings.tool = .stamp
        tap(ink, at: Point(x: 300, y: 50), time: 5)
        #expect(numbers(ink) == [1, 3, 4])
    }

    @Test func aDragPlacesTheStampWhereTheFingerLifts() {
        let ink = document()
        ink.begin(contact: 1, at: Point(x: 10, y: 10), time: 0)
        ink.move(contact: 1, to: Point(x: 90, y: 70), time: 0.1)
        var live: [Stroke] = []
        ink.forEachLiveStroke { live.append($0) }
        #expect(live.map(\.stampNumber) == [1], "shown with its number while placed")
        ink.end(contact: 1, time: 0.2)
        #expect(ink.strokes.map(\.samples[0].point) == [Point(x: 90, y: 70)])
    }

    @Test func aTwoFingerTapUndoesInsteadOfStamping() {
        let ink = document(holding: true)
        tap(ink, at: Point(x: 40, y: 40))
        ink.confirmProvisionalInk()
        ink.begin(contact: 2, at: Point(x: 100, y: 100), time: 1)
        ink.begin(contact: 3, at: Point(x: 160, y: 100), time: 1)
        ink.discardProvisionalInk()  // the undo tap was recognized
        ink.undo()
        #expect(ink.strokes.isEmpty && ink.nextStampNumber == 1)
    }

    @Test func twoFingersStampingTogetherGetTwoNumbers() {
        let ink = document()
        ink.begin(contact: 1, at: Point(x: 40, y: 40), time: 0)
        ink.begin(contact: 2, at: Point(x: 140, y: 40), time: 0)
        ink.end(contact: 2, time: 0.1)
        ink.end(contact: 1, time: 0.1)
        #expect(Set(numbers(ink).compactMap { $0 }) == [1, 2])
    }
}
