import Testing
import TestSupport
import TouchCore
@testable import Visualizer

/// Input sources stamp events on clocks of their own, with offsets, jumps, drift and garbage.
/// Through a `ClockDomain`, whatever they send: mapped times never run ahead of the scheduler
/// or back, every marker ends, and the frame loop stops by itself.
@MainActor @Suite struct ClockDomainPropertyTests {
    @Test func mappedTimesAreNeverAheadOfNowNorGoBack() {
        var rng = SplitMix(state: 41)
        for _ in 0..<200 {
            var clock = ClockDomain()
            var now = Double.random(in: 0...1e6, using: &rng)
            var source = Double.random(in: -1e12...1e12, using: &rng)
            var last = -Double.infinity
            for _ in 0..<200 {
                let step = Double.random(in: 0...0.1, using: &rng)
                now += step
                source += step * Double.random(in: 0.5...2, using: &rng)
                if Int.random(in: 0..<20, using: &rng) == 0 { source += Double.random(in: -1e9...1e9, using: &rng) }
                let hostile: [Double] = [.infinity, -.infinity, .nan, 1e300, -1e300, 9.3e18, 0]
                let stamp = Int.random(in: 0..<15, using: &rng) == 0 ? hostile.randomElement(using: &rng)! : source
                let mapped = clock.map(stamp, now: now)
                #expect(mapped.isFinite && mapped <= now && mapped >= last, "\(stamp) at \(now) → \(mapped)")
                last = mapped
            }
        }
    }

    @Test func aSourceOnOurOwnClockKeepsItsTimesAndAnotherKeepsItsSpacing() {
        var same = ClockDomain()
        #expect(same.map(99.99, now: 100) == 99.99)
        #expect(same.map(100.01, now: 100.02) == 100.01)
        var realtime = ClockDomain()
        #expect(realtime.map(1_763_800_000.0, now: 100) == 100, "a wall-clock stamp: taken as now")
        #expect(abs(realtime.map(1_763_800_000.25, now: 100.3) - 100.25) < 1e-6, "then spaced as sent")
        #expect(realtime.map(1_763_900_000.0, now: 100.4) == 100.4, "a jump: re-anchored")
        #expect(realtime.reanchorCount == 1)
        var ahead = ClockDomain()
        _ = ahead.map(50, now: 50)
        #expect(ahead.map(50.2, now: 50.1) == 50.1, "0.1 s ahead (bug 1's case): held to now")
    }

    @Test func wrappingMillisecondsKeepGoingForward() {
        var clock = ClockDomain()
        let start = clock.map(milliseconds: UInt32.max - 10, now: 5)
        let after = clock.map(milliseconds: 20, now: 5.031)
        #expect(abs(after - start - 0.031) < 1e-6, "31 ms across the wrap")
    }

    /// The whole loop: random touches on a random clock into an overlay window; then the
    /// frame loop runs as the overlay runs it (a frame while animating, else wait for the next
    /// deadline). Every marker ends and the loop stops, whatever the clock did.
    @Test func everyMarkerEndsAndTheFrameLoopStops() {
        var rng = SplitMix(state: 2026)
        for round in 0..<150 {
            let scheduler = ManualScheduler(now: Double.random(in: 0...1e5, using: &rng))
            let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: scheduler)
            let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
            let visualizer = window.visualizer
            let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
            var clock = ClockDomain()
            var offset = Double.random(in: -1e10...1e10, using: &rng)
            let drift = Double.random(in: 0.5...2, using: &rng)
            var down: Set<Int> = []
            for _ in 0..<Int.random(in: 1...60, using: &rng) {
                scheduler.advance(by: Double.random(in: 0...0.15, using: &rng))
                if Int.random(in: 0..<10, using: &rng) == 0 { offset += Double.random(in: -1e6...1e6, using: &rng) }
                let time = clock.map(scheduler.now * drift + offset, now: scheduler.now)
                let id = Int.random(in: 0..<4, using: &rng)
                let far = Int.random(in: 0..<8, using: &rng) == 0
                let point = Point(x: far ? Double.random(in: -1e12...1e12, using: &rng) : Double.random(in: 0...800, using: &rng),
                                  y: Double.random(in: 0...600, using: &rng))
                switch Int.random(in: 0..<6, using: &rng) {
                case 0, 1: dispatcher.down(id: id, at: point, time: time); down.insert(id)
                case 2, 3: dispatcher.motion(id: id, at: point, time: time)
                case 4: dispatcher.up(id: id, time: time); down.remove(id)
                default: if Bool.random(using: &rng) { dispatcher.cancel(ids: [id]); down.remove(id) }
                }
                dispatcher.frame()
                visualizer.update(to: scheduler.now, bounds: bounds)
            }
            // Lift what is still down half the time; the rest must end by going stale.
            if Bool.random(using: &rng) {
                for id in down { dispatcher.up(id: id, time: clock.map(scheduler.now * drift + offset, now: scheduler.now)) }
                dispatcher.frame()
            }
            var frames = 0
            while frames < 10_000 {
                visualizer.update(to: scheduler.now, bounds: bounds)
                if visualizer.isAnimating {
                    scheduler.advance(by: 1.0 / 60)
                } else if let deadline = visualizer.nextDeadline {
                    #expect(deadline.isFinite && deadline >= scheduler.now - 1e-9)
                    scheduler.advance(to: deadline + 0.001)
                } else {
                    break
                }
                frames += 1
            }
            #expect(frames < 1_000, "round \(round): the frame loop stopped (\(frames) frames)")
            #expect(visualizer.markers.live.isEmpty && visualizer.items.isEmpty, "round \(round): every marker ended; left: \(visualizer.items.map { "\($0.shape)" }) cues \(visualizer.cues.live.map { visualizer.cues[$0].kind })")
        }
    }
}
