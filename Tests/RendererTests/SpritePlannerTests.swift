import Testing
import TestSupport
import TouchCore
@testable import Renderer
@testable import Visualizer

/// The sprite renderer's pure part: which pooled slot shows what, where and how large.
@Suite struct SpritePlannerTests {
    let bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)

    /// A random visualizer session, 20 000 frames: every frame, every item that shows is in
    /// exactly one sprite; no slot shows two; a sprite keeps its slot while its item lives (and
    /// only a new one is marked new); the slots that stop showing are exactly the ones hidden;
    /// and the pool never creates a slot while one is free (it holds as many as were ever shown
    /// at once).
    @Test func poolInvariantsHoldOverARandomSession() {
        var style = VisualizerStyle()
        style.maximumRipples = 40
        style.maximumCues = 6
        let v = TouchVisualizer(style: style)
        let planner = SpritePlanner(capacity: 400)
        var rng = SplitMix(state: 2027)
        var time = 0.0
        var problems: [String] = []
        var previous: [DrawItem.Identity: Int] = [:]
        var mostAtOnce = 0
        for frame in 0..<20_000 {
            randomVisualizerStep(v, time: &time, rng: &rng, pauses: true)
            v.update(to: time, bounds: bounds)
            let items = v.items
            planner.plan(items)
            var covered = [Int](repeating: 0, count: items.count)
            var current: [DrawItem.Identity: Int] = [:]
            var slots = Set<Int>()
            for placement in planner.placements {
                if !slots.insert(placement.slot).inserted { problems.append("frame \(frame): slot \(placement.slot) shows two sprites") }
                if placement.slot >= planner.slotCount { problems.append("frame \(frame): slot \(placement.slot) was never created") }
                for index in placement.items { covered[index] += 1 }
                let identity = SpritePlanner.identity(of: placement, in: items)
                current[identity] = placement.slot
                if let before = previous[identity], before != placement.slot {
                    problems.append("frame \(frame): \(identity) moved from slot \(before) to \(placement.slot)")
                }
                if placement.isNew != (previous[identity] == nil) {
                    problems.append("frame \(frame): \(identity) isNew \(placement.isNew) in slot \(placement.slot)")
                }
            }
            for (index, item) in items.enumerated() where SpriteArt.opacityStep(item.color.alpha) > 0 && covered[index] != 1 {
                problems.append("frame \(frame): item \(index) (\(item.shape)) is in \(covered[index]) sprites")
            }
            let gone = Set(previous.values).subtracting(slots)
            if Set(planner.hidden) != gone { problems.append("frame \(frame): hid \(planner.hidden.sorted()), expected \(gone.sorted())") }
            mostAtOnce = max(mostAtOnce, planner.placements.count)
            if planner.slotCount != mostAtOnce { problems.append("frame \(frame): \(planner.slotCount) slots for at most \(mostAtOnce) at once") }
            previous = current
        }
        #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(5))")
        #expect(mostAtOnce > 20, "the session never showed many sprites at once: \(mostAtOnce)")
        #expect(planner.droppedCount == 0)
        // Once everything has faded, every slot is hidden and none shows.
        v.update(to: time + 10, bounds: bounds)
        planner.plan(v.items)
        #expect(v.items.isEmpty && planner.placements.isEmpty)
        #expect(Set(planner.hidden) == Set(previous.values))
    }

    /// Past the cap, the frontmost sprites are left out and counted; the pool stays at its cap.
    @Test func theCapLeavesOutTheFrontmostSprites() {
        let planner = SpritePlanner(capacity: 3)
        let items = (0..<5).map { i in
            DrawItem(identity: .init(owner: i, part: 0), center: Point(x: Double(i) * 100, y: 50),
                     shape: .disc(radius: 10), color: .white)
        }
        planner.plan(items)
        #expect(planner.placements.map(\.items.lowerBound) == [0, 1, 2])
        #expect(planner.slotCount == 3 && planner.droppedCount == 2)
    }

    /// A circle shows at its radius within a quarter logical px and centred within half a
    /// logical px. A ring's width is kept to a quarter px, and shown within its band's ±12%
    /// (1/√0.8 wider, then shrunk by 0.8–1), give or take the shown size's rounding.
    @Test func circlesShowAtTheirSizeThroughTheirBand() {
        var rng = SplitMix(state: 5)
        for _ in 0..<2_000 {
            let r = Double.random(in: 2...SpriteTunables.largestPreRenderedRadius, using: &rng)
            let w = Double.random(in: 1...min(8, r * 0.9), using: &rng)
            let c = Point(x: .random(in: 0...500, using: &rng), y: .random(in: 0...500, using: &rng))
            let item = DrawItem(identity: .init(owner: 0, part: 0), center: c, shape: .ring(radius: r, width: w), color: .white)
            guard let art = SpritePlanner.preRenderedArt(for: item), case .circle(_, let band, let width, _, _) = art else {
                Issue.record("ring \(r), \(w) is not pre-rendered")
                continue
            }
            let area = SpritePlanner.circleArea(of: item, art: art)
            let shrink = Double(area.width) / Double(art.logicalSide)
            let shownRadius = SpriteArt.radius(ofBand: band) * shrink
            #expect(abs(shownRadius - max(1, r)) <= 0.25 + 1e-9, "radius \(r) shows as \(shownRadius)")
            let centre = (x: Double(area.x) + Double(area.width) / 2, y: Double(area.y) + Double(area.height) / 2)
            #expect(abs(centre.x - c.x) <= 0.5 + 1e-9 && abs(centre.y - c.y) <= 0.5 + 1e-9, "centre \(c) shows at \(centre)")
            let kept = Double(width) / 4, rounding = 0.5 / Double(art.logicalSide)
            #expect(abs(kept - w) <= 0.125 + 1e-9, "width \(w) kept as \(kept)")
            let ratio = kept * SpriteTunables.ringWidthCompensation * shrink / kept
            #expect(ratio >= 0.894 - rounding && ratio <= 1.118 + rounding, "width \(w) shows \(ratio)× (radius \(r))")
        }
    }

    /// Pre-rendered sides are whole device pixels at the scales compositors use, so a picture
    /// is never stretched by a fraction of a pixel.
    @Test func picturesAreWholePixelsAtCommonScales() {
        let look = MarkerLook(radius: 30, ringWidth: 3, fillOpacity: 0.35, ringOpacity: 0.9, shadowOpacity: 0.35)
        let arts: [SpriteArt] = [.marker(look, rgb: 0x1E88E5, opacity: 16)]
            + (0..<24).map { .circle(isRing: true, band: $0, width: 12, rgb: 0xFFFFFF, opacity: 8) }
        for art in arts {
            for scale in [1.0, 1.25, 1.5, 1.75, 2, 3] {
                let exact = Double(art.logicalSide) * scale
                #expect(exact == exact.rounded(), "\(art) at \(scale): \(exact) px")
            }
        }
    }

    /// A faded marker's picture is the full one at that opacity (premultiplied), as the canvas
    /// composites it.
    @Test func aFadedMarkerIsTheFullOneAtItsOpacity() {
        let look = MarkerLook(radius: 30, ringWidth: 3, fillOpacity: 0.35, ringOpacity: 0.9, shadowOpacity: 0.35)
        let artist = SpriteArtist()
        let full = SpriteArt.marker(look, rgb: 0x1E88E5, opacity: 16), half = SpriteArt.marker(look, rgb: 0x1E88E5, opacity: 8)
        let side = full.pixelSide(scale: 2)
        let a = Canvas(width: side, height: side), b = Canvas(width: side, height: side)
        artist.draw(full, into: a)
        artist.draw(half, into: b)
        var worst = 0, opaque = 0
        for y in 0..<side {
            for x in 0..<side {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int(p >> UInt32(shift) & 0xFF) / 2 - Int(q >> UInt32(shift) & 0xFF)))
                }
                if p >> 24 > 200 { opaque += 1 }
            }
        }
        #expect(worst <= 1, "largest difference from half the full picture: \(worst)")
        #expect(opaque > 500, "the full marker has a ring: \(opaque) nearly opaque pixels")
        #expect(artist.rasterizations == 2)
    }
}
