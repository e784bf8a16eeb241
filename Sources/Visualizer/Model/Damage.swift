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

    /// Keeps at most `maximumCount` rectangles: past that, one per cell of an 8×8 grid over
    /// all of them (rectangles grouped by their centres).
    public mutating func compact() {
        guard rects.count > maximumCount else { return }
        let all = rects.reduce(Rect.null) { $0.union($1) }
        let side = 8
        for i in cells.indices { cells[i] = .null }
        for r in rects {
            let cx = min(side - 1, max(0, Int((r.midX - all.minX) / max(all.width, 1) * Double(side))))
            let cy = min(side - 1, max(0, Int((r.midY - all.minY) / max(all.height, 1) * Double(side))))
            cells[cy * side + cx] = cells[cy * side + cx].union(r)
        }
        rects.removeAll(keepingCapacity: true)
        for cell in cells where !cell.isNull { rects.append(cell) }
    }

    /// Whether the bounding box of `a` and `b` wastes at most a tenth of its area.
    static func mergesCheaply(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = a.intersection(b)
        guard !overlap.isNull else { return false }
        let covered = a.width * a.height + b.width * b.height - overlap.width * overlap.height
        let box = a.union(b)
        return box.width * box.height <= covered * 1.1
    }
}
