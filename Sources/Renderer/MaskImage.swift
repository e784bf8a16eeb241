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

    /// Rasterizes `shape` into the `w`×`h` top-left part of the mask; the mask's (0, 0) is
    /// the device pixel `origin`. Coverage is `0.5 − distance`, clamped to one pixel.
    /// Circles, rings and arcs measure only the pixels near their edges: along each row, what
    /// lies beyond the outer edge is 0 and what lies inside the inner edge is the shape's
    /// inside coverage (see `DeviceShape.annulus`), with a pixel to spare on each side.
    func rasterize(_ shape: DeviceShape, originX: Int, originY: Int, width w: Int, height h: Int) {
        let columns = min(w, width)
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
            for x in measured where !inside.contains(x) {
                let d = shape.signedDistance(Point(x: Double(originX + x) + 0.5, y: py))
                row[x] = d >= 0.5 ? 0 : (d <= -0.5 ? 255 : UInt8(((0.5 - d) * 255).rounded()))
            }
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
                let d = shape.signedDistance(Point(x: Double(origin.x + x) + 0.5, y: py))
                guard d < 0.5 else { continue }
                let coverage: UInt8 = d <= -0.5 ? 255 : UInt8(((0.5 - d) * 255).rounded())
                if coverage > row[x] { row[x] = coverage }
            }
        }
    }
}
