import Testing
import TestSupport
@testable import TouchCore

/// Random input streams: nothing crashes, every began touch ends or is cancelled exactly once
/// in its view, and no touch object outlives its sequence.
@MainActor @Suite struct DispatcherFuzzTests {
    final class AuditView: View {
        var open: Set<ObjectIdentifier> = []
        var violations: [String] = []
        var began = 0
        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
            for t in touches where !open.insert(ObjectIdentifier(t)).inserted { violations.append("began twice") }
            began += touches.count
        }
        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
            for t in touches where !open.contains(ObjectIdentifier(t)) { violations.append("moved before began") }
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { close(touches) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { close(touches) }
        private func close(_ touches: Set<Touch>) {
            for t in touches where open.remove(ObjectIdentifier(t)) == nil { violations.append("ended twice or never began") }
        }
    }

    @Test(arguments: [false, true])
    func randomStreamsKeepTheInvariants(withRecognizers: Bool) {
        var rng = SplitMix(state: withRecognizers ? 7 : 3)
        for _ in 0..<2_000 {
            let scheduler = ManualScheduler()
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
            let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
            let views = (0..<3).map { i in AuditView(frame: Rect(x: Double(i) * 100, y: 0, width: 150, height: 400)) }
            for (i, view) in views.enumerated() {
                window.addSubview(view)
                view.isMultipleTouchEnabled = i != 1
                view.isExclusiveTouch = i == 2 && Bool.random(using: &rng)
                if withRecognizers {
                    let tap = TapGestureRecognizer()
                    let double = TapGestureRecognizer()
                    double.numberOfTapsRequired = 2
                    tap.require(toFail: double)
                    let pan = PanGestureRecognizer()
                    pan.delaysTouchesBegan = Bool.random(using: &rng)
                    let press = LongPressGestureRecognizer()
                    press.cancelsTouchesInView = Bool.random(using: &rng)
                    for r in [tap, double, pan, press, PinchGestureRecognizer(), SwipeGestureRecognizer()] {
                        view.addGestureRecognizer(r)
                    }
                }
            }
            weak var firstTouch: Touch?
            var time = 0.0
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                time += Double.random(in: 0...0.2, using: &rng)
                scheduler.advance(to: time)
                let id = Int.random(in: 0..<4, using: &rng)
                let point = Point(x: Double.random(in: -20...420, using: &rng), y: Double.random(in: -20...420, using: &rng))
                switch Int.random(in: 0..<10, using: &rng) {
                case 0...2: dispatcher.down(id: id, at: point, time: time)
                case 3...5: dispatcher.motion(id: id, at: point, time: time)
                case 6...7: dispatcher.up(id: id, time: time)
                case 8: dispatcher.shape(id: id, major: 10, minor: 5)
                default: if Int.random(in: 0..<4, using: &rng) == 0 { dispatcher.cancel() }
                }
                if Bool.random(using: &rng) { dispatcher.frame() }
                if firstTouch == nil { firstTouch = dispatcher.activeTouches.first }
            }
            dispatcher.frame()
            dispatcher.cancel()
            scheduler.advance(by: 5)
            for view in views {
                #expect(view.violations.isEmpty, "\(view.violations)")
                #expect(view.open.isEmpty, "every began touch ends or is cancelled exactly once")
            }
            #expect(dispatcher.activeTouches.isEmpty)
            #expect(dispatcher.router.arena == nil, "the arena closes once the sequence is over")
            for recognizer in views.flatMap({ $0.gestureRecognizers ?? [] }) {
                #expect(recognizer.state == .possible && recognizer.trackedTouches.isEmpty)
            }
            // One more sequence replaces the last event's touches: nothing may keep the old ones.
            dispatcher.down(id: 99, at: Point(x: 390, y: 390), time: time + 10)
            dispatcher.frame()
            dispatcher.up(id: 99, time: time + 10.1)
            dispatcher.frame()
            scheduler.advance(by: 20)
            #expect(firstTouch == nil, "no touch object leaks")
        }
    }

    @Test func touchesAreReleasedAfterTheirSequence() {
        weak var leaked: Touch?
        do {
            let h = Harness()
            _ = h.view("v", Rect(x: 0, y: 0, width: 100, height: 100))
            h.down(1, Point(x: 1, y: 1), at: 0)
            leaked = h.dispatcher.activeTouches.first
            #expect(leaked != nil)
            h.up(1, at: 0.1)
            h.dispatcher.event.allTouches = []
        }
        #expect(leaked == nil, "no touch object leaks")
    }
}
