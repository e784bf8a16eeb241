import TouchCore

/// Where a gesture's caption goes: near the gesture's centroid, never over a marker, another
/// caption or a cue's line, always wholly on the output. Pure geometry, so it can be checked
/// over many random scenes.
public enum CaptionPlacement {
    /// A straight line a caption keeps off: from `a` to `b`, `width` wide.
    public struct Line: Equatable, Sendable {
        public var a: Point
        public var b: Point
        public var width: Double

        public init(from a: Point, to b: Point, width: Double) { (self.a, self.b, self.width) = (a, b, width) }

        /// Whether the line, with its width, touches `rect`.
        public func crosses(_ rect: Rect) -> Bool {
            let box = rect.insetBy(dx: -width / 2, dy: -width / 2)
            // Liang–Barsky: clip the segment to the box; it crosses if anything is left.
            let dx = b.x - a.x, dy = b.y - a.y
            var low = 0.0, high = 1.0
            for (p, q) in [(-dx, a.x - box.minX), (dx, box.maxX - a.x), (-dy, a.y - box.minY), (dy, box.maxY - a.y)] {
                if p == 0 {
                    if q < 0 { return false }
                } else {
                    let r = q / p
                    if p < 0 { low = max(low, r) } else { high = min(high, r) }
                    if low > high { return false }
                }
            }
            return true
        }
    }

    /// The directions tried at each distance, in order of preference: above the centroid
    /// (where a hand is least likely to be), below, right, left, then the diagonals.
    static let directions: [(x: Double, y: Double)] = [
        (0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1),
    ]

    /// The rectangle for a caption of `size` near `anchor`: the first spot, going out from
    /// `gap` in steps of `step`, whose rectangle (its near edge `distance` from the anchor along
    /// the direction) lies inside `bounds`, overlaps none of `avoiding` (the markers' bounds,
    /// the captions placed already) and is crossed by none of `lines` (the cues' lines). Nil
    /// when there is no such spot within `reach` of the anchor: the caption is not shown rather
    /// than shown over a finger, or so far away it no longer reads as the gesture's (and a
    /// crowded frame costs a bounded search: 8 directions × reach / step).
    public static func place(_ size: Size, near anchor: Point, avoiding: [Rect], lines: [Line] = [], in bounds: Rect,
                             gap: Double = 8, step: Double = 12, reach: Double = 400) -> Rect? {
        guard size.width > 0, size.height > 0, size.width <= bounds.width, size.height <= bounds.height,
              anchor.x.isFinite, anchor.y.isFinite, step > 0 else { return nil }
        let reach = min(reach, bounds.width + bounds.height)
        var distance = max(0, gap)
        while distance <= reach {
            for direction in directions {
                let candidate = rect(size, near: anchor, direction: direction, distance: distance)
                if bounds.contains(candidate), !avoiding.contains(where: { $0.intersects(candidate) }),
                   !lines.contains(where: { $0.crosses(candidate) }) { return candidate }
            }
            distance += step
        }
        return nil
    }

    /// The caption's rectangle `distance` from `anchor` along `direction`: centred across the
    /// direction, its near edge (or corner, diagonally) at that distance.
    static func rect(_ size: Size, near anchor: Point, direction: (x: Double, y: Double), distance: Double) -> Rect {
        let x: Double = switch direction.x {
        case 0: anchor.x - size.width / 2
        case 1: anchor.x + distance
        default: anchor.x - distance - size.width
        }
        let y: Double = switch direction.y {
        case 0: anchor.y - size.height / 2
        case 1: anchor.y + distance
        default: anchor.y - distance - size.height
        }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }
}
