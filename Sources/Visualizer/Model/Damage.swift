import Glibc  // cos, sin
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

    /// Adds what `item` can touch: its bounds, or for a ring or an arc whose hole is most of it
    /// (a rotate cue's circle, a ripple), thin rectangles along its annulus: the hole is no
    /// damage.
    public mutating func add(_ item: DrawItem) {
        switch item.shape {
        case .arc(let radius, let width, let start, let sweep) where abs(sweep) < 2 * .pi:
            addArc(around: item.center, radius: radius, width: width, from: start, to: start + sweep)
        case .ring(let radius, let width), .arc(let radius, let width, _, _):
            let outer = radius + width / 2 + Self.margin, inner = radius - width / 2 - Self.margin
            guard outer >= Self.smallestAnnulus, inner >= outer / 2 else { return add(item.bounds) }
            addAnnulus(around: item.center, inner: inner, outer: outer)
        default:
            add(item.bounds)
        }
    }

    /// Adds what changed from `old` to `new`, the same item a frame later: an arc that only
    /// grew or shrank (a rotation's cue) changed only between its old end and its new one;
    /// anything else, everything either covers.
    public mutating func addChange(from old: DrawItem, to new: DrawItem) {
        if case .arc(let r0, let w0, let start0, let sweep0) = old.shape, case .arc(let r1, let w1, let start1, let sweep1) = new.shape,
           old.center == new.center, old.color == new.color, r0 == r1, w0 == w1, start0 == start1, (sweep0 >= 0) == (sweep1 >= 0) {
            let full = 2 * Double.pi
            if abs(sweep0) >= full, abs(sweep1) >= full { return }  // a whole ring both times
            func clamp(_ sweep: Double) -> Double { sweep >= 0 ? min(sweep, full) : max(sweep, -full) }
            return addArc(around: new.center, radius: r1, width: w1, from: start1 + clamp(sweep0), to: start1 + clamp(sweep1))
        }
        add(old)
        add(new)
    }

    /// An arc's pieces of at most 30°, each as its box: its ends and the circle's extremes
    /// between them, widened by half the line and the margin (the round caps included).
    private mutating func addArc(around c: Point, radius: Double, width: Double, from a: Double, to b: Double) {
        let pieces = max(1, Int((abs(b - a) / (Double.pi / 6)).rounded(.up)))
        let reach = width / 2 + Self.margin
        for piece in 0..<pieces {
            let lo = a + (b - a) * Double(piece) / Double(pieces), hi = a + (b - a) * Double(piece + 1) / Double(pieces)
            var box = Rect.null
            func include(_ angle: Double) {
                box = box.union(Rect(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle), width: 0, height: 0))
            }
            include(lo)
            include(hi)
            let quarter = Double.pi / 2
            var extreme = (min(lo, hi) / quarter).rounded(.up) * quarter
            while extreme < max(lo, hi) {
                include(extreme)
                extreme += quarter
            }
            add(box.insetBy(dx: -reach, dy: -reach))
        }
    }

    /// Rings smaller than this (outer radius, logical px) are damaged as their box: the
    /// rectangles would save less than they cost.
    static let smallestAnnulus = 24.0
    /// Horizontal bands an annulus is cut into.
    static let annulusBands = 16
    /// Anti-aliasing's margin, as `DrawItem.bounds` keeps it.
    static let margin = 1.5

    /// The annulus between `inner` and `outer` around `c` as `annulusBands` bands, each one
    /// rectangle where the band passes over the hole's top or bottom, else two: from the
    /// outer circle at the band's row nearest the centre to the inner circle at its row
    /// farthest from it.
    private mutating func addAnnulus(around c: Point, inner: Double, outer: Double) {
        let height = 2 * outer / Double(Self.annulusBands)
        for band in 0..<Self.annulusBands {
            let top = c.y - outer + Double(band) * height, bottom = top + height
            let nearest = top <= c.y && bottom >= c.y ? 0 : min(abs(top - c.y), abs(bottom - c.y))
            let farthest = max(abs(top - c.y), abs(bottom - c.y))
            let outerHalf = (outer * outer - nearest * nearest).squareRoot()
            guard farthest < inner else {
                add(Rect(x: c.x - outerHalf, y: top, width: 2 * outerHalf, height: height))
                continue
            }
            let innerHalf = (inner * inner - farthest * farthest).squareRoot()
            add(Rect(x: c.x - outerHalf, y: top, width: outerHalf - innerHalf, height: height))
            add(Rect(x: c.x + innerHalf, y: top, width: outerHalf - innerHalf, height: height))
        }
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
