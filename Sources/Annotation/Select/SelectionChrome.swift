import TouchCore

/// What shows of a selection over the ink: a frame around the selected ink, a delete button
/// on its top right corner, and the lasso while one is drawn (ink coordinates).
public struct SelectionChrome: Equatable, Sendable {
    /// Around the selected ink, padded; nil: nothing is selected.
    public var frame: Rect?
    /// The lasso's path while a finger draws it.
    public var lasso: [Point] = []

    public init(frame: Rect? = nil, lasso: [Point] = []) { (self.frame, self.lasso) = (frame, lasso) }

    /// The delete button's centre, on the frame's top right corner.
    public var deleteButton: Point? { frame.map { Point(x: $0.maxX, y: $0.minY) } }

    /// Whether `point` is on the delete button (its touch area, a fingertip wide).
    public func isOnDeleteButton(_ point: Point) -> Bool {
        deleteButton.map { $0.distance(to: point) <= AnnotationDefaults.selectionButtonReach } ?? false
    }

    /// Everything it covers, the button and the lasso's width included.
    public var area: Rect {
        var area = frame.map { $0.insetBy(dx: -AnnotationDefaults.selectionButtonRadius - 2, dy: -AnnotationDefaults.selectionButtonRadius - 2) } ?? .null
        for point in lasso { area = area.union(Rect(x: point.x - 3, y: point.y - 3, width: 6, height: 6)) }
        return area
    }
}

extension AnnotationDefaults {
    /// Room between the selected ink and its frame (logical px).
    public static let selectionPadding = 8.0
    /// The delete button's radius as drawn …
    public static let selectionButtonRadius = 13.0
    /// … and how far from its centre a tap still hits it (a fingertip's 44 px target).
    public static let selectionButtonReach = 22.0
    /// How far from ink a tap still selects it (logical px).
    public static let selectionReach = 12.0
}

/// Which strokes a lasso takes: those with most of their ink inside its path (the centre, for
/// a text or a stamp).
enum Lasso {
    static func encloses(_ stroke: Stroke, path: [Point]) -> Bool {
        guard path.count >= 3 else { return false }
        if stroke.tool == .text || stroke.tool == .stamp {
            let box = stroke.bounds
            return contains(Point(x: box.midX, y: box.midY), path)
        }
        let points = stroke.polylines.flatMap { $0.map(\.point) }
        guard !points.isEmpty else { return false }
        return points.filter { contains($0, path) }.count * 2 >= points.count
    }

    /// Even-odd point in polygon (the path closed back to its start).
    static func contains(_ p: Point, _ path: [Point]) -> Bool {
        var inside = false
        var j = path.count - 1
        for i in path.indices {
            let a = path[i], b = path[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}
