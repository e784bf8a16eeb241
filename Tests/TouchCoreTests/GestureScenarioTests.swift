import Testing
@testable import TouchCore

/// Classic UIKit recognizer setups, driven through the dispatcher on a manual clock.
@MainActor @Suite struct GestureScenarioTests {
    let h = Harness()
    let log = CallLog()

    func logging<R: GestureRecognizer>(_ r: R, _ name: String) -> R {
        r.addTarget { [log] r in log.add("\(name):\(r.state)") }
        return r
    }

    @Test func singleTapWaitsForDoubleTapToFail() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let single = logging(TapGestureRecognizer(), "single")
        let double = logging(TapGestureRecognizer(), "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)

        // A double tap fires only the double tap.
        h.tap(Point(x: 100, y: 100), at: 0)
        #expect(log.entries.isEmpty, "the single tap waits")
        h.tap(Point(x: 102, y: 101), at: 0.2)
        #expect(log.entries == ["double:ended"])
        h.scheduler.advance(by: 2)
        #expect(log.entries == ["double:ended"])

        // A single tap fires after the double tap's wait runs out.
        log.entries.removeAll()
        h.tap(Point(x: 300, y: 300), at: 5)
        #expect(log.entries.isEmpty)
        h.scheduler.advance(to: 5.05 + 0.34)
        #expect(log.entries.isEmpty, "still inside the interval between taps")
        h.scheduler.advance(to: 5.05 + 0.36)
        #expect(log.entries == ["single:ended"])
        #expect(single.state == .possible && double.state == .possible, "both reset")
    }

    @Test func tapDoubleTapAndLongPressOnOneView() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let single = logging(TapGestureRecognizer(), "tap")
        let double = logging(TapGestureRecognizer(), "double")
        double.numberOfTapsRequired = 2
        let press = logging(LongPressGestureRecognizer(), "press")
        single.require(toFail: double)
        for r in [single, double, press] { v.addGestureRecognizer(r) }

        h.tap(Point(x: 100, y: 100), at: 0)
        h.scheduler.advance(by: 1)
        #expect(log.entries == ["tap:ended"])

        log.entries.removeAll()
        h.tap(Point(x: 100, y: 100), at: 2)
        h.tap(Point(x: 100, y: 100), at: 2.2)
        h.scheduler.advance(by: 1)
        #expect(log.entries == ["double:ended"])

        log.entries.removeAll()
        h.down(1, Point(x: 100, y: 100), at: 4)
        h.scheduler.advance(to: 4.49)
        #expect(log.entries.isEmpty)
        h.scheduler.advance(to: 4.5)
        #expect(log.entries == ["press:began"])
        h.move(1, Point(x: 130, y: 100), at: 4.6)
        h.up(1, at: 4.7)
        h.scheduler.advance(by: 1)
        #expect(log.entries == ["press:began", "press:changed", "press:ended"], "the press prevented both taps")
    }

    @Test func panAndPinchTogetherThroughTheDelegate() {
        final class Together: GestureRecognizerDelegate {
            func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { true }
        }
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let pan = logging(PanGestureRecognizer(), "pan")
        let pinch = logging(PinchGestureRecognizer(), "pinch")
        let together = Together()
        pan.delegate = together
        v.addGestureRecognizer(pan)
        v.addGestureRecognizer(pinch)
        h.dispatcher.down(id: 1, at: Point(x: 300, y: 300), time: 0)
        h.dispatcher.down(id: 2, at: Point(x: 400, y: 300), time: 0)
        h.dispatcher.frame()
        for step in 1...12 {
            let t = Double(step) / 120, d = Double(step) * 5
            h.scheduler.advance(to: t)
            h.dispatcher.motion(id: 1, at: Point(x: 300 - d + d, y: 300 + d), time: t)
            h.dispatcher.motion(id: 2, at: Point(x: 400 + d, y: 300 + d), time: t)
            h.dispatcher.frame()
        }
        #expect(pan.state == .changed && pinch.state == .changed)
        #expect(pinch.scale > 1.5)
        #expect(pan.translation(in: v).y > 50)
        h.up(1, at: 0.2)
        h.up(2, at: 0.21)
        #expect(log.entries.contains("pan:ended") && log.entries.contains("pinch:ended"))

        // Without the delegate, whichever begins first excludes the other.
        pan.delegate = nil
        log.entries.removeAll()
        h.dispatcher.down(id: 1, at: Point(x: 300, y: 300), time: 1)
        h.dispatcher.down(id: 2, at: Point(x: 400, y: 300), time: 1)
        h.dispatcher.frame()
        for step in 1...12 {
            let t = 1 + Double(step) / 120, d = Double(step) * 5
            h.dispatcher.motion(id: 1, at: Point(x: 300, y: 300 + d), time: t)
            h.dispatcher.motion(id: 2, at: Point(x: 400 + d, y: 300 + d), time: t)
            h.dispatcher.frame()
        }
        #expect(log.entries.first == "pan:began")
        #expect(!log.entries.contains { $0.hasPrefix("pinch") })
    }

    @Test func nestedTapsTheDeepestWins() {
        let outer = h.view("outer", Rect(x: 0, y: 0, width: 600, height: 600))
        let middle = h.view("middle", Rect(x: 50, y: 50, width: 400, height: 400), in: outer)
        let inner = h.view("inner", Rect(x: 50, y: 50, width: 100, height: 100), in: middle)
        let taps = [(outer, "outer"), (middle, "middle"), (inner, "inner")].map { view, name in
            let tap = logging(TapGestureRecognizer(), name)
            view.addGestureRecognizer(tap)
            return tap
        }
        var failed: [String] = []
        taps[2].addTarget { _ in
            for (tap, name) in zip(taps, ["outer", "middle", "inner"]) where tap.state == .failed { failed.append(name) }
        }
        h.tap(Point(x: 120, y: 120), at: 0)
        #expect(log.entries == ["inner:ended"])
        #expect(Set(failed) == ["outer", "middle"])
        log.entries.removeAll()
        h.tap(Point(x: 300, y: 300), at: 1)
        #expect(log.entries == ["middle:ended"])
    }

    @Test func viewRefusesTheInnerRecognizerButTheOuterStillWorks() {
        final class Picky: View {
            weak var refused: GestureRecognizer?
            override func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { g !== refused }
        }
        let outer = h.view("outer", Rect(x: 0, y: 0, width: 600, height: 600))
        let inner = Picky(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        outer.addSubview(inner)
        let innerTap = logging(TapGestureRecognizer(), "inner")
        let outerTap = logging(TapGestureRecognizer(), "outer")
        inner.refused = innerTap
        inner.addGestureRecognizer(innerTap)
        outer.addGestureRecognizer(outerTap)
        h.tap(Point(x: 150, y: 150), at: 0)
        #expect(log.entries == ["outer:ended"])
    }

    @Test func controlTouchesAreCancelledWhenTheSuperviewPans() {
        let scroller = h.view("scroller", Rect(x: 0, y: 0, width: 800, height: 600))
        let button = h.view("button", Rect(x: 100, y: 100, width: 200, height: 100), in: scroller)
        let pan = logging(PanGestureRecognizer(), "pan")
        scroller.addGestureRecognizer(pan)
        h.down(1, Point(x: 150, y: 150), at: 0)
        h.move(1, Point(x: 152, y: 150), at: 0.01)
        #expect(h.log.entries == ["button.began(1)", "button.moved(1)"], "the button tracks the touch")
        h.drag(1, from: Point(x: 152, y: 150), to: Point(x: 152, y: 250), at: 0.01)
        h.up(1, at: 0.3)
        #expect(h.log.entries.prefix(2) == ["button.began(1)", "button.moved(1)"])
        #expect(h.log.entries.last == "button.cancelled(1)", "cancelled when the pan began, nothing after")
        #expect(!h.log.entries.contains("button.ended(1)"))
        #expect(log.entries.first == "pan:began" && log.entries.last == "pan:ended")
    }

    @Test func swipeRotationAndEdgePan() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        v.isMultipleTouchEnabled = true
        let swipe = logging(SwipeGestureRecognizer(), "swipe")
        swipe.direction = [.left, .up]
        v.addGestureRecognizer(swipe)
        h.down(1, Point(x: 400, y: 300), at: 0)
        h.drag(1, from: Point(x: 400, y: 300), to: Point(x: 300, y: 305), at: 0, steps: 10)
        h.up(1, at: 0.1)
        #expect(log.entries == ["swipe:ended"])
        #expect(swipe.recognizedDirection == nil, "reset after the touch ended")

        log.entries.removeAll()
        h.down(1, Point(x: 400, y: 300), at: 1)
        h.drag(1, from: Point(x: 400, y: 300), to: Point(x: 500, y: 300), at: 1, steps: 10)  // right: not permitted
        h.up(1, at: 1.1)
        #expect(log.entries.isEmpty)

        v.removeGestureRecognizer(swipe)
        let rotation = logging(RotationGestureRecognizer(), "rotation")
        v.addGestureRecognizer(rotation)
        var lastRotation = 0.0
        rotation.addTarget { lastRotation = ($0 as? RotationGestureRecognizer)?.rotation ?? 0 }
        h.dispatcher.down(id: 1, at: Point(x: 300, y: 300), time: 2)
        h.dispatcher.down(id: 2, at: Point(x: 500, y: 300), time: 2)
        h.dispatcher.frame()
        for step in 1...20 {
            let angle = Double(step) / 20 * (.pi / 4), t = 2 + Double(step) / 120
            h.dispatcher.motion(id: 1, at: Point(x: 400 - 100 * cosine(angle), y: 300 - 100 * sine(angle)), time: t)
            h.dispatcher.motion(id: 2, at: Point(x: 400 + 100 * cosine(angle), y: 300 + 100 * sine(angle)), time: t)
            h.dispatcher.frame()
        }
        #expect(approx(lastRotation, .pi / 4, 1e-6), "clockwise quarter-turn-half measured in radians")
        #expect(rotation.velocity > 0)
        h.dispatcher.up(id: 1, time: 2.3)
        h.dispatcher.up(id: 2, time: 2.3)
        h.dispatcher.frame()
        #expect(log.entries.last == "rotation:ended")

        v.removeGestureRecognizer(rotation)
        log.entries.removeAll()
        let edge = logging(ScreenEdgePanGestureRecognizer(), "edge")
        edge.edges = .left
        v.addGestureRecognizer(edge)
        h.down(1, Point(x: 400, y: 300), at: 3)   // not at an edge
        h.drag(1, from: Point(x: 400, y: 300), to: Point(x: 500, y: 300), at: 3)
        h.up(1, at: 3.2)
        #expect(log.entries.isEmpty)
        h.down(1, Point(x: 5, y: 300), at: 4)
        h.drag(1, from: Point(x: 5, y: 300), to: Point(x: 150, y: 300), at: 4)
        h.up(1, at: 4.2)
        #expect(log.entries.first == "edge:began" && log.entries.last == "edge:ended")
    }
}

import Foundation
func cosine(_ x: Double) -> Double { cos(x) }
func sine(_ x: Double) -> Double { sin(x) }
