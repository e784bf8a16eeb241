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
    public var maximumCount = 512
    /// The grid `compact()` clusters on, kept to avoid allocating every frame.
    private var cells: [Rect] = Array(repeating: .null, count: 16 * 16)

    public init() { rects.reserveCapacity(2 * maximumCount) }

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
        if rects.count >= 2 * maximumCount { compact() }
    }

    /// Adds what `item` can touch: its bounds, or for a ring or an arc whose hole is most of it
    /// (a rotate cue's circle, a ripple), thin rectangles along its annulus: the hole is no
    /// damage; for a slanted line (a pinch's), the boxes of its pieces.
    public mutating func add(_ item: DrawItem) {
        switch item.shape {
        case .arc(let radius, let width, let start, let sweep) where abs(sweep) < 2 * .pi:
            addArc(around: item.center, radius: radius, width: width, from: start, to: start + sweep)
        case .ring(let radius, let width), .arc(let radius, let width, _, _):
            addAnnulus(around: item.center, inner: radius - width / 2, outer: radius + width / 2, box: item.bounds)
        case .line(let to, let width):
            addLine(from: item.center, to: to, width: width, box: item.bounds)
        default:
            add(item.bounds)
        }
    }

    /// Adds what changed from `old` to `new`, the same item a frame later: an arc that only
    /// grew or shrank (a rotation's cue) changed only between its old end and its new one; a
    /// ring that stayed where it was (a ripple shrinking or fading), only in the annulus both
    /// cover; anything else, everything either covers.
    public mutating func addChange(from old: DrawItem, to new: DrawItem) {
        if case .arc(let r0, let w0, let start0, let sweep0) = old.shape, case .arc(let r1, let w1, let start1, let sweep1) = new.shape,
           old.center == new.center, old.color == new.color, r0 == r1, w0 == w1, start0 == start1, (sweep0 >= 0) == (sweep1 >= 0) {
            let full = 2 * Double.pi
            if abs(sweep0) >= full, abs(sweep1) >= full { return }  // a whole ring both times
            func clamp(_ sweep: Double) -> Double { sweep >= 0 ? min(sweep, full) : max(sweep, -full) }
            return addArc(around: new.center, radius: r1, width: w1, from: start1 + clamp(sweep0), to: start1 + clamp(sweep1))
        }
        if case .ring(let r0, let w0) = old.shape, case .ring(let r1, let w1) = new.shape, old.center == new.center {
            return addAnnulus(around: new.center, inner: min(r0 - w0 / 2, r1 - w1 / 2), outer: max(r0 + w0 / 2, r1 + w1 / 2),
                              box: old.bounds.union(new.bounds))
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
    /// The fewest and the most horizontal bands an annulus is cut into: about one per half its
    /// thickness, so a thin ring's bands hug its line, but at most 16: the compositor is handed
    /// the redrawn tiles trimmed to them (`CompositorDamage`), which finer bands shrink little,
    /// and each band is a rectangle more through the frame.
    static let annulusBands = 8...16
    /// Anti-aliasing's margin, as `DrawItem.bounds` keeps it.
    static let margin = 1.5

    /// The annulus from `inner` to `outer` around `c` (widened by the margin) as bands, each
    /// one rectangle where the band passes over the hole's top or bottom, else two: from the
    /// outer circle at the band's row nearest the centre to the inner circle at its row
    /// farthest from it. A thick or small annulus is its `box`.
    private mutating func addAnnulus(around c: Point, inner: Double, outer: Double, box: Rect) {
        let outer = outer + Self.margin, inner = inner - Self.margin
        guard outer >= Self.smallestAnnulus, inner >= outer / 2 else { return add(box) }
        let bands = min(Self.annulusBands.upperBound, max(Self.annulusBands.lowerBound, Int(4 * outer / (outer - inner))))
        let height = 2 * outer / Double(bands)
        for band in 0..<bands {
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

    /// A line from `a` to `b` as the boxes of pieces about four widths long, when it slants
    /// enough for them to cover less than half its `box`; else the box.
    private mutating func addLine(from a: Point, to b: Point, width: Double, box: Rect) {
        let reach = width / 2 + Self.margin
        let dx = abs(b.x - a.x), dy = abs(b.y - a.y)
        let pieces = min(Self.linePieces, Int((max(dx, dy) / (8 * reach)).rounded(.up)))
        let pieceArea = (dx / Double(max(1, pieces)) + 2 * reach) * (dy / Double(max(1, pieces)) + 2 * reach) * Double(pieces)
        guard pieces > 1, pieceArea < box.width * box.height / 2 else { return add(box) }
        for piece in 0..<pieces {
            let t0 = Double(piece) / Double(pieces), t1 = Double(piece + 1) / Double(pieces)
            let x0 = a.x + (b.x - a.x) * t0, y0 = a.y + (b.y - a.y) * t0
            let x1 = a.x + (b.x - a.x) * t1, y1 = a.y + (b.y - a.y) * t1
            add(Rect(x: min(x0, x1) - reach, y: min(y0, y1) - reach, width: abs(x1 - x0) + 2 * reach, height: abs(y1 - y0) + 2 * reach))
        }
    }

    /// The most pieces a line is cut into.
    static let linePieces = 32

    /// Keeps the list short: past `maximumCount` rectangles, one per cell of a 16×16 grid over
    /// all of them (rectangles grouped by their centres). Up to `maximumCount / 2` thin ones
    /// (HUD crosshairs across the output) are kept as they are: clustered with others they
    /// would make boxes as wide as the output.
    public mutating func compact() {
        guard rects.count > maximumCount else { return }
        let all = rects.reduce(Rect.null) { $0.union($1) }
        let side = 16
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
