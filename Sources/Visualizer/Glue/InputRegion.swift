import TouchCore

/// The overlay's input region: the set of points where the window's `hitTest` returns a view,
/// sampled on a grid of `step` logical units and returned as rectangles (runs of hit cells in
/// a row, merged with identical runs below). Where nothing is hit (the marker layer is not
/// interactive), the region is empty and touches go to the apps below.
@MainActor
public enum InputRegion {
    public static func rects(of window: Window, size: Size, step: Double = 8) -> [Rect] {
        guard size.width > 0, size.height > 0 else { return [] }
        let columns = Int((size.width / step).rounded(.up)), rows = Int((size.height / step).rounded(.up))
        var result: [Rect] = []
        var open: [Rect] = []
        for row in 0..<rows {
            let y = Double(row) * step
            var runs: [Rect] = []
            var column = 0
            while column < columns {
                let x = Double(column) * step
                guard window.hitTest(Point(x: min(x + step / 2, size.width - 0.5), y: min(y + step / 2, size.height - 0.5)), with: nil) != nil else {
                    column += 1
                    continue
                }
                let start = column
                while column < columns,
                      window.hitTest(Point(x: min(Double(column) * step + step / 2, size.width - 0.5),
                                           y: min(y + step / 2, size.height - 0.5)), with: nil) != nil {
                    column += 1
                }
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
