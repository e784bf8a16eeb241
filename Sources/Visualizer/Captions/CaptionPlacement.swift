import TouchCore

/// Where a gesture's caption goes: near the gesture's centroid, never over a marker, always
/// wholly on the output. Pure geometry, so it can be checked over many random scenes.
public enum CaptionPlacement {
    /// The directions tried at each distance, in order of preference: above the centroid
    /// (where a hand is least likely to be), below, right, left, then the diagonals.
    static let directions: [(x: Double, y: Double)] = [
        (0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1),
    ]

    /// The rectangle for a caption of `size` near `anchor`: the first spot, going out from
    /// `gap` in steps of `step`, whose rectangle (its near edge `distance` from the anchor along
    /// the direction) lies inside `bounds` and overlaps none of `avoiding` (the markers'
    /// bounds). Nil when there is no such spot within `reach` of the anchor: the caption is
    /// not shown rather than shown over a finger, or so far away it no longer reads as the
    /// gesture's (and a crowded frame costs a bounded search: 8 directions × reach / step).
    public static func place(_ size: Size, near anchor: Point, avoiding: [Rect], in bounds: Rect,
                             gap: Double = 8, step: Double = 12, reach: Double = 400) -> Rect? {
        guard size.width > 0, size.height > 0, size.width <= bounds.width, size.height <= bounds.height,
              anchor.x.isFinite, anchor.y.isFinite, step > 0 else { return nil }
        let reach = min(reach, bounds.width + bounds.height)
        var distance = max(0, gap)
        while distance <= reach {
            for direction in directions {
                let candidate = rect(size, near: anchor, direction: direction, distance: distance)
                if bounds.contains(candidate), !avoiding.contains(where: { $0.intersects(candidate) }) { return candidate }
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
