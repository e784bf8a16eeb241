import Testing
import TestSupport
import TouchCore
@testable import Visualizer

@Suite struct FrameDiffTests {
    let bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)

    /// Every item the visualizer draws (all cue kinds, contact shapes, long-press fills,
    /// ripples at their cap) has a key of its own, so frames are matched through the table and
    /// never fall back to damaging an item as new and gone.
    @Test func everyDrawnItemHasItsOwnKey() {
        var style = VisualizerStyle()
        style.maximumRipples = 30
        style.maximumCues = 5
        let v = TouchVisualizer(style: style)
        let keys = v.itemKeys
        var rng = SplitMix(state: 7)
        var time = 0.0
        var problems: [String] = []
        var seen = Set<Int>()
        for frame in 0..<20_000 {
            randomVisualizerStep(v, time: &time, rng: &rng)
            v.update(to: time, bounds: bounds)
            seen.removeAll(keepingCapacity: true)
            for item in v.items {
                guard let k = keys.key(for: item.identity) else {
                    problems.append("frame \(frame): no key for \(item.identity) (\(item.shape))")
                    continue
                }
                if !seen.insert(k).inserted { problems.append("frame \(frame): key \(k) used twice") }
            }
        }
        #expect(problems.count == 0, "first: \(problems.prefix(5))")
    }

    @Test func damageHasChangedNewAndGoneItemsButNotUnchangedOnes() {
        let keys = ItemKeys(ripples: 4, cues: 0, partsPerCue: 0, markers: 0)
        var diff = FrameDiff(keys: keys)
        func ring(_ slot: Int, x: Double) -> DrawItem {
            DrawItem(identity: .init(owner: slot, part: 0), center: Point(x: x, y: 500),
                     shape: .ring(radius: 10, width: 2), color: .white)
        }
        let outside = DrawItem(identity: .init(owner: 99, part: 0), center: Point(x: 900, y: 100),
                               shape: .disc(radius: 5), color: .white)
        var damage = DamageRegion()
        diff.addChanges(from: [ring(0, x: 100), ring(1, x: 300), ring(2, x: 500)],
                        to: [ring(0, x: 100), ring(1, x: 320), ring(3, x: 700), outside], into: &damage)
        func damaged(_ x: Double, _ y: Double = 500) -> Bool { damage.rects.contains { $0.contains(Point(x: x, y: y)) } }
        #expect(!damaged(100), "an unchanged item is not damaged")
        #expect(damaged(300) && damaged(320), "a moved item: where it was and where it is")
        #expect(damaged(500), "a gone item")
        #expect(damaged(700), "a new item")
        #expect(damaged(900, 100), "an item outside the table is damaged all the same")
        // The table is left empty: the next frame matches afresh.
        damage.removeAll()
        diff.addChanges(from: [ring(0, x: 100)], to: [ring(0, x: 100)], into: &damage)
        #expect(damage.isEmpty)
    }

    @Test func easingCurvesRunFromZeroToOne() {
        for easing in [Easing.linear, .easeOutCubic, .easeInOutQuad] {
            #expect(easing(0) == 0 && easing(1) == 1)
            #expect(easing(-1) == 0 && easing(2) == 1, "progress is clamped")
            let samples = stride(from: 0.0, through: 1, by: 0.01).map { easing($0) }
            #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 }, "never goes back")
        }
        #expect(abs(Easing.easeOutCubic(0.5) - 0.875) < 1e-12)
        #expect(Easing.easeInOutQuad(0.5) == 0.5 && abs(Easing.easeInOutQuad(0.75) - 0.875) < 1e-12)
    }
}
