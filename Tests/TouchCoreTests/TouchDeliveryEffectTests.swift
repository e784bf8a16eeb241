import Testing
@testable import TouchCore

/// How recognizers change what the view's own touch methods receive.
@MainActor @Suite struct TouchDeliveryEffectTests {
    let h = Harness()

    @Test func cancelsTouchesInView() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let tap = TapGestureRecognizer()
        v.addGestureRecognizer(tap)
        h.tap(Point(x: 10, y: 10), at: 0)
        #expect(h.log.entries == ["v.began(1)", "v.cancelled(1)"])
        h.log.entries.removeAll()
        tap.cancelsTouchesInView = false
        tap.delaysTouchesEnded = false
        h.tap(Point(x: 10, y: 10), at: 1)
        #expect(h.log.entries == ["v.began(1)", "v.ended(1)"])
    }

    @Test func delaysTouchesBeganUntilTheRecognizerFails() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        v.addGestureRecognizer(pan)
        // Recognized: touchesBegan never arrives.
        h.down(1, Point(x: 100, y: 100), at: 0)
        #expect(h.log.entries.isEmpty)
        h.drag(1, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), at: 0)
        h.up(1, at: 0.2)
        #expect(h.log.entries.isEmpty)

        // Failed (lifted without panning): touchesBegan comes late, with the original place and time.
        h.down(2, Point(x: 300, y: 300), at: 1)
        h.move(2, Point(x: 303, y: 300), at: 1.05)
        #expect(h.log.entries.isEmpty)
        h.up(2, at: 1.1)
        #expect(h.log.entries == ["v.began(2)", "v.ended(2)"])
        #expect(v.beganLocations == [Point(x: 300, y: 300)])
        #expect(v.beganTimes == [1])
    }

    @Test func longPressPitfallWithDelaysTouchesEnded() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let press = LongPressGestureRecognizer()
        press.cancelsTouchesInView = false  // the view keeps tracking during the press
        v.addGestureRecognizer(press)
        h.down(1, Point(x: 100, y: 100), at: 0)
        h.scheduler.advance(to: 0.6)
        #expect(press.state == .began)
        h.up(1, at: 0.7)  // lifts without moving
        #expect(h.log.entries == ["v.began(1)", "v.cancelled(1)"], "the default swallows touchesEnded")

        h.log.entries.removeAll()
        press.delaysTouchesEnded = false  // the fix
        h.down(1, Point(x: 100, y: 100), at: 2)
        h.scheduler.advance(to: 2.6)
        h.up(1, at: 2.7)
        #expect(h.log.entries == ["v.began(1)", "v.ended(1)"])
    }

    @Test func delaysTouchesEndedReleasesOnFailure() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        h.tap(Point(x: 100, y: 100), at: 0)
        #expect(h.log.entries == ["v.began(1)"], "ended is held while the double tap may still happen")
        h.scheduler.advance(by: 1)
        #expect(h.log.entries == ["v.began(1)", "v.ended(1)"], "released when it failed")
    }

    @Test func disablingMidGestureCancels() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let pan = PanGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        pan.addTarget { states.append($0.state) }
        v.addGestureRecognizer(pan)
        h.down(1, Point(x: 100, y: 100), at: 0)
        h.drag(1, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), at: 0)
        pan.isEnabled = false
        #expect(states.last == .cancelled)
        h.move(1, Point(x: 250, y: 100), at: 0.3)
        #expect(states.last == .cancelled, "a disabled recognizer sees no more touches")
        h.up(1, at: 0.4)
        #expect(pan.state == .possible)
    }

    @Test func removingTheViewFromTheWindowCancels() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        let press = LongPressGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        press.addTarget { states.append($0.state) }
        v.addGestureRecognizer(press)
        h.down(1, Point(x: 100, y: 100), at: 0)
        h.scheduler.advance(to: 0.6)
        #expect(states == [.began])
        v.removeFromSuperview()
        #expect(states == [.began, .cancelled])
        h.up(1, at: 0.7)
        #expect(h.dispatcher.router.arena == nil)
    }

    @Test func cancellingTheEventCancelsEveryActiveRecognizer() {
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        v.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer(), press = LongPressGestureRecognizer(), tap = TapGestureRecognizer()
        let tapOnOther = TapGestureRecognizer()
        let other = h.view("o", Rect(x: 0, y: 500, width: 100, height: 100))
        other.addGestureRecognizer(tapOnOther)
        var log: [String] = []
        pan.addTarget { log.append("pan:\($0.state)") }
        press.addTarget { log.append("press:\($0.state)") }
        for r in [pan, press, tap] { v.addGestureRecognizer(r) }
        h.down(1, Point(x: 100, y: 100), at: 0)
        h.down(2, Point(x: 50, y: 550), at: 0)
        h.drag(1, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), at: 0)
        #expect(pan.state == .changed)
        h.dispatcher.cancel()
        #expect(log.last == "pan:cancelled")
        #expect(h.log.entries.contains("o.cancelled(2)"))
        #expect([pan, press, tap, tapOnOther].allSatisfy { $0.state == .possible }, "everything reset")
    }
}
