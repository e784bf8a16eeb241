import Testing
import TestSupport
import TouchCore
@testable import Visualizer

@Suite struct PoolTests {
    @Test func poolsStayWithinTheirCapsAndGetEverythingBack() {
        var style = VisualizerStyle()
        style.maximumMarkers = 8
        style.maximumRipples = 40
        style.maximumCues = 6
        let v = TouchVisualizer(style: style)
        var rng = SplitMix(state: 42)
        var time = 0.0
        var down: [Int: Point] = [:]
        let bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)
        var violations: [String] = []
        for _ in 0..<100_000 {
            time += 1.0 / 120
            let key = Int.random(in: 0..<12, using: &rng)
            let p = Point(x: .random(in: 0...1000, using: &rng), y: .random(in: 0...1000, using: &rng))
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: v.touchDown(key: key, at: p, time: time); down[key] = p
            case 1: v.touchUp(key: key, time: time); down[key] = nil
            case 2: v.showTap(at: p, time: time)
            case 3: v.updatePan(at: p, time: time)
            case 4: v.endCue(.pan, time: time)
            case 5: v.showSwipe(from: p, to: .zero, time: time)
            default:
                if let (k, old) = down.randomElement(using: &rng) {
                    let moved = Point(x: old.x + .random(in: -60...60, using: &rng), y: old.y + .random(in: -60...60, using: &rng))
                    v.touchMoved(key: k, to: moved, time: time)
                    down[k] = moved
                }
            }
            v.update(to: time, bounds: bounds)
            if v.markers.createdCount > 8 || v.ripples.createdCount > 40 || v.cues.createdCount > 6 {
                violations.append("over a cap at \(time)")
            }
            if v.markers.live.count + v.markers.pooledCount != v.markers.createdCount
                || v.ripples.live.count + v.ripples.pooledCount != v.ripples.createdCount
                || v.cues.live.count + v.cues.pooledCount != v.cues.createdCount {
                violations.append("live + pooled != created at \(time)")
            }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
        #expect(v.ripples.takenCount > 1_000, "the stream really exercised the ripple cap")
        for key in down.keys { v.touchUp(key: key, time: time) }
        v.endCue(.pan, time: time)
        v.update(to: time + 100, bounds: bounds)
        for (taken, returned) in [(v.markers.takenCount, v.markers.returnedCount),
                                  (v.ripples.takenCount, v.ripples.returnedCount),
                                  (v.cues.takenCount, v.cues.returnedCount)] {
            #expect(taken == returned, "every object taken is returned")
        }
        #expect(v.items.isEmpty && !v.isAnimating)
    }
}
