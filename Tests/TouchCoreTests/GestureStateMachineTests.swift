import Testing
@testable import TouchCore

@MainActor @Suite struct GestureStateMachineTests {
    @Test func onlyLegalTransitionsTakeEffect() {
        let log = CallLog()
        let r = GestureRecognizer { r in log.add("\(r.state)") }
        r.state = .changed     // possible → changed: illegal
        #expect(r.state == .possible)
        r.state = .began
        r.state = .began       // began → began: illegal
        r.state = .changed
        r.state = .changed
        r.state = .failed      // changed → failed: illegal
        r.state = .ended
        r.state = .changed     // ended → changed: illegal
        #expect(r.state == .ended)
        #expect(log.entries == ["began", "changed", "changed", "ended"], "actions on began, changed, ended")
        for from: GestureRecognizer.State in [.ended, .cancelled, .failed] {
            for to: GestureRecognizer.State in [.possible, .began, .changed, .ended, .cancelled, .failed] {
                #expect(!from.allowsTransition(to: to), "\(from) is final until reset")
            }
        }
    }

    @Test func cancelledFiresActionsFailedDoesNot() {
        let log = CallLog()
        let a = GestureRecognizer { r in log.add("a:\(r.state)") }
        a.state = .began
        a.state = .cancelled
        let b = GestureRecognizer { r in log.add("b:\(r.state)") }
        b.state = .failed
        #expect(log.entries == ["a:began", "a:cancelled"])
        #expect(GestureRecognizer.State.recognized == .ended)
    }

    @Test func extraTargetsAndRemoval() {
        let log = CallLog()
        let r = GestureRecognizer { _ in log.add("first") }
        let token = r.addTarget { _ in log.add("second") }
        r.state = .began
        r.removeTarget(token)
        r.state = .changed
        #expect(log.entries == ["first", "second", "first"])
    }

    @Test func resetsToPossibleOnceItsTouchesHaveEnded() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let pan = PanGestureRecognizer()
        v.addGestureRecognizer(pan)
        var states: [GestureRecognizer.State] = []
        pan.addTarget { states.append($0.state) }
        h.down(1, Point(x: 100, y: 100), at: 0)
        h.drag(1, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), at: 0)
        #expect(pan.state == .changed)
        h.up(1, at: 0.2)
        #expect(states.first == .began && states.last == .ended)
        #expect(pan.state == .possible, "reset after the touch ended")
        #expect(pan.numberOfTouches == 0)
        #expect(pan.translation(in: v) == .zero)
    }

    @Test func whichRecognizersSeeATouch() {
        final class Filter: GestureRecognizerDelegate {
            var asked: [String] = []
            func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                asked.append("asked")
                return false
            }
        }
        final class Probe: GestureRecognizer {
            let label: String, log: CallLog
            init(_ label: String, _ log: CallLog) { self.label = label; self.log = log; super.init() }
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { log.add("\(label).began") }
        }
        let h = Harness()
        let outer = h.view("outer", Rect(x: 0, y: 0, width: 400, height: 400))
        let inner = h.view("inner", Rect(x: 0, y: 0, width: 100, height: 100), in: outer)
        let sibling = h.view("sibling", Rect(x: 200, y: 200, width: 100, height: 100), in: outer)
        let log = CallLog()
        let outerProbe = Probe("outer", log), innerProbe = Probe("inner", log)
        let disabled = Probe("disabled", log), filtered = Probe("filtered", log), siblingProbe = Probe("sibling", log)
        disabled.isEnabled = false
        let filter = Filter()
        filtered.delegate = filter
        outer.addGestureRecognizer(outerProbe)
        inner.addGestureRecognizer(innerProbe)
        inner.addGestureRecognizer(disabled)
        inner.addGestureRecognizer(filtered)
        sibling.addGestureRecognizer(siblingProbe)
        h.down(1, Point(x: 10, y: 10), at: 0)
        #expect(log.entries == ["inner.began", "outer.began"], "hit view first, then its superviews")
        let touch = h.dispatcher.activeTouches[0]
        #expect(touch.gestureRecognizers?.map(ObjectIdentifier.init) == [innerProbe, outerProbe].map(ObjectIdentifier.init))
        h.move(1, Point(x: 12, y: 10), at: 0.01)
        #expect(filter.asked.count == 1, "shouldReceive is asked once per touch")
        // The responder chain is not the recognizer chain: rerouting `next` changes nothing.
        #expect(inner.gestureRecognizers?.count == 3)
    }

    @Test func aRecognizerCanIgnoreATouch() {
        final class Ignorer: GestureRecognizer {
            var moves = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
                for t in touches { ignore(t, for: event) }
            }
            override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { moves += 1 }
        }
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let r = Ignorer()
        v.addGestureRecognizer(r)
        h.down(1, Point(x: 10, y: 10), at: 0)
        h.move(1, Point(x: 20, y: 10), at: 0.01)
        #expect(r.moves == 0 && r.numberOfTouches == 0)
    }
}
