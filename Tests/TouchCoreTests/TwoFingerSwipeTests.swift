import Testing
import TestSupport
@testable import TouchCore
import Visualizer

/// The standard set's two-finger swipe: recognized for two fingers flicked together, and no
/// obstacle to a one-finger drag (a pan must not wait for it).
@MainActor @Suite struct TwoFingerSwipeTests {
    private func setUp() -> (Harness, StandardGestureSet) {
        let h = Harness()
        let canvas = View(frame: h.window.bounds)
        canvas.isMultipleTouchEnabled = true
        h.window.addSubview(canvas)
        let gestures = StandardGestureSet()
        gestures.install(on: canvas)
        return (h, gestures)
    }

    @Test func twoFingersFlickedLeftAreATwoFingerSwipe() {
        let (h, gestures) = setUp()
        var recognized: [(String, SwipeGestureRecognizer.Direction?)] = []
        gestures.observeAll { kind, r in
            if kind == .swipe, r.state == .ended, let swipe = r as? SwipeGestureRecognizer {
                recognized.append((r.name ?? "", swipe.recognizedDirection))
            }
        }
        h.dispatcher.down(id: 1, at: Point(x: 500, y: 300), time: 0)
        h.dispatcher.down(id: 2, at: Point(x: 500, y: 360), time: 0)
        h.dispatcher.frame()
        for step in 1...6 {
            let t = Double(step) * 0.02, x = 500 - Double(step) * 25
            h.dispatcher.motion(id: 1, at: Point(x: x, y: 300), time: t)
            h.dispatcher.motion(id: 2, at: Point(x: x, y: 361), time: t)
            h.dispatcher.frame()
        }
        h.dispatcher.up(id: 1, time: 0.14)
        h.dispatcher.up(id: 2, time: 0.14)
        h.dispatcher.frame()
        #expect(recognized.map(\.0) == ["two-finger swipe"])
        #expect(recognized.first?.1 == .left)
        #expect(gestures.twoFingerSwipe.numberOfTouchesRequired == 2)
    }

    @Test func aOneFingerDragPansWithoutWaitingForTheTwoFingerSwipe() {
        let (h, gestures) = setUp()
        var panBegan: Double?
        gestures.observeAll { kind, r in if kind == .pan, r.state == .began, panBegan == nil { panBegan = h.scheduler.now } }
        h.dispatcher.down(id: 1, at: Point(x: 300, y: 300), time: 0)
        h.dispatcher.frame()
        // A slow drag: 5 px every 20 ms (250 px/s, below a swipe's speed).
        for step in 1...20 {
            let t = Double(step) * 0.02
            h.scheduler.advance(to: t)
            h.dispatcher.motion(id: 1, at: Point(x: 300 + Double(step) * 5, y: 300), time: t)
            h.dispatcher.frame()
        }
        #expect(gestures.twoFingerSwipe.state == .failed, "one finger moved off alone: not a two-finger swipe")
        let began = try? #require(panBegan)
        #expect((began ?? 1) < 0.3, "the pan began at \(began ?? -1) s, well before the swipes' 0.5 s limit")
    }
}
