/// An axis-aligned rectangle (UIKit's `CGRect`).
///
/// A rectangle with a negative width or height is standardized by the edge accessors, as in
/// Core Graphics. The null rectangle (the result of intersecting disjoint rectangles) is
/// `Rect.null`; `isNull` tells it apart.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The empty result of intersecting two rectangles that do not meet.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    @inlinable public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }
    /// True for the null rectangle and for rectangles with no area.
    @inlinable public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    @inlinable public var midX: Double { (minX + maxX) / 2 }
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    @inlinable public var midY: Double { (minY + maxY) / 2 }
    @inlinable public var width: Double { abs(size.width) }
    @inlinable public var height: Double { abs(size.height) }

    /// Whether `point` lies inside: the minimum edges are inside, the maximum edges are not.
    @inlinable public func contains(_ point: Point) -> Bool {
        !isNull && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    @inlinable public func contains(_ other: Rect) -> Bool {
        !isNull && !other.isNull && other.minX >= minX && other.maxX <= maxX
            && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share any area.
    @inlinable public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values grow it).
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        let r = Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
        return r.size.width < 0 || r.size.height < 0 ? .null : r
    }

    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        isNull ? self : Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The smallest rectangle containing both; the null rectangle is the identity.
    @inlinable public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The common part of both rectangles, or `Rect.null` when they do not meet.
    @inlinable public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 < x0 || y1 < y0 ? .null : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle with integral edges that contains this one.
    @inlinable public var integral: Rect {
        if isNull { return self }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    public var description: String {
        isNull ? "null" : "(\(format(origin.x)), \(format(origin.y)), \(size))"
    }
}
