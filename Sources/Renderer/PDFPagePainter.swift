import Annotation
import CCairo
import TouchCore
import Visualizer

/// Draws one ink page into a cairo context (logical px as units): the board, the highlighter
/// ink, then the other ink in order, as `InkRenderer` composites them.
struct PagePainter {
    let context: OpaquePointer
    /// The overlay's font for texts and stamps (nil: cairo's default sans).
    let face: OpaquePointer?
    /// Where the overlay puts a line's baseline below its glyphs' top, in ems (its text
    /// engine's ascent), so that texts sit where they did on screen.
    let ascent: Double

    mutating func paint(_ page: InkPDF.Page) {
        if let background = page.background { paintBackground(background, size: page.size) }
        // Highlighter ink is drawn under what was there: the newest highlighter lowest.
        for stroke in page.strokes.reversed() where stroke.tool == .highlighter { draw(stroke) }
        for stroke in page.strokes where stroke.tool != .highlighter { draw(stroke) }
    }

    private func paintBackground(_ background: PageBackground, size: Size) {
        set(background.color)
        cairo_rectangle(context, 0, 0, size.width, size.height)
        cairo_fill(context)
        guard let grid = background.grid, grid.spacing > 0 else { return }
        set(grid.color)
        var x = 0.0
        while x < size.width {
            cairo_rectangle(context, x, 0, grid.width, size.height)
            x += grid.spacing
        }
        var y = 0.0
        while y < size.height {
            cairo_rectangle(context, 0, y, size.width, grid.width)
            y += grid.spacing
        }
        cairo_fill(context)
    }

    private func draw(_ stroke: Stroke) {
        switch stroke.tool {
        case .text: drawText(stroke)
        case .stamp:
            drawLines(stroke.polylines, color: stroke.color)
            drawNumber(stroke)
        default:
            drawLines(stroke.polylines, color: .ink(stroke))
        }
    }

    /// Polylines with round caps and joins, their widths as sampled. Translucent ink is drawn
    /// opaque into a group then laid down at its alpha, so that where pieces overlap it is no
    /// darker (the screen takes the most coverage of the pieces, too).
    private func drawLines(_ lines: [[InkSample]], color: Color) {
        let translucent = color.alpha < 1
        if translucent { cairo_push_group(context) }
        set(translucent ? color.opaque : color)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        for line in lines {
            guard let first = line.first else { continue }
            cairo_new_path(context)  // not from where the last text ended
            if line.count == 1 {
                cairo_arc(context, first.point.x, first.point.y, first.width / 2, 0, 2 * Double.pi)
                cairo_fill(context)
            } else if line.allSatisfy({ $0.width == first.width }) {
                cairo_set_line_width(context, first.width)
                cairo_move_to(context, first.point.x, first.point.y)
                for sample in line.dropFirst() { cairo_line_to(context, sample.point.x, sample.point.y) }
                cairo_stroke(context)
            } else {
                // A width that changes along (pressure): each piece at its mean width.
                for index in line.indices.dropFirst() {
                    let a = line[index - 1], b = line[index]
                    cairo_set_line_width(context, (a.width + b.width) / 2)
                    cairo_move_to(context, a.point.x, a.point.y)
                    cairo_line_to(context, b.point.x, b.point.y)
                    cairo_stroke(context)
                }
            }
        }
        if translucent {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, color.alpha)
        }
    }

    /// A text's lines, each on the baseline the overlay puts it on (a line box of
    /// `textLineHeight` ems, the glyphs in its middle).
    private func drawText(_ stroke: Stroke) {
        guard let content = stroke.text, let origin = stroke.samples.first?.point else { return }
        useFont(size: content.size)
        set(stroke.color)
        let lead = content.size * (AnnotationDefaults.textLineHeight - 1) / 2
        for (index, line) in content.lines.enumerated() where !line.isEmpty {
            cairo_move_to(context, origin.x, origin.y + Double(index) * content.lineHeight + lead + ascent * content.size)
            cairo_show_text(context, String(line))
        }
    }

    /// A stamp's number centred on its disc, white or black as on screen.
    private func drawNumber(_ stamp: Stroke) {
        guard let content = stamp.text, let centre = stamp.samples.first?.point else { return }
        useFont(size: content.size)
        set(stamp.numberColor)
        var font = cairo_font_extents_t(), text = cairo_text_extents_t()
        cairo_font_extents(context, &font)
        cairo_text_extents(context, content.string, &text)
        cairo_move_to(context, centre.x - text.x_advance / 2, centre.y + (font.ascent - font.descent) / 2)
        cairo_show_text(context, content.string)
    }

    private func useFont(size: Double) {
        if let face { cairo_set_font_face(context, face) } else { cairo_select_font_face(context, "sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL) }
        cairo_set_font_size(context, size)
    }

    private func set(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }
}
