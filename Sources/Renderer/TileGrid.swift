/// Damage as dirty tiles of `tileSize` device pixels: any rectangle marks the tiles it
/// touches, and `runs` yields non-overlapping rectangles (runs of dirty tiles in a row, merged
/// with identical runs below), so overlapping damage is drawn once and waste is bounded by a
/// tile. Storage is reused from frame to frame.
struct TileGrid {
    let tileSize: Int
    private(set) var width = 0
    private(set) var height = 0
    private var columns = 0
    private var rows = 0
    private var dirty: [Bool] = []
    private var open: [PixelRect] = []
    private var result: [PixelRect] = []

    init(tileSize: Int = 32) { self.tileSize = tileSize }

    /// Prepares for a canvas of `width`×`height` pixels with nothing dirty.
    mutating func reset(width: Int, height: Int) {
        if width != self.width || height != self.height {
            self.width = width
            self.height = height
            columns = (width + tileSize - 1) / tileSize
            rows = (height + tileSize - 1) / tileSize
            dirty = [Bool](repeating: false, count: columns * rows)
            open.reserveCapacity(columns)
            result.reserveCapacity(columns * rows)
        } else {
            for i in dirty.indices { dirty[i] = false }
        }
    }

    mutating func mark(_ rect: PixelRect) {
        let r = rect.clipped(toWidth: width, height: height)
        guard !r.isEmpty else { return }
        for row in (r.y / tileSize)...((r.y + r.height - 1) / tileSize) {
            for column in (r.x / tileSize)...((r.x + r.width - 1) / tileSize) {
                dirty[row * columns + column] = true
            }
        }
    }

    /// The dirty area as non-overlapping rectangles, clipped to the canvas.
    mutating func runs() -> [PixelRect] {
        result.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        for row in 0..<rows {
            var nextOpen = 0
            var column = 0
            while column < columns {
                guard dirty[row * columns + column] else { column += 1; continue }
                let start = column
                while column < columns, dirty[row * columns + column] { column += 1 }
                let run = PixelRect(x: start * tileSize, y: row * tileSize,
                                    width: (column - start) * tileSize, height: tileSize)
                // Extend an identical run from the row above, else start a new rectangle.
                if let index = open.firstIndex(where: { $0.x == run.x && $0.width == run.width && $0.y + $0.height == run.y }) {
                    open[index].height += tileSize
                    open.swapAt(index, nextOpen)
                } else {
                    open.insert(run, at: nextOpen)
                }
                nextOpen += 1
            }
            // Rectangles not continued in this row are finished.
            while open.count > nextOpen { result.append(open.removeLast()) }
        }
        result.append(contentsOf: open)
        for i in result.indices { result[i] = result[i].clipped(toWidth: width, height: height) }
        return result
    }

    /// Calls `body` with the marked parts of `area`, a row of tiles at a time (runs of marked
    /// tiles, clipped to `area`); nothing is allocated.
    func forEachMarkedRun(in area: PixelRect, _ body: (PixelRect) -> Void) {
        let a = area.clipped(toWidth: width, height: height)
        guard !a.isEmpty else { return }
        let lastColumn = (a.x + a.width - 1) / tileSize
        for row in (a.y / tileSize)...((a.y + a.height - 1) / tileSize) {
            var column = a.x / tileSize
            while column <= lastColumn {
                guard dirty[row * columns + column] else { column += 1; continue }
                let start = column
                while column <= lastColumn, dirty[row * columns + column] { column += 1 }
                body(PixelRect(x: start * tileSize, y: row * tileSize, width: (column - start) * tileSize, height: tileSize).intersection(a))
            }
        }
    }
}
