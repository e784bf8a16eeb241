import Annotation
import CPixman
import TouchCore
import Visualizer

/// Draws one output's ink with pixman, so that a frame's cost does not grow with the number
/// of finished strokes:
/// - finished strokes are rasterized once each into a persistent layer (highlighter ink goes
///   under what is there, pen ink over it); undo, redo, erase and clear redraw that layer once;
/// - a growing freehand stroke adds only its new segments to a live layer each frame;
/// - shapes being dragged, arrow heads and fading lasers are small, and drawn fresh each frame.
///
/// Frames composite the layers into the damaged rectangles, under the markers (see
/// `MarkerRenderer.underlay`). Layers exist only once there is ink.
public final class InkRenderer: Underlay {
    /// Device pixels per logical unit.
    public private(set) var scale = 1.0
    private var finished: Canvas?
    private var live: Canvas?
    private var mask = MaskImage(width: 256, height: 256)
    private let paint = SolidPixel(format: PIXMAN_a8r8g8b8)
    private var seenGeneration = -1
    /// How many of the document's strokes are in the layer (valid for `seenGeneration`).
    private var seenStrokes = 0
    private var entries: [LiveEntry] = []
    private var transient: [TransientItem] = []
    private var laserGeometry: [TransientItem] = []
    /// What changed in the last `update`, in logical coordinates (storage kept between frames).
    public private(set) var damage: [Rect] = []
    /// Whether ink will change without input (a laser is fading).
    public private(set) var isAnimating = false

    public init() {
        entries.reserveCapacity(32)
        transient.reserveCapacity(32)
        damage.reserveCapacity(64)
    }

    /// Brings the layers up to date with `document` at `time`, for a buffer of `pixelWidth` ×
    /// `pixelHeight` device pixels at `scale`. Afterwards `damage` lists what changed.
    public func update(from document: InkDocument, time: Double, pixelWidth: Int, pixelHeight: Int, scale: Double) {
        damage.removeAll(keepingCapacity: true)
        for item in transient { damage.append(item.bounds) }  // where last frame's transient ink was
        let resized = finished.map { $0.width != pixelWidth || $0.height != pixelHeight } ?? false
        if resized || scale != self.scale {
            self.scale = scale
            finished = nil
            live = nil
            seenGeneration = -1
            entries.removeAll(keepingCapacity: true)
            damage.append(Rect(x: 0, y: 0, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale))
        }
        updateFinished(document, width: pixelWidth, height: pixelHeight)
        updateLive(document, width: pixelWidth, height: pixelHeight)
        updateTransient(document, time: time)
    }

    /// The layers, composited into `area` of `canvas` (device pixels, already cleared).
    public func composite(into canvas: Canvas, area: PixelRect) {
        for layer in [finished, live] {
            guard let layer else { continue }
            pixman_image_composite32(PIXMAN_OP_OVER, layer.image, nil, canvas.image, Int32(area.x), Int32(area.y), 0, 0,
                                     Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        }
        for item in transient {
            let box = devicePixels(of: item.bounds, scale: scale).intersection(area)
            guard !box.isEmpty else { continue }
            fill(item.lines, color: item.color.withOpacity(item.color.alpha * item.opacity), within: box, op: PIXMAN_OP_OVER, into: canvas)
        }
    }

    // MARK: Finished strokes

    private func updateFinished(_ document: InkDocument, width: Int, height: Int) {
        if document.rebuildGeneration != seenGeneration {
            seenGeneration = document.rebuildGeneration
            seenStrokes = document.strokes.count
            let hadInk = finished != nil
            finished = document.strokes.isEmpty ? nil : Canvas(width: width, height: height)
            for stroke in document.strokes { draw(stroke, into: finished!) }
            if hadInk || finished != nil { damage.append(Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale)) }
            return
        }
        guard document.strokes.count > seenStrokes else { return }
        if finished == nil { finished = Canvas(width: width, height: height) }
        for stroke in document.strokes[seenStrokes...] {
            draw(stroke, into: finished!)
            damage.append(stroke.bounds)
        }
        seenStrokes = document.strokes.count
    }

    /// Rasterizes a whole stroke into a layer: highlighter ink under what is there, the rest over it.
    private func draw(_ stroke: Stroke, into layer: Canvas) {
        let lines = stroke.polylines
        let box = devicePixels(of: stroke.bounds, scale: scale).clipped(toWidth: layer.width, height: layer.height)
        guard !box.isEmpty else { return }
        let highlighter = stroke.tool == .highlighter
        let color = highlighter ? stroke.color.withOpacity(stroke.color.alpha * AnnotationDefaults.highlighterOpacity) : stroke.color
        fill(lines, color: color, within: box, op: highlighter ? PIXMAN_OP_OVER_REVERSE : PIXMAN_OP_OVER, into: layer)
    }

    // MARK: Live strokes

    private func updateLive(_ document: InkDocument, width: Int, height: Int) {
        for index in entries.indices { entries[index].seen = false }
        document.forEachLiveStroke { stroke in
            guard !stroke.tool.isShape else { return }
            let index = entries.firstIndex { $0.id == stroke.id } ?? {
                entries.append(LiveEntry(id: stroke.id))
                return entries.count - 1
            }()
            entries[index].seen = true
            let drawn = entries[index].drawn
            guard stroke.samples.count > drawn else { return }
            if live == nil { live = Canvas(width: width, height: height) }
            let from = max(0, drawn - 1)
            let piece = stroke.samples[from...]
            let bounds = Self.bounds(of: piece)
            addSegments(piece, color: liveColor(stroke), bounds: bounds)
            entries[index].drawn = stroke.samples.count
            entries[index].bounds = entries[index].bounds.union(bounds)
            damage.append(bounds)
        }
        // Strokes that ended, were dropped or cancelled leave the live layer; the others
        // crossing where they were are drawn there again.
        var index = 0
        while index < entries.count {
            if entries[index].seen { index += 1; continue }
            let gone = entries.remove(at: index)
            guard let live, !gone.bounds.isNull else { continue }
            let box = devicePixels(of: gone.bounds, scale: scale).clipped(toWidth: live.width, height: live.height)
            live.clear(x: box.x, y: box.y, width: box.width, height: box.height)
            damage.append(gone.bounds)
            document.forEachLiveStroke { stroke in
                guard let other = entries.first(where: { $0.id == stroke.id }), other.bounds.intersects(gone.bounds) else { return }
                fill([stroke.samples[..<min(other.drawn, stroke.samples.count)]], color: liveColor(stroke), within: box,
                     op: PIXMAN_OP_CONJOINT_OVER, into: live)
            }
        }
    }

    /// New segments of one live stroke. CONJOINT_OVER with the stroke's own colour keeps the
    /// coverage where segments of one stroke overlap, so translucent ink does not build up.
    private func addSegments(_ piece: ArraySlice<InkSample>, color: Color, bounds: Rect) {
        guard let live else { return }
        let box = devicePixels(of: bounds, scale: scale).clipped(toWidth: live.width, height: live.height)
        guard !box.isEmpty else { return }
        fill([piece], color: color, within: box, op: PIXMAN_OP_CONJOINT_OVER, into: live)
    }

    private func liveColor(_ stroke: Stroke) -> Color {
        stroke.tool == .highlighter ? stroke.color.withOpacity(stroke.color.alpha * AnnotationDefaults.highlighterOpacity) : stroke.color
    }

    // MARK: Transient ink

    private func updateTransient(_ document: InkDocument, time: Double) {
        transient.removeAll(keepingCapacity: true)
        document.forEachLiveStroke { stroke in
            if stroke.tool.isShape || stroke.tool == .arrow {
                let lines = stroke.tool == .arrow ? Stroke.arrowHead(along: stroke.samples) : stroke.polylines
                guard !lines.isEmpty else { return }
                transient.append(TransientItem(id: stroke.id, lines: lines, bounds: Self.bounds(of: lines), color: stroke.color, opacity: 1))
            }
        }
        document.expireLasers(at: time)
        laserGeometry.removeAll { laser in !document.fadingLasers.contains { $0.id == laser.id } }
        for laser in document.fadingLasers {
            if !laserGeometry.contains(where: { $0.id == laser.id }) {
                let lines = laser.polylines
                laserGeometry.append(TransientItem(id: laser.id, lines: lines, bounds: Self.bounds(of: lines), color: laser.color, opacity: 1))
            }
            guard var item = laserGeometry.first(where: { $0.id == laser.id }) else { continue }
            item.opacity = document.opacity(of: laser, at: time)
            transient.append(item)
        }
        isAnimating = !document.fadingLasers.isEmpty
        for item in transient { damage.append(item.bounds) }
    }

    // MARK: Rasterizing

    /// Fills polylines (round caps and joins, variable width) with `color` inside `box`
    /// (device pixels) of `target`: their coverage is gathered in a mask first, so pieces of
    /// one stroke never build up, then composited once with `op`.
    private func fill<Line: RandomAccessCollection>(_ lines: [Line], color: Color, within box: PixelRect,
                                                    op: pixman_op_t, into target: Canvas) where Line.Element == InkSample {
        if mask.width < box.width || mask.height < box.height {
            mask = MaskImage(width: max(mask.width, box.width), height: max(mask.height, box.height))
        }
        mask.clear(width: box.width, height: box.height)
        let origin = (x: box.x, y: box.y)
        for line in lines {
            var previous: InkSample?
            for sample in line {
                let a = previous ?? sample
                let shape = DeviceShape.taperedCapsule(from: Point(x: a.point.x * scale, y: a.point.y * scale),
                                                       to: Point(x: sample.point.x * scale, y: sample.point.y * scale),
                                                       startWidth: a.width * scale, endWidth: sample.width * scale)
                let reach = max(a.width, sample.width) / 2
                let segment = Rect(x: min(a.point.x, sample.point.x) - reach, y: min(a.point.y, sample.point.y) - reach,
                                   width: abs(sample.point.x - a.point.x) + 2 * reach, height: abs(sample.point.y - a.point.y) + 2 * reach)
                mask.accumulate(shape, origin: origin, area: devicePixels(of: segment, scale: scale).intersection(box))
                previous = sample
            }
        }
        paint.value = color.premultipliedARGB
        guard paint.value != 0 else { return }
        pixman_image_composite32(op, paint.image, mask.image, target.image, 0, 0, 0, 0,
                                 Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
    }

    static func bounds<Samples: Sequence>(of samples: Samples) -> Rect where Samples.Element == InkSample {
        var box = Rect.null
        for s in samples {
            box = box.union(Rect(x: s.point.x - s.width / 2, y: s.point.y - s.width / 2, width: s.width, height: s.width))
        }
        return box
    }

    static func bounds(of lines: [[InkSample]]) -> Rect {
        lines.reduce(Rect.null) { $0.union(bounds(of: $1)) }
    }
}

/// How much of a growing stroke is already in the live layer.
private struct LiveEntry {
    let id: Int
    var drawn = 0
    var bounds = Rect.null
    var seen = true
}

/// Ink drawn fresh each frame: a shape being dragged, an arrow's head, a fading laser.
private struct TransientItem {
    let id: Int
    let lines: [[InkSample]]
    let bounds: Rect
    let color: Color
    var opacity: Double
}

/// Something drawn under the markers in each damaged rectangle (the ink).
public protocol Underlay: AnyObject {
    func composite(into canvas: Canvas, area: PixelRect)
}

/// A logical rectangle in whole device pixels, rounded outwards.
func devicePixels(of bounds: Rect, scale: Double) -> PixelRect {
    guard !bounds.isNull else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
    let x0 = pixel((bounds.minX * scale).rounded(.down)), y0 = pixel((bounds.minY * scale).rounded(.down))
    let x1 = pixel((bounds.maxX * scale).rounded(.up)) + 1, y1 = pixel((bounds.maxY * scale).rounded(.up)) + 1
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}
