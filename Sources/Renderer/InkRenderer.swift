import Annotation
import CPixman
import TouchCore
import Visualizer

/// Draws one output's ink with pixman, so that a frame's cost does not grow with the number
/// of finished strokes:
/// - finished strokes are rasterized once each into a persistent layer (highlighter ink goes
///   under what is there, pen ink over it); undo, redo, erase and clear redraw that layer once;
/// - a growing freehand stroke adds only its new segments to a live coverage layer (8 bits a
///   pixel, the maximum of its pieces) each frame, shown in the live strokes' colour;
/// - shapes being dragged, arrow heads and fading lasers are small, and drawn fresh each frame.
///
/// As the markers' underlay it paints each damaged rectangle's background: the finished layer
/// copied (or transparency), then the live ink over it (see `MarkerRenderer.underlay`). Layers
/// exist only once there is ink.
public final class InkRenderer: Underlay {
    /// Device pixels per logical unit.
    public private(set) var scale = 1.0
    private var finished: Canvas?
    private var live: MaskImage?
    private var liveColor = Color.white
    /// The tiles where the live layer may have coverage, to composite only there.
    private var liveTiles = TileGrid(tileSize: 32)
    /// The tiles where the finished layer has ink: copied from it; elsewhere cleared.
    private var finishedTiles = TileGrid(tileSize: 32)
    private let rasterizer = InkRasterizer()
    private var seenGeneration = -1
    /// The strokes in the layer, by id, with their boxes in device pixels, in drawing order.
    private var drawn: [(id: Int, box: PixelRect)] = []
    private var entries: [LiveEntry] = []
    private var transient: [TransientItem] = []
    private var laserGeometry: [TransientItem] = []
    private var pixelSize = (width: 0, height: 0)
    /// What changed in the last `update`, in logical coordinates (storage kept between frames).
    public private(set) var damage: [Rect] = []
    /// Whether ink will change without input (a laser is fading, or finished strokes are
    /// still to be drawn into the layer).
    public var isAnimating: Bool { lasersFade || drawn.count < strokesToDraw }
    private var lasersFade = false
    /// How many finished strokes the layer will hold once every pending one is drawn.
    private var strokesToDraw = 0
    /// The most device pixels of stroke boxes rasterized into the finished layer in one
    /// `update` (nil: every stroke at once). A live overlay sets it, so that a large drawing put
    /// back (a session of 50,000 strokes takes seconds to rasterize) appears over several frames
    /// while its loop stays free for commands, saves and signals; pictures and exports draw
    /// whole. One stroke is always drawn whole, however large.
    public var finishedAreaPerUpdate: Int?
    /// The live overlay's: a quarter of a 1080p screen of stroke boxes, about 50 ms here.
    public static let overlayAreaPerUpdate = 500_000
    /// The page under the ink (`ctl board`); nil: transparency, the screen shows through.
    public var page: PageBackground? {
        didSet { if page != oldValue { redrawsWhole = true } }
    }
    /// A new page background or a new document: the next `update` damages everything.
    private var redrawsWhole = false
    /// Measures and draws texts (committed, and the box being typed in).
    public let text = InkText()
    /// The text box being typed in, drawn over the ink (nil: none).
    public var textBox: TextBox?
    /// The `select` tool's frame, delete button and lasso, drawn over the ink.
    public var selection = SelectionChrome()
    /// The chrome as last drawn: its pieces and the area it covered (output coordinates).
    private var drawnSelection: (chrome: SelectionChrome, pieces: [SelectionPainter.Piece], area: Rect)?
    /// How a zoomed picture shows (the ink is kept in its coordinates); a change redraws everything.
    public var view = ZoomView() {
        didSet {
            guard view != oldValue else { return }
            // Over a picture drawn here everything changes; over transparency (the picture in a
            // subsurface, or none) only where ink was and is: the live strokes' and the text
            // box's old places now, the finished strokes' when the layer is drawn again.
            if below != nil || page != nil { redrawsWhole = true }
            for entry in entries where !entry.bounds.isNull { viewChangeDamage.append(oldValue.toScreen(entry.bounds)) }
            if let area = drawnTextBox?.area { viewChangeDamage.append(area) }
            if let area = drawnSelection?.area { viewChangeDamage.append(area) }
            drawnSelection = nil
            seenGeneration = -1  // the layer is drawn again, in place (a pinch allocates nothing)
            live = nil
            entries.removeAll(keepingCapacity: true)
            laserGeometry.removeAll(keepingCapacity: true)
            drawnTextBox = nil
        }
    }
    /// Where ink showed before the view last changed (output coordinates).
    private var viewChangeDamage: [Rect] = []
    /// What goes under the ink where there is no page (a zoomed picture); nil: transparency. A
    /// change redraws everything.
    public weak var below: Underlay? {
        didSet { if below !== oldValue { redrawsWhole = true } }
    }
    /// The box as last drawn, and the area it covered.
    private var drawnTextBox: (box: TextBox, area: Rect)?

    /// Another document follows (a whiteboard page): the next `update` draws it whole.
    public func forgetDocument() {
        seenGeneration = -1
        finished = nil
        redrawsWhole = true
    }

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
        if pixelWidth != pixelSize.width || pixelHeight != pixelSize.height || scale != self.scale {
            (pixelSize, self.scale) = ((pixelWidth, pixelHeight), scale)
            finished = nil
            live = nil
            seenGeneration = -1
            entries.removeAll(keepingCapacity: true)
            damage.append(Rect(x: 0, y: 0, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale))
        }
        if redrawsWhole {
            redrawsWhole = false
            damage.append(fullRect)
        }
        damage.append(contentsOf: viewChangeDamage)
        viewChangeDamage.removeAll(keepingCapacity: true)
        (rasterizer.scale, rasterizer.offset, text.view) = (scale * view.scale, view.offset, view)
        updateFinished(document)
        updateLive(document)
        updateTransient(document, time: time)
        updateTextBox()
        updateSelection()
    }

    private func updateSelection() {
        guard selection != drawnSelection?.chrome ?? SelectionChrome() else { return }
        if let area = drawnSelection?.area { damage.append(area) }
        let pieces = SelectionPainter.pieces(of: selection)
        drawnSelection = pieces.isEmpty ? nil : (selection, pieces, view.toScreen(selection.area))
        if let area = drawnSelection?.area { damage.append(area) }
    }

    private func updateTextBox() {
        guard textBox != drawnTextBox?.box else { return }
        if let area = drawnTextBox?.area { damage.append(area) }
        drawnTextBox = textBox.map { ($0, view.toScreen(text.bounds(of: $0))) }
        if let area = drawnTextBox?.area { damage.append(area) }
    }

    /// Paints `area` of `canvas` (device pixels): the page (or transparency), the finished ink,
    /// the live ink, the transient ink.
    public func composite(into canvas: Canvas, area: PixelRect) {
        if let page {
            page.paint(into: canvas, area: area, scale: scale)
        } else if let below {
            below.composite(into: canvas, area: area)
        } else {
            canvas.clear(x: area.x, y: area.y, width: area.width, height: area.height)
        }
        // Over transparency, copying the finished ink is the same as compositing it over.
        let op = page == nil && below == nil ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
        if let finished {
            finishedTiles.forEachMarkedRun(in: area) { run in
                pixman_image_composite32(op, finished.image, nil, canvas.image, Int32(run.x), Int32(run.y), 0, 0,
                                         Int32(run.x), Int32(run.y), Int32(run.width), Int32(run.height))
            }
        }
        if let live {
            liveTiles.forEachMarkedRun(in: area) { run in
                rasterizer.composite(liveColor, through: live, origin: (0, 0), area: run, op: PIXMAN_OP_OVER, into: canvas)
            }
        }
        for item in transient {
            let box = devicePixels(of: item.bounds, scale: scale).intersection(area)
            guard !box.isEmpty else { continue }
            rasterizer.fill(item.lines, color: item.color.withOpacity(item.color.alpha * item.opacity), within: box, op: PIXMAN_OP_OVER, into: canvas)
            if let stamp = item.stamp { text.drawNumber(of: stamp, scale: scale, into: canvas, clip: box) }
        }
        if let drawnTextBox { text.drawBox(drawnTextBox.box, shownArea: drawnTextBox.area, scale: scale, into: canvas, area: area) }
        for piece in drawnSelection?.pieces ?? [] {
            let box = devicePixels(of: view.toScreen(piece.bounds), scale: scale).intersection(area)
            if !box.isEmpty { rasterizer.fill(piece.lines, color: piece.color, within: box, op: PIXMAN_OP_OVER, into: canvas) }
        }
    }

    private var fullArea: PixelRect { PixelRect(x: 0, y: 0, width: pixelSize.width, height: pixelSize.height) }
    private var fullRect: Rect { Rect(x: 0, y: 0, width: Double(pixelSize.width) / scale, height: Double(pixelSize.height) / scale) }

    // MARK: Finished strokes

    /// Past this many changed boxes, one box around them all is redrawn.
    private static let mostChangedBoxes = 32

    private func updateFinished(_ document: InkDocument) {
        strokesToDraw = document.strokes.count
        if document.rebuildGeneration != seenGeneration {
            let firstTime = seenGeneration == -1 || finished == nil
            seenGeneration = document.rebuildGeneration
            if firstTime || document.strokes.isEmpty { return rebuildFinished(document) }
            redrawChanged(document)
            return
        }
        guard document.strokes.count > drawn.count else { return }
        if finished == nil { finishedTiles.reset(width: pixelSize.width, height: pixelSize.height) }
        let layer = finished ?? Canvas(width: pixelSize.width, height: pixelSize.height)
        finished = layer
        drawPending(document, into: layer, damagingEach: true)
    }

    /// Draws the strokes not yet in the layer, in order, within `finishedAreaPerUpdate`; the
    /// rest wait for the next update. `damagingEach`: each one's area is damaged.
    private func drawPending(_ document: InkDocument, into layer: Canvas, damagingEach: Bool) {
        var budget = finishedAreaPerUpdate ?? Int.max
        while drawn.count < document.strokes.count, budget > 0 {
            let stroke = document.strokes[drawn.count]
            draw(stroke, into: layer)
            budget -= max(1, drawn[drawn.count - 1].box.width * drawn[drawn.count - 1].box.height)
            if damagingEach { damage.append(view.toScreen(stroke.bounds)) }
        }
    }

    /// Draws the layer anew from every stroke.
    private func rebuildFinished(_ document: InkDocument) {
        // The layer has ink only in its strokes' boxes: where they were and where they are now.
        let before = drawnArea
        if document.strokes.isEmpty {
            finished = nil
        } else if let layer = finished {
            for entry in drawn where !entry.box.isEmpty { layer.clear(x: entry.box.x, y: entry.box.y, width: entry.box.width, height: entry.box.height) }
        } else {
            finished = Canvas(width: pixelSize.width, height: pixelSize.height)
        }
        finishedTiles.reset(width: pixelSize.width, height: pixelSize.height)
        drawn.removeAll(keepingCapacity: true)
        if let finished { drawPending(document, into: finished, damagingEach: false) }
        for area in [before, drawnArea] where !area.isNull { damage.append(area) }
    }

    /// Everything the finished strokes in the layer cover (output coordinates).
    private var drawnArea: Rect {
        drawn.reduce(Rect.null) { area, entry in
            entry.box.isEmpty ? area : area.union(Rect(x: Double(entry.box.x) / scale, y: Double(entry.box.y) / scale,
                                                        width: Double(entry.box.width) / scale, height: Double(entry.box.height) / scale))
        }
    }

    /// Undo, redo or erase: only the boxes of the strokes that went or came are redrawn, from
    /// every stroke that crosses them, in order (the same pixels as drawing the layer anew, at
    /// about the cost of drawing the strokes that changed).
    private func redrawChanged(_ document: InkDocument) {
        guard let layer = finished else { return rebuildFinished(document) }
        let now = Set(document.strokes.map(\.id))
        // A stroke's box is kept from when it was drawn (measuring a stroke fits its curve).
        let before = Dictionary(drawn.map { ($0.id, $0.box) }, uniquingKeysWith: { first, _ in first })
        var boxes = drawn.filter { !now.contains($0.id) }.map(\.box)
        drawn.removeAll(keepingCapacity: true)
        for stroke in document.strokes {
            if let box = before[stroke.id] {
                drawn.append((stroke.id, box))
            } else {
                let box = deviceBox(of: stroke)
                drawn.append((stroke.id, box))
                boxes.append(box)
            }
        }
        boxes.removeAll { $0.isEmpty }
        if boxes.count > Self.mostChangedBoxes, let first = boxes.first {
            boxes = [boxes.dropFirst().reduce(first) { $0.union($1) }]
        }
        for box in boxes {
            layer.clear(x: box.x, y: box.y, width: box.width, height: box.height)
            for (stroke, entry) in zip(document.strokes, drawn) {
                let within = entry.box.intersection(box)
                guard !within.isEmpty else { continue }
                finishedTiles.mark(within)
                paint(stroke, within: within, into: layer)
            }
            damage.append(Rect(x: Double(box.x) / scale, y: Double(box.y) / scale, width: Double(box.width) / scale, height: Double(box.height) / scale))
        }
    }

    /// A stroke's box in the layer's device pixels.
    private func deviceBox(of stroke: Stroke) -> PixelRect {
        devicePixels(of: view.toScreen(stroke.bounds), scale: scale).clipped(toWidth: pixelSize.width, height: pixelSize.height)
    }

    /// Rasterizes a whole stroke into a layer: highlighter ink under what is there, the rest over it.
    private func draw(_ stroke: Stroke, into layer: Canvas) {
        let box = deviceBox(of: stroke)
        drawn.append((stroke.id, box))
        guard !box.isEmpty else { return }
        finishedTiles.mark(box)
        paint(stroke, within: box, into: layer)
    }

    /// Paints a finished stroke within `box`: a text's words, or the stroke's lines
    /// (highlighter ink under what is there, the rest over it).
    private func paint(_ stroke: Stroke, within box: PixelRect, into layer: Canvas) {
        if stroke.tool == .text { return text.draw(stroke, within: box, scale: scale, into: layer) }
        rasterizer.fill(stroke.polylines, color: .ink(stroke), within: box,
                        op: stroke.tool == .highlighter ? PIXMAN_OP_OVER_REVERSE : PIXMAN_OP_OVER, into: layer)
        if stroke.tool == .stamp { text.drawNumber(of: stroke, scale: scale, into: layer, clip: box) }
    }

    // MARK: Live strokes

    private func updateLive(_ document: InkDocument) {
        for index in entries.indices { entries[index].seen = false }
        document.forEachLiveStroke { stroke in
            guard !stroke.tool.isShape, stroke.tool != .stamp else { return }
            var index = entries.firstIndex { $0.id == stroke.id }
            if index == nil {
                entries.append(LiveEntry(id: stroke.id))
                index = entries.count - 1
            }
            guard let index else { return }
            entries[index].seen = true
            liveColor = .ink(stroke)
            let drawn = entries[index].drawn
            guard stroke.samples.count > drawn else { return }
            let layer = live ?? MaskImage(width: pixelSize.width, height: pixelSize.height)
            if live == nil { liveTiles.reset(width: pixelSize.width, height: pixelSize.height) }
            live = layer
            let piece = stroke.samples[max(0, drawn - 1)...]
            let bounds = InkRasterizer.bounds(of: piece)
            let box = devicePixels(of: view.toScreen(bounds), scale: scale).intersection(fullArea)
            rasterizer.accumulate(piece, into: layer, origin: (0, 0), within: box)
            liveTiles.mark(box)
            entries[index].drawn = stroke.samples.count
            entries[index].bounds = entries[index].bounds.union(bounds)
            damage.append(view.toScreen(bounds))
        }
        // Strokes that ended, were dropped or cancelled leave the live layer; the others
        // crossing where they were are drawn there again.
        var index = 0
        while index < entries.count {
            if entries[index].seen { index += 1; continue }
            let gone = entries.remove(at: index)
            guard let live, !gone.bounds.isNull else { continue }
            let box = devicePixels(of: view.toScreen(gone.bounds), scale: scale).intersection(fullArea)
            live.clear(box)
            damage.append(view.toScreen(gone.bounds))
            document.forEachLiveStroke { stroke in
                guard let other = entries.first(where: { $0.id == stroke.id }), other.bounds.intersects(gone.bounds) else { return }
                rasterizer.accumulate(stroke.samples[..<min(other.drawn, stroke.samples.count)], into: live, origin: (0, 0), within: box)
            }
        }
        if entries.isEmpty, live != nil { liveTiles.reset(width: pixelSize.width, height: pixelSize.height) }
    }

    // MARK: Transient ink

    private func updateTransient(_ document: InkDocument, time: Double) {
        transient.removeAll(keepingCapacity: true)
        document.forEachLiveStroke { stroke in
            guard stroke.tool.isShape || stroke.tool == .arrow || stroke.tool == .stamp else { return }
            let lines = stroke.tool == .arrow ? Stroke.arrowHead(along: stroke.samples) : stroke.polylines
            guard !lines.isEmpty else { return }
            transient.append(TransientItem(id: stroke.id, lines: lines, bounds: view.toScreen(InkRasterizer.bounds(of: lines)), color: .ink(stroke),
                                           opacity: 1, stamp: stroke.tool == .stamp ? stroke : nil))
        }
        document.expireLasers(at: time)
        laserGeometry.removeAll { laser in !document.fadingLasers.contains { $0.id == laser.id } }
        for laser in document.fadingLasers {
            if !laserGeometry.contains(where: { $0.id == laser.id }) {
                let lines = laser.polylines
                laserGeometry.append(TransientItem(id: laser.id, lines: lines, bounds: view.toScreen(InkRasterizer.bounds(of: lines)), color: .ink(laser), opacity: 1))
            }
            guard var item = laserGeometry.first(where: { $0.id == laser.id }) else { continue }
            item.opacity = document.opacity(of: laser, at: time)
            transient.append(item)
        }
        lasersFade = !document.fadingLasers.isEmpty
        for item in transient { damage.append(item.bounds) }
    }
}

/// How much of a growing stroke is already in the live layer.
private struct LiveEntry {
    let id: Int
    var drawn = 0
    var bounds = Rect.null
    var seen = true
}

/// Ink drawn fresh each frame: a shape being dragged, an arrow's head, a stamp being placed,
/// a fading laser (its bounds as shown, on the output).
private struct TransientItem {
    let id: Int
    let lines: [[InkSample]]
    let bounds: Rect
    let color: Color
    var opacity: Double
    /// The stamp whose number goes over the disc.
    var stamp: Stroke?
}

/// What paints each damaged rectangle's background before the markers are drawn (the ink).
public protocol Underlay: AnyObject {
    /// Paints `area` of `canvas` completely (what is there is replaced).
    func composite(into canvas: Canvas, area: PixelRect)
}
