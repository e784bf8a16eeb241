import Glibc
import Testing
import TouchCore
@testable import Visualizer

@Suite struct DamageRegionTests {
    /// Compacting clusters the many small rectangles on a grid, but keeps thin lines across
    /// the output (crosshairs) as they are, so they do not turn into boxes as wide as the output;
    /// everything added stays covered.
    @Test func compactingKeepsCrosshairsThin() {
        var region = DamageRegion()
        var added: [Rect] = []
        for i in 0..<300 {
            added.append(Rect(x: Double(i * 37 % 1800), y: Double(i * 53 % 1000), width: 30, height: 30))
        }
        for i in 0..<6 {
            added.append(Rect(x: -2, y: 100 + Double(i) * 150, width: 1924, height: 3))  // horizontal crosshairs
            added.append(Rect(x: 100 + Double(i) * 300, y: -2, width: 3, height: 1084))  // vertical ones
        }
        for rect in added { region.add(rect) }
        region.compact()
        #expect(region.rects.count <= region.maximumCount + region.maximumCount / 2, "\(region.rects.count) rects")
        let thin = region.rects.filter { DamageRegion.isThin($0) }
        #expect(thin.count == 12, "every crosshair kept as it was: \(thin.count)")
        for rect in added {
            #expect(region.rects.contains { $0.union(rect) == $0 }, "\(rect) is covered")
        }
        let widest = region.rects.filter { !DamageRegion.isThin($0) }.map { $0.width * $0.height }.max() ?? 0
        #expect(widest < 1920 * 1080 / 8, "the clusters stay small: \(widest)")
    }
}

/// Rings and arcs are damaged along their line, not as their box: every point they draw is
/// covered, and the hole is not.
@Suite struct AnnulusDamageTests {
    func item(_ shape: DrawItem.Shape) -> DrawItem {
        DrawItem(identity: .init(owner: 1, part: 0), center: Point(x: 400, y: 300), shape: shape, color: .white)
    }

    func covered(_ region: DamageRegion, _ p: Point) -> Bool { region.rects.contains { $0.contains(p) } }

    @Test func aLargeRingIsDamagedAlongItsLine() {
        var region = DamageRegion()
        let ring = item(.ring(radius: 150, width: 4))
        region.add(ring)
        let area = region.rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(area < 0.35 * ring.bounds.width * ring.bounds.height, "\(area) of \(ring.bounds.width * ring.bounds.height)")
        for step in 0..<360 {
            let a = Double(step) * .pi / 180
            for r in [147.5, 150.0, 152.5] {
                #expect(covered(region, Point(x: 400 + r * cos(a), y: 300 + r * sin(a))), "\(step)° at \(r)")
            }
        }
        #expect(!covered(region, Point(x: 400, y: 300)) && !covered(region, Point(x: 480, y: 300)), "the hole is no damage")
    }

    @Test func aSmallRingIsItsBox() {
        var region = DamageRegion()
        region.add(item(.ring(radius: 12, width: 3)))
        #expect(region.rects == [item(.ring(radius: 12, width: 3)).bounds])
    }

    @Test func anArcThatGrewIsDamagedOnlyWhereItGrew() {
        var region = DamageRegion()
        region.addChange(from: item(.arc(radius: 150, width: 5, start: 0, sweep: 1.0)), to: item(.arc(radius: 150, width: 5, start: 0, sweep: 1.1)))
        for step in 0...10 {
            let a = 1.0 + 0.01 * Double(step)
            #expect(covered(region, Point(x: 400 + 150 * cos(a), y: 300 + 150 * sin(a))), "the new piece at \(a)")
        }
        #expect(!covered(region, Point(x: 400 + 150 * cos(0.5), y: 300 + 150 * sin(0.5))), "the part that stayed")
        var whole = DamageRegion()
        whole.addChange(from: item(.arc(radius: 150, width: 5, start: 0, sweep: 7)), to: item(.arc(radius: 150, width: 5, start: 0, sweep: 7.2)))
        #expect(whole.isEmpty, "a whole ring both times changes nothing")
        var moved = DamageRegion()
        let before = item(.arc(radius: 150, width: 5, start: 0, sweep: 1))
        var after = before
        after.center = Point(x: 410, y: 300)
        moved.addChange(from: before, to: after)
        #expect(covered(moved, Point(x: 400 + 150 * cos(0.5), y: 300 + 150 * sin(0.5))) && covered(moved, Point(x: 410 + 150 * cos(0.5), y: 300 + 150 * sin(0.5))))
    }

    /// A ring that stays where it is and shrinks (a ripple) changed only in the annulus from
    /// its new inner edge to its old outer edge: both rings are covered, the hole is not.
    @Test func aShrinkingRingIsDamagedAsOneAnnulus() {
        var region = DamageRegion()
        region.addChange(from: item(.ring(radius: 60, width: 3)), to: item(.ring(radius: 57, width: 3)))
        for step in 0..<360 {
            let a = Double(step) * .pi / 180
            for r in [55.5, 57.0, 60.0, 61.5] {
                #expect(covered(region, Point(x: 400 + r * cos(a), y: 300 + r * sin(a))), "\(step)° at \(r)")
            }
        }
        #expect(!covered(region, Point(x: 400, y: 300)) && !covered(region, Point(x: 440, y: 300)), "the hole is no damage")
        let area = region.rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(area < 0.5 * 126 * 126, "\(area) px, against the old ring's box of \(126 * 126)")
    }

    /// A slanted line (a pinch's) is damaged as the boxes of its pieces: every point of it is
    /// covered, in well under half its box; a straight one stays its box.
    @Test func aSlantedLineIsDamagedInPieces() {
        var region = DamageRegion()
        let line = DrawItem(identity: .init(owner: 1, part: 0), center: Point(x: 100, y: 100), shape: .line(to: Point(x: 360, y: 250), width: 3), color: .white)
        region.add(line)
        for step in 0...100 {
            let t = Double(step) / 100
            let p = Point(x: 100 + 260 * t, y: 100 + 150 * t)
            for offset in [-1.5, 0, 1.5] {
                #expect(covered(region, Point(x: p.x - offset * 0.5, y: p.y + offset * 0.866)), "at \(t), \(offset) across")
            }
        }
        let area = region.rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(area < 0.5 * line.bounds.width * line.bounds.height, "\(area) of \(line.bounds.width * line.bounds.height)")
        var straight = DamageRegion()
        let level = DrawItem(identity: .init(owner: 1, part: 0), center: Point(x: 100, y: 100), shape: .line(to: Point(x: 360, y: 100), width: 3), color: .white)
        straight.add(level)
        #expect(straight.rects == [level.bounds])
    }
}

