import Annotation
import CPixman
import TouchCore
import Visualizer

/// Turns ink polylines into coverage and coverage into colour: each piece of a polyline is a
/// tapered capsule (round caps and joins, variable width), and coverage is the maximum over
/// the pieces, so where one stroke overlaps itself nothing builds up.
final class InkRasterizer {
    /// Device pixels per logical unit (the zoom's magnification included).
    var scale = 1.0
    /// The logical point drawn at device (0, 0): a zoomed picture's offset (zero otherwise).
    var offset = Point.zero
    private var scratch = MaskImage(width: 256, height: 256)
    private let paint = SolidPixel(format: PIXMAN_a8r8g8b8)

    /// Fills polylines with `color` inside `box` (device pixels) of `target`, composited once
    /// with `op` through a scratch mask.
    func fill(_ lines: [[InkSample]], color: Color, within box: PixelRect, op: pixman_op_t, into target: Canvas) {
        prepareScratch(box)
        for line in lines { accumulate(line, into: scratch, origin: (box.x, box.y), within: box) }
        composite(color, through: scratch, origin: (box.x, box.y), area: box, op: op, into: target)
    }

    /// Adds a polyline's coverage to `mask` (whose (0, 0) is device pixel `origin`), only inside `box`.
    func accumulate<Line: Collection>(_ line: Line, into mask: MaskImage, origin: (x: Int, y: Int), within box: PixelRect)
    where Line.Element == InkSample {
        var previous: InkSample?
        for sample in line {
            let a = previous ?? sample
            let shape = DeviceShape.taperedCapsule(from: Point(x: (a.point.x - offset.x) * scale, y: (a.point.y - offset.y) * scale),
                                                   to: Point(x: (sample.point.x - offset.x) * scale, y: (sample.point.y - offset.y) * scale),
                                                   startWidth: a.width * scale, endWidth: sample.width * scale)
            let reach = max(a.width, sample.width) / 2
            let piece = Rect(x: min(a.point.x, sample.point.x) - reach - offset.x, y: min(a.point.y, sample.point.y) - reach - offset.y,
                             width: abs(sample.point.x - a.point.x) + 2 * reach, height: abs(sample.point.y - a.point.y) + 2 * reach)
            mask.accumulate(shape, origin: origin, area: devicePixels(of: piece, scale: scale).intersection(box))
            previous = sample
        }
    }

    /// Composites `color` through `mask` (its (0, 0) at device pixel `origin`) into `area` of `target`.
    func composite(_ color: Color, through mask: MaskImage, origin: (x: Int, y: Int), area: PixelRect, op: pixman_op_t, into target: Canvas) {
        guard !area.isEmpty else { return }
        paint.value = color.premultipliedARGB
        guard paint.value != 0 else { return }
        pixman_image_composite32(op, paint.image, mask.image, target.image, 0, 0,
                                 Int32(area.x - origin.x), Int32(area.y - origin.y),
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }

    private func prepareScratch(_ box: PixelRect) {
        scratch = scratch.holding(width: box.width, height: box.height)
        scratch.clear(width: box.width, height: box.height)
    }

    static func bounds<Samples: Sequence>(of samples: Samples) -> Rect where Samples.Element == InkSample {
        var box = Rect.null
        for s in samples {
            box = box.union(Rect(x: s.point.x - s.width / 2, y: s.point.y - s.width / 2, width: s.width, height: s.width))
        }
        return box
    }

    static func bounds(of lines: [[InkSample]]) -> Rect {
        lines.reduce(Rect.null) { $0.union(bounds(of: $1)) }
    }
}

/// A logical rectangle in whole device pixels, rounded outwards.
public func devicePixels(of bounds: Rect, scale: Double) -> PixelRect {
    guard !bounds.isNull else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
    let x0 = pixel((bounds.minX * scale).rounded(.down)), y0 = pixel((bounds.minY * scale).rounded(.down))
    let x1 = pixel((bounds.maxX * scale).rounded(.up)) + 1, y1 = pixel((bounds.maxY * scale).rounded(.up)) + 1
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

extension Color {
    /// Ink's colour as drawn: a highlighter's is translucent.
    static func ink(_ stroke: Stroke) -> Color {
        stroke.tool == .highlighter ? stroke.color.withOpacity(stroke.color.alpha * AnnotationDefaults.highlighterOpacity) : stroke.color
    }
}
