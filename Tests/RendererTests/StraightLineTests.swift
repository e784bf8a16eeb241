import Glibc
import Testing
import TouchCore
@testable import Renderer

/// Axis-aligned lines (the HUD's crosshairs, as long as the output) are rasterized a row or a
/// column at a time: the pixels must be the ones measuring every pixel gives.
@Suite struct StraightLineTests {
    /// Every pixel measured on its own: what `MaskImage.rasterize` did before the fast path.
    static func measured(_ shape: DeviceShape, originX: Int, originY: Int, width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(MaskImage.coverage(shape.signedDistance(Point(x: Double(originX + x) + 0.5, y: Double(originY + y) + 0.5))))
            }
        }
        return pixels
    }

    static func rasterized(_ shape: DeviceShape, originX: Int, originY: Int, width: Int, height: Int) -> [UInt8] {
        let mask = MaskImage(width: width + 3, height: height + 2)
        mask.rasterize(shape, originX: originX, originY: originY, width: width, height: height)
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels.append(mask.bytes[y * mask.stride + x]) }
        }
        return pixels
    }

    @Test(arguments: [1.0, 2.0, 2.5, 4.0])
    func crosshairsMatchMeasuringEveryPixel(width: Double) {
        // Ends inside the area (caps visible), ends outside it (a crosshair), fractional places,
        // and areas that start part way along the line or beside it.
        let lines: [(Point, Point)] = [
            (Point(x: 5.3, y: 10.6), Point(x: 40.2, y: 10.6)), (Point(x: 40.2, y: 7.5), Point(x: 5.3, y: 7.5)),
            (Point(x: -100, y: 12.25), Point(x: 500, y: 12.25)),
            (Point(x: 9.7, y: 3.2), Point(x: 9.7, y: 30.9)), (Point(x: 20.5, y: 44), Point(x: 20.5, y: 1)),
            (Point(x: 14.1, y: -300), Point(x: 14.1, y: 300)), (Point(x: 8, y: 8), Point(x: 8, y: 8)),
        ]
        Self.expectMeasuredEveryPixel(lines, width: width, areas: [(0, 0, 48, 48), (7, 9, 20, 6), (-4, -3, 30, 50), (12, 0, 5, 48)])
    }

    /// Rasterizes each line of `width` in each area (origin and size) both ways and expects
    /// the same pixels.
    static func expectMeasuredEveryPixel(_ lines: [(Point, Point)], width: Double, areas: [(Int, Int, Int, Int)]) {
        for (from, to) in lines {
            let shape = DeviceShape.capsule(from: from, to: to, width: width)
            for (x, y, w, h) in areas {
                let fast = rasterized(shape, originX: x, originY: y, width: w, height: h)
                let slow = measured(shape, originX: x, originY: y, width: w, height: h)
                let differing = zip(fast, slow).filter { $0 != $1 }.count
                #expect(differing == 0, "\(from)→\(to) width \(width) in (\(x), \(y), \(w)×\(h)): \(differing) pixels differ")
            }
        }
    }

    /// A slanted line (a pinch's) is measured only within its columns on each row: the same
    /// pixels as measuring every one, at every slope, end and width.
    @Test(arguments: [1.0, 3.0, 4.5, 12.0])
    func slantedLinesMatchMeasuringEveryPixel(width: Double) {
        var lines: [(Point, Point)] = [(Point(x: 10.3, y: 40.6), Point(x: 11.1, y: 2.2)), (Point(x: 24, y: 24), Point(x: 24.4, y: 24.2))]
        for step in 0..<24 {
            let angle = Double(step) * .pi / 12 + 0.05
            lines.append((Point(x: 24.5, y: 23.7), Point(x: 24.5 + 30 * cos(angle), y: 23.7 + 30 * sin(angle))))
        }
        Self.expectMeasuredEveryPixel(lines, width: width, areas: [(0, 0, 50, 50), (7, 9, 20, 6), (-4, -3, 30, 60), (30, 0, 5, 48)])
    }
}
