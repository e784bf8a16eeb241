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
}
