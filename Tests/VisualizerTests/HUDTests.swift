import Foundation
import Testing
import TouchCore
@testable import Visualizer

/// The pointer-location HUD checked against a trace whose every value is known.
@MainActor @Suite struct HUDTests {
    /// Finger 1 (a 6×4 contact: the trace's axes are whole, its half-axes 3 and 2; pressure 0.4) goes down at (100, 200) at 0.1 s and moves
    /// steadily to (160, 220) by 0.2 s (600 and 200 px/s); finger 2 is down at (500, 300)
    /// from 0.15 s to 0.3 s; finger 1 lifts at 0.4 s.
    static let trace: String = {
        var lines = ["touchlight-trace 4", "output 800 600 1", "0.1 1 down 100 200 6 4 0 force=0.4"]
        for step in 1...10 {
            lines.append("0.\(10 + step) 1 move \(100 + 6 * step) \(200 + 2 * step) 6 4 0 force=0.4")
            if step == 5 { lines.append("0.15 2 down 500 300") }
        }
        lines += ["0.3 2 up 500 300", "0.4 1 up 160 220", ""]
        return lines.joined(separator: "\n")
    }()

    @MainActor private struct Setup {
        let window: OverlayWindow
        let scheduler = ManualScheduler()
        let dispatcher: TouchDispatcher
        var player: TracePlayer
        let bounds = Rect(x: 0, y: 0, width: 800, height: 600)

        init(measure: Bool = true) throws {
            var style = VisualizerStyle()
            style.hud.isEnabled = true
            window = OverlayWindow(size: Size(width: 800, height: 600), style: style, scheduler: scheduler)
            if measure { window.visualizer.textMeasurer = FixedWidthMeasurer() }
            dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
            player = TracePlayer(trace: try TouchTrace(text: HUDTests.trace))
        }

        /// Plays the trace's frames up to `time` and draws a frame then.
        mutating func play(until time: Double) {
            while let next = player.nextFrameTime, next <= time + 1e-9 {
                scheduler.advance(to: next)
                player.playFrame(into: dispatcher)
            }
            scheduler.advance(to: time)
            window.visualizer.update(to: time, bounds: bounds)
        }

        var text: [String] {
            window.visualizer.items.compactMap { item in
                guard item.identity.owner == TouchVisualizer.Owner.hud + TouchVisualizer.Owner.hudText, case .text(let line) = item.shape else { return nil }
                return line.text
            }
        }

        /// The crosshairs' lines: (horizontal y, vertical x) per contact down.
        var crosshairs: [(y: Double, x: Double)] {
            let items = window.visualizer.items.filter { $0.identity.owner >= TouchVisualizer.Owner.hud && $0.identity.part < 2 && !$0.isText }
            return stride(from: 0, to: items.count - 1, by: 2).map { (items[$0].center.y, items[$0 + 1].center.x) }
        }

        var pathSegments: Int {
            window.visualizer.items.filter { $0.identity.owner >= TouchVisualizer.Owner.hud && $0.identity.owner < TouchVisualizer.Owner.hud + TouchVisualizer.Owner.hudText && $0.identity.part >= 2 }.count
        }
    }

    @Test func valuesFollowTheTrace() throws {
        var s = try Setup()
        s.play(until: 0.2)
        #expect(s.text == ["contacts 2 · max 2", "X 160.0  Y 220.0", "ΔX +60.0  ΔY +20.0", "Vx +600  Vy +200 px/s", "pressure 40%  size 6 × 4"])
        #expect(s.crosshairs.count == 2)
        #expect(s.crosshairs.first.map { $0.y == 220 && $0.x == 160 } == true, "the primary's crosshair goes through it")
        let horizontal = try #require(s.window.visualizer.items.first { $0.identity.owner == TouchVisualizer.Owner.hud && $0.identity.part == 0 })
        #expect(horizontal.bounds.minX < 0 && horizontal.bounds.maxX > 800, "across the whole output")
        #expect(s.pathSegments == 10, "the primary's path so far, a segment per move: \(s.pathSegments)")

        s.play(until: 0.5)
        #expect(s.text == ["contacts 0 · max 2", "X 160.0  Y 220.0", "ΔX +60.0  ΔY +20.0", "Vx +600  Vy +200 px/s", "pressure 40%  size 6 × 4"],
                "the last values stay after the lift")
        #expect(s.crosshairs.isEmpty, "no crosshair without a finger")
        let paths = s.pathSegments
        #expect(paths == 10, "the gesture's paths stay until the next down (finger 2 never moved)")

        s.dispatcher.down(id: 7, at: Point(x: 400, y: 400), time: 1.0)
        s.dispatcher.frame()
        s.window.visualizer.update(to: 1.0, bounds: s.bounds)
        #expect(s.pathSegments == 0, "a new gesture: the old paths went")
        #expect(s.text == ["contacts 1 · max 2", "X 400.0  Y 400.0", "ΔX 0.0  ΔY 0.0", "Vx 0  Vy 0 px/s"], "no pressure or size reported")
    }

    @Test func aFingerWhoseLiftIsLostLosesItsCrosshairWithItsMarker() throws {
        var s = try Setup()
        s.play(until: 0.2)
        // The trace's lifts never come: both go stale with their markers.
        s.scheduler.advance(to: 6)
        s.window.visualizer.update(to: 6, bounds: s.bounds)
        #expect(s.crosshairs.isEmpty)
        #expect(s.text.first == "contacts 0 · max 2")
    }

    @Test func withoutATextEngineTheHUDStillDrawsItsLines() throws {
        var s = try Setup(measure: false)
        s.play(until: 0.2)
        #expect(s.text.isEmpty && s.crosshairs.count == 2 && s.pathSegments == 10)
    }

    /// A long gesture keeps its newest points: each move past the path's capacity adds one
    /// segment and drops the oldest, and every other segment stays as it was (same key, same
    /// line), so a long gesture does not redraw its whole path each frame.
    @Test func aLongPathDropsItsOldestSegmentOnly() throws {
        var s = try Setup()
        let visualizer = s.window.visualizer
        func circle(_ step: Int) -> Point {
            let angle = Double(step) * 0.05
            return Point(x: 400 + 150 * cos(angle), y: 300 + 150 * sin(angle))  // 7.5 px a step
        }
        s.dispatcher.down(id: 9, at: circle(0), time: 1)
        let capacity = visualizer.hudPathCapacity
        var time = 1.0
        func move(_ step: Int) -> [DrawItem] {
            time += 0.01
            s.dispatcher.motion(id: 9, at: circle(step), time: time)
            s.dispatcher.frame()
            visualizer.update(to: time, bounds: s.bounds)
            return visualizer.items.filter { $0.identity.owner == TouchVisualizer.Owner.hud && $0.identity.part >= 2 }
        }
        for step in 1..<(capacity + 40) { _ = move(step) }
        let before = move(capacity + 40), after = move(capacity + 41)
        #expect(before.count == capacity - 1 && after.count == capacity - 1, "a full ring: \(before.count), \(after.count)")
        let same = after.filter { item in before.contains { $0.identity == item.identity && $0.center == item.center && $0.shape == item.shape } }
        #expect(same.count == capacity - 2, "all but the newest segment are unchanged: \(same.count)")
        let newest = try #require(after.first { item in !same.contains { $0.identity == item.identity } })
        #expect(newest.center == circle(capacity + 40), "the new segment starts at the last point")
    }

    /// Every HUD item has a key of its own, so frames are compared without damaging
    /// everything as new.
    @Test func everyHUDItemHasItsOwnKey() throws {
        var s = try Setup()
        s.play(until: 0.2)
        let keys = s.window.visualizer.itemKeys
        var seen = Set<Int>()
        for item in s.window.visualizer.items {
            let key = try #require(keys.key(for: item.identity), "\(item.identity)")
            #expect(seen.insert(key).inserted, "\(item.identity) shares its key")
        }
    }
}

extension DrawItem {
    var isText: Bool { if case .text = shape { true } else { false } }
}
