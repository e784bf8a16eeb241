import Glibc  // cos, sin
import TouchCore

/// A move, a uniform scale and a turn of the plane: what one finger dragging and two fingers
/// pinching and turning do to a selection. A point `p` goes to `R(rotation) · scale · p +
/// translation`; ink widths and text sizes scale by `scale`.
public struct Similarity: Equatable, Sendable {
    public let scale: Double
    /// Radians, clockwise on screen (y grows downwards).
    public let rotation: Double
    public private(set) var translation: Point
    /// cos(rotation) and sin(rotation), times the scale: found once, not at every point of
    /// every stroke a drag moves each frame.
    private let linear: (cos: Double, sin: Double)

    public static let identity = Similarity(scale: 1, rotation: 0, translation: .zero)

    public init(scale: Double = 1, rotation: Double = 0, translation: Point = .zero) {
        (self.scale, self.rotation, self.translation) = (scale, rotation, translation)
        linear = (cos(rotation) * scale, sin(rotation) * scale)
    }

    public static func == (a: Similarity, b: Similarity) -> Bool {
        a.scale == b.scale && a.rotation == b.rotation && a.translation == b.translation
    }

    /// Scaling by `scale` and turning by `rotation` around `centre`, then moving by `offset`.
    public init(around centre: Point, scale: Double, rotation: Double, offset: Point = .zero) {
        self.init(scale: scale, rotation: rotation)
        let turned = applyLinear(centre)
        translation = Point(x: centre.x + offset.x - turned.x, y: centre.y + offset.y - turned.y)
    }

    /// A plain move.
    public init(moving offset: Point) { self.init(translation: offset) }

    public func apply(_ p: Point) -> Point {
        let q = applyLinear(p)
        return Point(x: q.x + translation.x, y: q.y + translation.y)
    }

    private func applyLinear(_ p: Point) -> Point {
        Point(x: linear.cos * p.x - linear.sin * p.y, y: linear.sin * p.x + linear.cos * p.y)
    }
}

extension Stroke {
    /// The same ink under `transform`, with a new id. Freehand ink and lines move point by
    /// point and widen with the scale; a rectangle or an ellipse keeps its two corners about
    /// its centre and turns by `angle`; a text or a stamp moves its centre and scales its size,
    /// its letters staying level.
    public func transformed(by transform: Similarity, id: Int) -> Stroke {
        let s = transform.scale
        func scaled(_ sample: InkSample, to point: Point) -> InkSample { InkSample(point, width: sample.width * s) }
        var moved: [InkSample]
        var content = text
        var turned = angle
        switch tool {
        case .text, .stamp:
            guard let first = samples.first else { return self }
            content = text.map { TextContent(string: $0.string, size: $0.size * s, extent: Size(width: $0.extent.width * s, height: $0.extent.height * s)) }
            let extent = content?.extent ?? .zero
            let centre = transform.apply(tool == .stamp ? first.point : Point(x: first.point.x + (text?.extent.width ?? 0) / 2,
                                                                                  y: first.point.y + (text?.extent.height ?? 0) / 2))
            moved = [scaled(first, to: tool == .stamp ? centre : Point(x: centre.x - extent.width / 2, y: centre.y - extent.height / 2))]
        case .rectangle, .ellipse:
            guard let a = samples.first, let b = samples.last else { return self }
            let centre = transform.apply(Point(x: (a.point.x + b.point.x) / 2, y: (a.point.y + b.point.y) / 2))
            let half = Point(x: (b.point.x - a.point.x) / 2 * s, y: (b.point.y - a.point.y) / 2 * s)
            moved = [scaled(a, to: Point(x: centre.x - half.x, y: centre.y - half.y)), scaled(b, to: Point(x: centre.x + half.x, y: centre.y + half.y))]
            turned = angle + transform.rotation
        default:
            moved = samples.map { scaled($0, to: transform.apply($0.point)) }
        }
        var result = Stroke(id: id, tool: tool, color: color, samples: moved, endTime: endTime, text: content)
        result.angle = turned.remainder(dividingBy: 2 * .pi)
        return result
    }
}
