import TouchCore

/// A small list of rectangles covering what changed.
///
/// Rectangles are collected cheaply with `add`: one merges with the previous rectangle only
/// when their bounding box covers little more than they do (an item's old and new place), so
/// neighbouring fingers are not chained into one huge box. Rectangles may overlap: the
/// renderer turns the list into non-overlapping tiles, so overlaps are not drawn twice.
/// `compact()` keeps the list within `maximumCount` by clustering on a grid.
public struct DamageRegion: Equatable, Sendable {
    public private(set) var rects: [Rect] = []
    public var maximumCount = 64
    /// The grid `compact()` clusters on, kept to avoid allocating every frame.
    private var cells: [Rect] = Array(repeating: .null, count: 64)

    public init() { rects.reserveCapacity(8 * maximumCount) }

    public var isEmpty: Bool { rects.isEmpty }

    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Adds a rectangle; call `compact()` once everything is added.
    public mutating func add(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        if let last = rects.indices.last, Self.mergesCheaply(rects[last], rect) {
            rects[last] = rects[last].union(rect)
        } else {
            rects.append(rect)
        }
        if rects.count >= 8 * maximumCount { compact() }
    }

    /// Keeps the list short: past `maximumCount` rectangles, one per cell of an 8×8 grid over
    /// all of them (rectangles grouped by their centres). Up to `maximumCount / 2` thin ones
    /// (HUD crosshairs across the output) are kept as they are: clustered with others they
    /// would make boxes as wide as the output.
    public mutating func compact() {
        guard rects.count > maximumCount else { return }
        let all = rects.reduce(Rect.null) { $0.union($1) }
        let side = 8
        for i in cells.indices { cells[i] = .null }
        var kept = 0
        for index in rects.indices {  // by index: iterating a copy while writing would copy the array
            let r = rects[index]
            if kept < maximumCount / 2, Self.isThin(r) {
                rects[kept] = r
                kept += 1
                continue
            }
            let cx = min(side - 1, max(0, Int((r.midX - all.minX) / max(all.width, 1) * Double(side))))
            let cy = min(side - 1, max(0, Int((r.midY - all.minY) / max(all.height, 1) * Double(side))))
            cells[cy * side + cx] = cells[cy * side + cx].union(r)
        }
        rects.removeSubrange(kept...)
        for cell in cells where !cell.isNull { rects.append(cell) }
    }

    /// At most `thinness` across and at least 20 times as long: a line across the output.
    public static func isThin(_ rect: Rect) -> Bool {
        let across = min(rect.width, rect.height), along = max(rect.width, rect.height)
        return across <= thinness && along >= 20 * across
    }

    /// How thin a rectangle `isThin` at most, logical px.
    public static let thinness = 8.0

    /// Whether the bounding box of `a` and `b` wastes at most a tenth of its area.
    static func mergesCheaply(_ a: Rect, _ b: Rect) -> Bool {
        guard isThin(a) == isThin(b) else { return false }
        let overlap = a.intersection(b)
        guard !overlap.isNull else { return false }
        let covered = a.width * a.height + b.width * b.height - overlap.width * overlap.height
        let box = a.union(b)
        return box.width * box.height <= covered * 1.1
    }
}
