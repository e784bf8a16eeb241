import Annotation
import CPixman
import TouchCore
import Visualizer

/// Texts as ink: measures a text box's words when it is committed, draws committed texts
/// into the ink layer, and draws the box being typed in (its words, its caret, a faint frame)
/// over the ink each frame. Shaped by HarfBuzz through `TextRenderer`; with no font, texts
/// take no room and draw nothing.
public final class InkText {
    /// The text engine (the overlay's, shared with captions); nil: no font could be loaded.
    public var engine: TextRenderer?
    /// How a zoomed picture shows: texts are kept in its coordinates and drawn magnified.
    var view = ZoomView()
    private let paint = SolidPixel(format: PIXMAN_a8r8g8b8)

    public init() {}

    /// What `box` commits to: its words as shown (a wrap becomes a line break), size and
    /// measured extent.
    public func content(of box: TextBox) -> TextContent {
        let lines = shownLines(box.text, of: box).map(\.text)
        return TextContent(string: lines.joined(separator: "\n"), size: box.size, extent: extent(of: lines.map(TextWrap.visible), size: box.size))
    }

    /// The last layout asked for, kept until the words, size or width change (a box is drawn
    /// in every damaged rectangle of a frame).
    private var layout: (text: String, size: Double, wrapWidth: Double?, lines: [ShownLine])?

    /// `text`'s lines in `box` as shown: split at newlines, wrapped within the box's width.
    func shownLines(_ text: String, of box: TextBox) -> [ShownLine] {
        if let layout, layout.text == text, layout.size == box.size, layout.wrapWidth == box.wrapWidth { return layout.lines }
        let style = TextRenderer.Style(size: box.size)
        let wrap = TextWrap { [engine] run in engine?.measure(String(run), style: style, scale: 1).width ?? 0 }
        let lines = wrap.lines(of: text, wrapWidth: engine == nil ? nil : box.wrapWidth)
        layout = (text, box.size, box.wrapWidth, lines)
        return lines
    }

    /// The room `lines` take at em `size` (logical px): the widest line, and a line height each.
    func extent<Line: StringProtocol>(of lines: [Line], size: Double) -> Size {
        let style = TextRenderer.Style(size: size)
        let width = lines.map { engine?.measure(String($0), style: style, scale: 1).width ?? 0 }.max() ?? 0
        return Size(width: width, height: Double(max(1, lines.count)) * size * AnnotationDefaults.textLineHeight)
    }

    /// Draws a committed text into `layer` within `box` (device px).
    func draw(_ stroke: Stroke, within box: PixelRect, scale: Double, into layer: Canvas) {
        guard let content = stroke.text, let origin = stroke.samples.first?.point else { return }
        drawLines(content.lines, origin: view.toScreen(origin), size: content.size * view.scale, color: stroke.color, scale: scale, into: layer, clip: box)
    }

    /// Draws a stamp's number centred on its disc, in white or black, whichever reads on the
    /// ink's colour.
    func drawNumber(of stamp: Stroke, scale: Double, into canvas: Canvas, clip: PixelRect) {
        guard let engine, let content = stamp.text, let centre = stamp.samples.first?.point else { return }
        let (shown, size) = (view.toScreen(centre), content.size * view.scale)
        let style = TextRenderer.Style(size: size, color: stamp.numberColor)
        let metrics = engine.measure(content.string, style: style, scale: scale)
        // Digits stand on the baseline about as high as the ascent less the descent.
        let baseline = Point(x: shown.x - metrics.width / 2, y: shown.y + (metrics.ascent - metrics.descent) / 2)
        engine.draw(content.string, style: style, at: baseline, scale: scale, into: canvas, clip: clip)
    }

    /// The area the box being typed in covers: its words, its caret and its frame.
    public func bounds(of box: TextBox) -> Rect {
        let extent = extent(of: shownLines(box.shown.text, of: box).map(\.text), size: box.size)
        let pad = AnnotationDefaults.textBoxPadding + 2
        return Rect(x: box.origin.x - pad, y: box.origin.y - pad,
                    width: max(extent.width, box.size / 2) + 2 * pad + AnnotationDefaults.textCaretWidth, height: extent.height + 2 * pad)
    }

    /// Draws the box being typed in over `canvas` within `area` (device px): a faint frame,
    /// the words (an input method's composition underlined at the caret), and the caret (as
    /// the zoom shows them). `shownArea` is its `bounds` as shown, measured once a change.
    func drawBox(_ box: TextBox, shownArea: Rect, scale: Double, into canvas: Canvas, area: PixelRect) {
        let frame = shownArea.insetBy(dx: 2 * view.scale, dy: 2 * view.scale)
        let (origin, size) = (view.toScreen(box.origin), box.size * view.scale)
        let edge = max(1, scale)
        for side in [Rect(x: frame.minX, y: frame.minY, width: frame.width, height: edge / scale),
                     Rect(x: frame.minX, y: frame.maxY - edge / scale, width: frame.width, height: edge / scale),
                     Rect(x: frame.minX, y: frame.minY, width: edge / scale, height: frame.height),
                     Rect(x: frame.maxX - edge / scale, y: frame.minY, width: edge / scale, height: frame.height)] {
            fill(side, AnnotationDefaults.textBoxFrame, scale: scale, into: canvas, area: area)
        }
        let shown = box.shown
        let lines = shownLines(shown.text, of: box)
        drawLines(lines.map(\.text), origin: origin, size: size, color: box.color, scale: scale, into: canvas, clip: area)
        let lineHeight = size * AnnotationDefaults.textLineHeight
        if let preedit = shown.preedit {
            let start = place(preedit.lowerBound, in: lines, origin: origin, size: size, scale: scale)
            let end = place(preedit.upperBound, in: lines, origin: origin, size: size, scale: scale)
            fill(Rect(x: start.x, y: start.y + lineHeight * 0.9, width: max(1, end.x - start.x), height: max(1, size / 16)),
                 box.color.opaque, scale: scale, into: canvas, area: area)
        }
        let caret = place(shown.caret, in: lines, origin: origin, size: size, scale: scale)
        fill(Rect(x: caret.x, y: caret.y, width: AnnotationDefaults.textCaretWidth, height: lineHeight), box.color.opaque, scale: scale, into: canvas, area: area)
    }

    /// Where the caret is (logical px, as shown), for an input method's candidate window.
    public func caretRect(of box: TextBox) -> Rect {
        let caret = place(box.caret, in: shownLines(box.text, of: box), origin: box.origin, size: box.size, scale: 1)
        return view.toScreen(Rect(x: caret.x, y: caret.y, width: AnnotationDefaults.textCaretWidth, height: box.size * AnnotationDefaults.textLineHeight))
    }

    /// The top left of the line box before character `offset` of a text laid out in `lines`,
    /// whose first line's box starts at `origin`, at em `size` measured at `scale`.
    private func place(_ offset: Int, in lines: [ShownLine], origin: Point, size: Double, scale: Double) -> Point {
        let line = TextWrap.lineIndex(of: offset, in: lines)
        let column = lines.isEmpty ? "" : lines[line].text.prefix(max(0, offset - lines[line].start))
        let x = engine?.measure(String(column), style: TextRenderer.Style(size: size), scale: scale).width ?? 0
        return Point(x: origin.x + x, y: origin.y + Double(line) * size * AnnotationDefaults.textLineHeight)
    }

    private func drawLines<Line: StringProtocol>(_ lines: [Line], origin: Point, size: Double, color: Color, scale: Double,
                                                 into canvas: Canvas, clip: PixelRect) {
        guard let engine else { return }
        let style = TextRenderer.Style(size: size, color: color)
        let ascent = engine.measure("", style: style, scale: scale).ascent
        // The line box is `textLineHeight` ems; the glyphs sit in its middle.
        let lead = size * (AnnotationDefaults.textLineHeight - 1) / 2
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let baseline = Point(x: origin.x, y: origin.y + Double(index) * size * AnnotationDefaults.textLineHeight + lead + ascent)
            engine.draw(String(line), style: style, at: baseline, scale: scale, into: canvas, clip: clip)
        }
    }

    private func fill(_ rect: Rect, _ color: Color, scale: Double, into canvas: Canvas, area: PixelRect) {
        let box = devicePixels(of: rect, scale: scale).intersection(area)
        guard !box.isEmpty else { return }
        paint.value = color.premultipliedARGB
        pixman_image_composite32(PIXMAN_OP_OVER, paint.image, nil, canvas.image, 0, 0, 0, 0,
                                 Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
    }
}

extension AnnotationDefaults {
    /// Room between a text box's frame and its words (logical px).
    public static let textBoxPadding = 4.0
    /// The caret's width (logical px).
    public static let textCaretWidth = 2.0
    /// The faint frame around a text box being typed in.
    public static let textBoxFrame = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.6)
}
