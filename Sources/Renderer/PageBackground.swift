import CPixman
import Visualizer

/// An opaque page under the ink (a whiteboard, a blackboard, squared paper): its colour, and
/// optionally a grid of thin lines every `spacing` logical px from the top left.
public struct PageBackground: Equatable, Sendable {
    public var color: Color
    public var grid: (color: Color, spacing: Double, width: Double)?

    public init(color: Color, grid: (color: Color, spacing: Double, width: Double)? = nil) {
        (self.color, self.grid) = (color, grid)
    }

    public static func == (a: PageBackground, b: PageBackground) -> Bool {
        a.color == b.color && a.grid?.color == b.grid?.color && a.grid?.spacing == b.grid?.spacing && a.grid?.width == b.grid?.width
    }

    /// Paints `area` of `canvas` (device pixels, at `scale` per logical px): the colour, then
    /// the grid's lines that cross it. What was there is replaced.
    func paint(into canvas: Canvas, area: PixelRect, scale: Double) {
        fill(canvas, PixelRect(x: area.x, y: area.y, width: area.width, height: area.height), color, op: PIXMAN_OP_SRC)
        guard let grid, grid.spacing > 0 else { return }
        let step = grid.spacing * scale, width = max(1, Int((grid.width * scale).rounded()))
        var x = (Double(area.x) / step).rounded(.down) * step
        while Int(x.rounded()) < area.x + area.width {
            fill(canvas, PixelRect(x: Int(x.rounded()), y: area.y, width: width, height: area.height).intersection(area), grid.color, op: PIXMAN_OP_OVER)
            x += step
        }
        var y = (Double(area.y) / step).rounded(.down) * step
        while Int(y.rounded()) < area.y + area.height {
            fill(canvas, PixelRect(x: area.x, y: Int(y.rounded()), width: area.width, height: width).intersection(area), grid.color, op: PIXMAN_OP_OVER)
            y += step
        }
    }

    private func fill(_ canvas: Canvas, _ rect: PixelRect, _ color: Color, op: pixman_op_t) {
        guard !rect.isEmpty else { return }
        let argb = color.premultipliedARGB
        var pixel = pixman_color_t(red: UInt16(argb >> 16 & 0xFF) * 257, green: UInt16(argb >> 8 & 0xFF) * 257,
                                   blue: UInt16(argb & 0xFF) * 257, alpha: UInt16(argb >> 24 & 0xFF) * 257)
        var box = pixman_rectangle16_t(x: Int16(clamping: rect.x), y: Int16(clamping: rect.y),
                                       width: UInt16(clamping: rect.width), height: UInt16(clamping: rect.height))
        pixman_image_fill_rectangles(op, canvas.image, &pixel, 1, &box)
    }
}
