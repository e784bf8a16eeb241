import TouchCore

/// The overlay's input region: the set of points where the window's `hitTest` finds a view, as
/// rectangles in window coordinates (they may overlap: a `wl_region` is their union). Where
/// nothing is hit (the marker layer is not interactive), the region is empty and touches go to
/// the apps below.
///
/// It is computed from the frames of the views that take touches, walking the tree as
/// `hitTest` does: a hidden, non-interactive or nearly transparent view adds nothing; a view
/// adds its touch area (`HitArea.touchArea`, else its bounds), clipped by its ancestors' touch
/// areas; a pass-through container (`HitArea.passesTouchesThrough`) adds only what its subviews
/// add. A tree with a rotated or skewed view, whose touch area is no longer a rectangle, is
/// sampled on a grid instead (`sampled`), which is also the oracle the property tests use.
@MainActor
public enum InputRegion {
    public static func rects(of window: Window, size: Size) -> [Rect] {
        var rects: [Rect] = []
        guard collect(window, mapping: .identity, clip: Rect(origin: .zero, size: size), into: &rects) else {
            return sampled(of: window, size: size)
        }
        // Drop what another rectangle already covers (the toolbar's buttons over drawing ink).
        return rects.enumerated().filter { index, rect in
            !rects.enumerated().contains { other, cover in
                other != index && cover.contains(rect) && (cover != rect || other < index)
            }
        }.map(\.element)
    }

    /// Adds `view`'s part of the region; false when a view is rotated or skewed.
    private static func collect(_ view: View, mapping: AffineTransform, clip: Rect, into rects: inout [Rect]) -> Bool {
        guard !view.isHidden, view.isUserInteractionEnabled, view.alpha >= 0.01 else { return true }
        guard mapping.b == 0, mapping.c == 0 else { return false }
        let shape = view as? any HitArea
        let area = mapping.apply(to: shape?.touchArea ?? view.bounds).intersection(clip)
        // A NaN frame (from a bad layout) contains no point, so hitTest finds nothing there.
        guard !area.isEmpty, [area.minX, area.minY, area.maxX, area.maxY].allSatisfy(\.isFinite) else { return true }
        guard shape?.passesTouchesThrough == true else {
            rects.append(area)
            return true
        }
        for subview in view.subviews {
            guard collect(subview, mapping: subview.localToSuperview.concatenating(mapping), clip: area, into: &rects) else {
                return false
            }
        }
        return true
    }

    /// The region sampled on a grid of `step` logical units: each cell whose centre `hitTest`
    /// finds a view is in, as runs of cells in a row merged with identical runs below. About
    /// 32,000 hit-tests at 4K: the fallback for rotated views, and the oracle for `rects`.
    public static func sampled(of window: Window, size: Size, step: Double = 8) -> [Rect] {
        guard size.width > 0, size.height > 0 else { return [] }
        let columns = Int((size.width / step).rounded(.up)), rows = Int((size.height / step).rounded(.up))
        func isHit(_ column: Int, _ y: Double) -> Bool {
            let point = Point(x: min(Double(column) * step + step / 2, size.width - 0.5), y: min(y + step / 2, size.height - 0.5))
            return window.hitTest(point, with: nil) != nil
        }
        var result: [Rect] = []
        var open: [Rect] = []
        for row in 0..<rows {
            let y = Double(row) * step
            var runs: [Rect] = []
            var column = 0
            while column < columns {
                guard isHit(column, y) else {
                    column += 1
                    continue
                }
                let start = column
                while column < columns, isHit(column, y) { column += 1 }
                let x0 = Double(start) * step, x1 = min(Double(column) * step, size.width)
                runs.append(Rect(x: x0, y: y, width: x1 - x0, height: min(step, size.height - y)))
            }
            var next: [Rect] = []
            for run in runs {
                if let index = open.firstIndex(where: { $0.minX == run.minX && $0.width == run.width }) {
                    var merged = open.remove(at: index)
                    merged.size.height += run.height
                    next.append(merged)
                } else {
                    next.append(run)
                }
            }
            result.append(contentsOf: open)
            open = next
        }
        return result + open
    }
}
