import Testing
import TouchCore
@testable import Annotation

/// Palm rejection in the ink view: while a pen is near, and a moment after, fingers draw no
/// ink and make no taps; the pen draws on; `off` turns it off.
@MainActor @Suite struct PalmRejectionTests {
    let scheduler = ManualScheduler()
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let view: InkView
    let dispatcher: TouchDispatcher

    init() {
        view = InkView(frame: window.bounds, document: InkDocument(settings: InkDocument.Settings()))
        window.addSubview(view)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        view.mode = .draw
    }

    /// One contact from `a` to `b` over 0.1 s at 100 Hz, starting at `start`.
    func drag(_ id: Int, from a: Point, to b: Point, at start: Double, type: TouchType = .direct) {
        scheduler.advance(to: start)
        dispatcher.down(id: id, at: a, time: start, type: type)
        dispatcher.frame()
        for step in 1...10 {
            let u = Double(step) / 10, t = start + u / 10
            scheduler.advance(to: t)
            dispatcher.motion(id: id, at: Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u), time: t)
            dispatcher.frame()
        }
        scheduler.advance(to: start + 0.11)
        dispatcher.up(id: id, time: start + 0.11)
        dispatcher.frame()
    }

    @Test func aFingerDrawsNothingWhileAPenHoversAndDrawsAgainAfterTheDelay() {
        view.penHovers(true, at: 1)
        drag(1, from: Point(x: 100, y: 100), to: Point(x: 300, y: 100), at: 1.2)
        #expect(view.document.strokes.isEmpty, "the palm under a hovering pen drew")
        view.penHovers(false, at: 2)
        drag(2, from: Point(x: 100, y: 200), to: Point(x: 300, y: 200), at: 2.3)
        #expect(view.document.strokes.isEmpty, "0.3 s after the pen left is within the delay")
        drag(3, from: Point(x: 100, y: 300), to: Point(x: 300, y: 300), at: 2.6)
        #expect(view.document.strokes.map(\.samples[0].point.y) == [300], "0.6 s after, the finger draws")
    }

    @Test func thePenDrawsWhileAPalmRestsAndThePalmMakesNoTap() {
        drag(9, from: Point(x: 100, y: 100), to: Point(x: 300, y: 100), at: 0)  // a finger's stroke, before the pen: an undo would take it
        scheduler.advance(to: 1)
        dispatcher.down(id: 50, at: Point(x: 400, y: 400), time: 1, type: .pencil)
        dispatcher.frame()
        // Two palm contacts tap (an undo tap, were they fingers) while the pen is down.
        drag(1, from: Point(x: 600, y: 500), to: Point(x: 601, y: 500), at: 1.1)
        drag(2, from: Point(x: 650, y: 520), to: Point(x: 651, y: 520), at: 1.1)
        dispatcher.motion(id: 50, at: Point(x: 500, y: 400), time: 1.4)
        dispatcher.frame()
        dispatcher.up(id: 50, time: 1.5)
        dispatcher.frame()
        #expect(view.document.strokes.count == 2 && view.document.strokes[1].samples.last?.point == Point(x: 500, y: 400),
                "no undo, no palm ink, the pen's stroke whole: \(view.document.strokes.map(\.samples.count))")
        #expect(view.pens.isNear == false)
    }

    @Test func withPalmRejectionOffFingersDrawBesideThePen() {
        view.palmRule.mode = .off
        view.penHovers(true, at: 1)
        drag(1, from: Point(x: 100, y: 100), to: Point(x: 300, y: 100), at: 1.2)
        #expect(view.document.strokes.count == 1)
    }

    @Test func theMouseIsNoPalm() {
        view.penHovers(true, at: 1)
        drag(1, from: Point(x: 100, y: 100), to: Point(x: 300, y: 100), at: 1.2, type: .indirectPointer)
        #expect(view.document.strokes.count == 1)
    }

    @Test func thePensDelayIsTheRules() {
        var pens = PenProximity()
        let rule = PalmRule(mode: .pen, delay: 1)
        #expect(pens.fingersDraw(at: 0, under: rule), "no pen seen yet")
        pens.contactBegan(7)
        pens.hover(true, at: 1)
        pens.contactEnded(7, at: 2)
        #expect(!pens.fingersDraw(at: 5, under: rule), "still hovering")
        pens.hover(false, at: 6)
        #expect(!pens.fingersDraw(at: 6.9, under: rule) && pens.fingersDraw(at: 7, under: rule))
        #expect(PalmRule(mode: .penAndSize, largestFinger: 50).largestContact == 50 && rule.largestContact == nil)
    }
}
