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
