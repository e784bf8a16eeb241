import CPixman
import TouchCore

/// An 8-bit coverage mask in memory the renderer owns, wrapped as a pixman a8 image.
final class MaskImage {
    let width: Int
    let height: Int
    let stride: Int
    let bytes: UnsafeMutablePointer<UInt8>
    let image: OpaquePointer

    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        stride = (self.width + 3) & ~3
        bytes = .allocate(capacity: stride * self.height)
        bytes.initialize(repeating: 0, count: stride * self.height)
        guard let image = pixman_image_create_bits(PIXMAN_a8, Int32(self.width), Int32(self.height),
                                                   UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self),
                                                   Int32(stride)) else {
            fatalError("pixman could not wrap a \(width)×\(height) mask (out of memory)")
        }
        self.image = image
    }

    deinit {
        pixman_image_unref(image)
        bytes.deallocate()
    }

    /// This mask if it holds `w`×`h`, else a new one large enough for both (scratch masks
    /// only grow; what they hold is not kept).
    func holding(width w: Int, height h: Int) -> MaskImage {
        width >= w && height >= h ? self : MaskImage(width: max(width, w), height: max(height, h))
    }

    /// Rasterizes `shape` into the `w`×`h` top-left part of the mask; the mask's (0, 0) is
    /// the device pixel `origin`. Coverage is `0.5 − distance`, clamped to one pixel.
    /// Circles, rings and arcs measure only the pixels near their edges: along each row, what
    /// lies beyond the outer edge is 0 and what lies inside the inner edge is the shape's
    /// inside coverage (see `DeviceShape.annulus`), with a pixel to spare on each side. A
    /// slanted capsule measures only its columns on each row (`DeviceShape.columns(atRow:)`).
    func rasterize(_ shape: DeviceShape, originX: Int, originY: Int, width w: Int, height h: Int) {
        let columns = min(w, width)
        if case .capsule(let a, let b, _) = shape, a.x == b.x || a.y == b.y {
            rasterizeStraight(shape, from: a, to: b, originX: originX, originY: originY, columns: columns, rows: min(h, height))
            return
        }
        let annulus = shape.annulus
        for y in 0..<min(h, height) {
            let py = Double(originY + y) + 0.5
            let row = bytes + y * stride
            var measured = 0..<columns
            var inside = 0..<0
            if let annulus {
                let dy = py - annulus.center.y
                let outer = annulus.outer * annulus.outer - dy * dy
                guard outer > 0 else {
                    row.update(repeating: 0, count: columns)
                    continue
                }
                // Column x's centre is originX + x + 0.5: the columns within `half` of the centre.
                func columnsWithin(_ half: Double) -> Range<Int> {
                    let lo = Int((annulus.center.x - half - Double(originX) - 0.5).rounded(.down)) - 1
                    let hi = Int((annulus.center.x + half - Double(originX) - 0.5).rounded(.up)) + 2
                    return max(0, min(columns, lo))..<max(0, min(columns, hi))
                }
                measured = columnsWithin(outer.squareRoot())
                let inner = annulus.inner * annulus.inner - dy * dy
                if annulus.inner > 0, inner > 0 {
                    let half = inner.squareRoot()
                    let lo = Int((annulus.center.x - half - Double(originX) - 0.5).rounded(.up)) + 1
                    let hi = Int((annulus.center.x + half - Double(originX) - 0.5).rounded(.down))
                    let from = max(measured.lowerBound, min(measured.upperBound, lo))
                    inside = from..<max(from, min(measured.upperBound, hi))
                }
                row.update(repeating: 0, count: measured.lowerBound)
                (row + measured.upperBound).update(repeating: 0, count: columns - measured.upperBound)
                if !inside.isEmpty { (row + inside.lowerBound).update(repeating: annulus.insideCoverage, count: inside.count) }
            }
            if let span = shape.columns(atRow: py) {
                // Column x's centre is originX + x + 0.5.
                let lo = max(0, min(columns, pixel((span.lowerBound - Double(originX) - 0.5).rounded(.down))))
                let hi = max(lo, min(columns, pixel((span.upperBound - Double(originX) - 0.5).rounded(.up)) + 1))
                measured = lo..<hi
                row.update(repeating: 0, count: lo)
                (row + hi).update(repeating: 0, count: columns - hi)
            }
            for x in measured where !inside.contains(x) {
                row[x] = Self.coverage(shape.signedDistance(Point(x: Double(originX + x) + 0.5, y: py)))
            }
        }
    }

    /// Coverage of a pixel whose centre is `distance` from a shape's edge (negative inside).
    static func coverage(_ distance: Double) -> UInt8 {
        distance >= 0.5 ? 0 : (distance <= -0.5 ? 255 : UInt8(((0.5 - distance) * 255).rounded()))
    }

    /// An axis-aligned capsule (a HUD crosshair, as long as the output): between its ends the
    /// coverage depends only on the distance across it, so a horizontal one is measured once
    /// per row and filled, and a vertical one's row is measured once and copied. Only the
    /// round caps are measured pixel by pixel.
    private func rasterizeStraight(_ shape: DeviceShape, from a: Point, to b: Point, originX: Int, originY: Int,
                                   columns: Int, rows: Int) {
        let horizontal = a.y == b.y
        let (lo, hi) = horizontal ? (min(a.x, b.x), max(a.x, b.x)) : (min(a.y, b.y), max(a.y, b.y))
        // The columns (horizontal) or rows (vertical) whose pixel centres lie between the ends.
        func between(origin: Int, count: Int) -> Range<Int> {
            let first = max(0, min(count, Int((lo - Double(origin) - 0.5).rounded(.up))))
            let last = max(first, min(count, Int((hi - Double(origin) - 0.5).rounded(.down)) + 1))
            return first..<last
        }
        let middleColumns = horizontal ? between(origin: originX, count: columns) : 0..<0
        let middleRows = horizontal ? 0..<0 : between(origin: originY, count: rows)
        var measuredRow: UnsafeMutablePointer<UInt8>?
        for y in 0..<rows {
            let py = Double(originY + y) + 0.5
            let row = bytes + y * stride
            if let measuredRow, middleRows.contains(y) {
                row.update(from: measuredRow, count: columns)
                continue
            }
            if !middleColumns.isEmpty {
                let x = middleColumns.lowerBound
                let across = Self.coverage(shape.signedDistance(Point(x: Double(originX + x) + 0.5, y: py)))
                (row + x).update(repeating: across, count: middleColumns.count)
            }
            for x in 0..<columns where !middleColumns.contains(x) {
                row[x] = Self.coverage(shape.signedDistance(Point(x: Double(originX + x) + 0.5, y: py)))
            }
            if middleRows.contains(y) { measuredRow = row }
        }
    }

    /// Sets the `w`×`h` top-left part of the mask to zero coverage.
    func clear(width w: Int, height h: Int) {
        clear(PixelRect(x: 0, y: 0, width: w, height: h))
    }

    /// Sets a rectangle of the mask (clipped to it) to zero coverage.
    func clear(_ rect: PixelRect) {
        let area = rect.clipped(toWidth: width, height: height)
        guard !area.isEmpty else { return }
        for y in area.y..<(area.y + area.height) { (bytes + y * stride + area.x).update(repeating: 0, count: area.width) }
    }

    /// Adds `shape` to the mask where it covers more than is there already (coverage is the
    /// maximum, so overlapping pieces of one stroke never build up). The mask's (0, 0) is the
    /// device pixel `origin`; only `area` (device pixels, inside the mask) is visited.
    func accumulate(_ shape: DeviceShape, origin: (x: Int, y: Int), area: PixelRect) {
        let x0 = max(0, area.x - origin.x), y0 = max(0, area.y - origin.y)
        let x1 = min(width, area.x + area.width - origin.x), y1 = min(height, area.y + area.height - origin.y)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            let py = Double(origin.y + y) + 0.5
            let row = bytes + y * stride
            for x in x0..<x1 {
                let coverage = Self.coverage(shape.signedDistance(Point(x: Double(origin.x + x) + 0.5, y: py)))
                if coverage > row[x] { row[x] = coverage }
            }
        }
    }
}
