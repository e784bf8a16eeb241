import Glibc  // cos, sin, atan2
import TouchCore
import Visualizer

/// One point of a stroke: where, and how wide the ink is there (logical px).
public struct InkSample: Equatable, Sendable {
    public var point: Point
    public var width: Double

    public init(_ point: Point, width: Double) {
        self.point = point
        self.width = width
    }
}

/// A finished or growing piece of ink: its tool, colour and samples. Freehand tools keep the
/// smoothed samples of their contact; shapes keep their two defining points.
public struct Stroke: Equatable, Sendable {
    /// Unique within its document, in the order strokes began.
    public let id: Int
    public let tool: Tool
    public let color: Color
    public internal(set) var samples: [InkSample]
    /// When its contact lifted (a laser fades from then), nil while it grows.
    public internal(set) var endTime: Double?
    /// A text's words, size and extent (the `text` tool); its one sample is its top left, as
    /// wide as its em size. A stamp's number (see `Stroke.stamp`).
    public let text: TextContent?
    /// How far a rectangle or an ellipse is turned about its centre (radians, clockwise): its
    /// two samples are its corners before the turn. 0 for other ink.
    public internal(set) var angle = 0.0

    public init(id: Int, tool: Tool, color: Color, samples: [InkSample], endTime: Double? = nil, text: TextContent? = nil) {
        (self.id, self.tool, self.color, self.samples, self.endTime, self.text) = (id, tool, color, samples, endTime, text)
    }

    /// The same ink, kept from an earlier run, under a new id.
    func renumbered(_ id: Int) -> Stroke {
        var copy = Stroke(id: id, tool: tool, color: color, samples: samples, endTime: endTime, text: text)
        copy.angle = angle
        return copy
    }

    /// The same ink turned by `angle` (a rectangle or an ellipse read back from a session).
    public func turned(by angle: Double) -> Stroke {
        var copy = self
        copy.angle = tool == .rectangle || tool == .ellipse ? angle : 0
        return copy
    }

    /// The polylines to draw, each with round caps and joins: the fitted curve of a freehand
    /// stroke (plus an arrow's head), or a shape's outline.
    public var polylines: [[InkSample]] {
        guard let first = samples.first else { return [] }
        let last = samples[samples.count - 1]
        switch tool {
        case .line:
            return [[first, last]]
        case .rectangle:
            let a = first.point, b = last.point, w = first.width
            return [turn([a, Point(x: b.x, y: a.y), b, Point(x: a.x, y: b.y), a].map { InkSample($0, width: w) })]
        case .ellipse:
            return [turn(Self.ellipse(first.point, last.point, width: first.width))]
        case .arrow:
            let curve = Self.fitted(samples)
            return [curve] + Self.arrowHead(along: curve)
        case .pen, .highlighter, .laser, .eraser:
            return [Self.fitted(samples)]
        case .stamp:
            return [[first]]  // one sample as wide as the disc: the disc
        case .select:
            return []  // selecting draws nothing
        case .text:
            return []
        }
    }

    /// Everything the stroke may cover, its width included.
    public var bounds: Rect {
        if tool == .text, let text, let origin = samples.first?.point {
            return Rect(x: origin.x - 2, y: origin.y - 2, width: text.extent.width + 4, height: text.extent.height + 4)
        }
        var box = Rect.null
        for line in polylines {
            for s in line {
                box = box.union(Rect(x: s.point.x - s.width / 2, y: s.point.y - s.width / 2, width: s.width, height: s.width))
            }
        }
        return box
    }

    /// Whether ink of this stroke lies within `radius` of `point`.
    public func touches(_ point: Point, radius: Double) -> Bool {
        if tool == .text { return bounds.insetBy(dx: -radius, dy: -radius).contains(point) }
        for line in polylines {
            if line.count == 1, line[0].point.distance(to: point) <= radius + line[0].width / 2 { return true }
            for i in line.indices.dropFirst() {
                let reach = radius + max(line[i - 1].width, line[i].width) / 2
                if Self.distance(from: point, toSegment: line[i - 1].point, line[i].point) <= reach { return true }
            }
        }
        return false
    }

    // MARK: Geometry

    /// A shape's outline turned by `angle` about the centre of its two corners.
    private func turn(_ outline: [InkSample]) -> [InkSample] {
        guard angle != 0, let a = samples.first?.point, let b = samples.last?.point else { return outline }
        let turn = Similarity(around: Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), scale: 1, rotation: angle)
        return outline.map { InkSample(turn.apply($0.point), width: $0.width) }
    }

    /// A smooth curve through the samples: centripetal Catmull-Rom segments, subdivided about
    /// every `AnnotationDefaults.curveStep` px (at most `curveStepsPerPiece` times, so that a
    /// curve's points are bounded by its samples, however far apart they lie), widths
    /// interpolated along. Centripetal, not
    /// uniform: where neighbouring samples lie at very different distances (the short last
    /// piece to where the finger lifted, a fast stroke's long pieces beside a slow one's), the
    /// uniform curve overshoots into a hook or a loop, and the centripetal one never does
    /// (Yuksel, Schaefer and Keyser, 2011). The ends continue the first and last pieces.
    static func fitted(_ samples: [InkSample]) -> [InkSample] {
        guard samples.count > 2 else { return samples }
        var out: [InkSample] = [samples[0]]
        out.reserveCapacity(samples.count * 2)
        let last = samples.count - 1
        for i in 0..<last {
            let p1 = samples[i].point, p2 = samples[i + 1].point
            let p0 = i > 0 ? samples[i - 1].point : Point(x: 2 * p1.x - p2.x, y: 2 * p1.y - p2.y)
            let p3 = i + 2 <= last ? samples[i + 2].point : Point(x: 2 * p2.x - p1.x, y: 2 * p2.y - p1.y)
            let steps = max(1, min(AnnotationDefaults.curveStepsPerPiece, Int((p1.distance(to: p2) / AnnotationDefaults.curveStep).rounded(.up))))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                let width = samples[i].width + (samples[i + 1].width - samples[i].width) * t
                out.append(InkSample(step == steps ? p2 : centripetal(p0, p1, p2, p3, t), width: width))
            }
        }
        return out
    }

    /// The point at `t` (0 at `p1`, 1 at `p2`) of the centripetal Catmull-Rom segment from `p1`
    /// to `p2` (Barry and Goldman's pyramid, knots spaced by the square root of each distance).
    static func centripetal(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        func knot(_ a: Point, _ b: Point) -> Double { max(a.distance(to: b).squareRoot(), 1e-6) }
        let t0 = 0.0, t1 = knot(p0, p1), t2 = t1 + knot(p1, p2), t3 = t2 + knot(p2, p3)
        let u = t1 + (t2 - t1) * t
        func mix(_ a: Point, _ b: Point, _ from: Double, _ to: Double) -> Point {
            let w = (u - from) / (to - from)
            return Point(x: a.x + (b.x - a.x) * w, y: a.y + (b.y - a.y) * w)
        }
        let a1 = mix(p0, p1, t0, t1), a2 = mix(p1, p2, t1, t2), a3 = mix(p2, p3, t2, t3)
        let b1 = mix(a1, a2, t0, t2), b2 = mix(a2, a3, t1, t3)
        return mix(b1, b2, t1, t2)
    }

    /// The ellipse inscribed in the box with corners `a` and `b`, as a closed polygon.
    static func ellipse(_ a: Point, _ b: Point, width: Double) -> [InkSample] {
        let center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let rx = abs(b.x - a.x) / 2, ry = abs(b.y - a.y) / 2
        let count = max(16, min(256, Int((rx + ry) / 2)))
        return (0...count).map { i in
            let angle = 2 * Double.pi * Double(i) / Double(count)
            return InkSample(Point(x: center.x + rx * cos(angle), y: center.y + ry * sin(angle)), width: width)
        }
    }

    /// The two barbs of an arrow head at the curve's end, pointing the way it was drawn.
    public static func arrowHead(along curve: [InkSample]) -> [[InkSample]] {
        guard let tip = curve.last else { return [] }
        let length = max(12, tip.width * AnnotationDefaults.arrowHeadScale)
        // The direction over the last `length` of the curve, so jitter at the tip cannot turn it.
        guard let back = curve.last(where: { $0.point.distance(to: tip.point) >= length / 2 }) ?? curve.first,
              back.point != tip.point else { return [] }
        let angle = atan2(tip.point.y - back.point.y, tip.point.x - back.point.x)
        return [-1.0, 1.0].map { side in
            let barb = angle + .pi + side * .pi / 6
            let end = Point(x: tip.point.x + length * cos(barb), y: tip.point.y + length * sin(barb))
            return [InkSample(end, width: tip.width), tip]
        }
    }

    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        return p.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }
}
