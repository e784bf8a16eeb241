import CPixman
import TouchCore
import Visualizer

/// The lines marked `persists` (the HUD's paths: hundreds of short pieces that stay while
/// markers move over them), each drawn once into a layer of their own. A frame then copies
/// the layer under its damage instead of rasterizing every piece there again. A piece that
/// goes (a path's oldest, or all of them at the next gesture) is erased by redrawing its box
/// from the pieces that stay. The layer, an ARGB image as large as the canvas, exists while
/// such lines do.
final class PathLayer {
    private var layer: Canvas?
    private var scale = 0.0
    /// A line as drawn (small, unlike a `DrawItem`, which has room for text).
    private struct Line: Equatable {
        var from, to: Point
        var width: Double
        var color: Color

        init?(_ item: DrawItem) {
            guard item.persists, case .line(let to, let width) = item.shape else { return nil }
            (from, self.to, self.width, color) = (item.center, to, width, item.color)
        }
    }

    /// The lines in the layer, by identity: the line, its device-pixel box, the frame it was
    /// last seen in.
    private var drawn: [DrawItem.Identity: Entry] = [:]

    private struct Entry {
        var line: Line
        var box: PixelRect
        var seen: Int
    }
    private var frame = 0
    /// This frame's boxes to redraw and identities gone (storage kept).
    private var changed: [PixelRect] = []
    private var gone: [DrawItem.Identity] = []
    /// Where the layer may hold lines: it is copied only there.
    private var extent: PixelRect?
    private let painter: ShapePainter

    init(painter: ShapePainter) {
        self.painter = painter
    }

    /// Whether `item` is drawn by the layer rather than with the other items.
    static func holds(_ item: DrawItem) -> Bool { Line(item) != nil }

    /// Brings the layer up to date with this frame's persisting lines (`boxes`: each item's
    /// device-pixel box), for a canvas of `width` × `height` device pixels at `scale`.
    func update(_ items: [DrawItem], boxes: [PixelRect], width: Int, height: Int, scale: Double) {
        if let layer, layer.width != width || layer.height != height || scale != self.scale {
            self.layer = nil
            drawn.removeAll(keepingCapacity: true)
            extent = nil
        }
        self.scale = scale
        frame += 1
        changed.removeAll(keepingCapacity: true)
        gone.removeAll(keepingCapacity: true)
        for index in items.indices {
            guard let line = Line(items[index]) else { continue }
            let identity = items[index].identity
            if let slot = drawn.index(forKey: identity) {
                let entry = drawn.values[slot]
                if entry.line == line {
                    drawn.values[slot].seen = frame
                    continue
                }
                changed.append(entry.box)
            }
            changed.append(boxes[index])
            drawn[identity] = Entry(line: line, box: boxes[index], seen: frame)
            extent = extent.map { $0.union(boxes[index]) } ?? boxes[index]
        }
        for (identity, entry) in drawn where entry.seen != frame {
            changed.append(entry.box)
            gone.append(identity)
        }
        for identity in gone { drawn[identity] = nil }
        guard !changed.isEmpty else { return }
        guard !drawn.isEmpty else {  // no lines left: the layer's memory goes until the next ones
            release()
            return
        }
        let layer = self.layer ?? Canvas(width: width, height: height)
        self.layer = layer
        if drawn.capacity < 4096 { drawn.reserveCapacity(8192) }
        // Each changed box is cleared and its lines drawn again in the frame's order (the
        // order a full redraw composites them in, so the bytes are the same), box by box, so
        // where boxes overlap the last one redraws it whole. Many boxes (a new path, a path
        // gone) are one box around them all.
        if changed.count > Self.separateBoxes {
            let all = changed.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
            changed.removeAll(keepingCapacity: true)
            changed.append(all)
        }
        for box in changed {
            let area = box.clipped(toWidth: width, height: height)
            guard !area.isEmpty else { continue }
            layer.clear(x: area.x, y: area.y, width: area.width, height: area.height)
            for index in items.indices where boxes[index].intersects(area) && Self.holds(items[index]) {
                paint(items[index], into: layer, area: boxes[index].intersection(area))
            }
        }
    }

    /// Past this many changed boxes in a frame, one box around them all is redrawn.
    static let separateBoxes = 32

    /// Composites the layer's lines inside `area` of `canvas` (OVER what is there).
    func composite(into canvas: Canvas, area: PixelRect) {
        guard let layer, let extent else { return }
        let part = area.intersection(extent).clipped(toWidth: layer.width, height: layer.height)
        guard !part.isEmpty else { return }
        pixman_image_composite32(PIXMAN_OP_OVER, layer.image, nil, canvas.image, Int32(part.x), Int32(part.y), 0, 0,
                                 Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height))
    }

    /// Whether the layer's image exists (its memory is held).
    var hasImage: Bool { layer != nil }

    /// Forgets the layer (its memory goes).
    func release() {
        layer = nil
        drawn.removeAll()
        extent = nil
    }

    private func paint(_ item: DrawItem, into layer: Canvas, area: PixelRect) {
        guard let line = Line(item), !area.isEmpty else { return }
        let from = Point(x: line.from.x * scale, y: line.from.y * scale), to = Point(x: line.to.x * scale, y: line.to.y * scale)
        painter.fill(.capsule(from: from, to: to, width: line.width * scale), color: line.color, area: area, into: layer)
    }
}
