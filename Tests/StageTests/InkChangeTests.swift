import Annotation
@testable import Stage
import Testing
import TestSupport
import TouchCore

/// A saved session hears of every change to the finished ink, on every page, and of nothing
/// else (a touch that draws nothing, a page shown).
@MainActor
@Suite struct InkChangeTests {
    @Test func everyFinishedStrokeOnAnyPageIsReported() {
        let scene = testScene(size: Size(width: 400, height: 300)) { $0.mode = .draw }
        var reported = 0
        scene.ink.onInkChanged = { reported += 1 }
        let scheduler = scene.dispatcher.scheduler as! ManualScheduler
        scene.dispatcher.stroke(from: Point(x: 50, y: 50), to: Point(x: 300, y: 60), at: 1, scheduler: scheduler)
        scheduler.advance(to: 3)
        #expect(scene.ink.document.strokes.count == 1 && reported >= 1, "\(reported)")
        let afterFirst = reported
        _ = scene.ink.showPage(2)
        #expect(reported == afterFirst, "a page shown is not a change to the ink")
        scene.dispatcher.stroke(from: Point(x: 50, y: 150), to: Point(x: 300, y: 160), at: 4, scheduler: scheduler)
        scheduler.advance(to: 6)
        #expect(reported > afterFirst, "page 2's ink is reported too")
        #expect(scene.ink.document.undo() && reported > afterFirst + 1, "an undo is a change")
    }
}
