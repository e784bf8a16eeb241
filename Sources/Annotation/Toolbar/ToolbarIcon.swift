import TouchCore
import Visualizer

/// A button's picture, drawn from the renderer's shapes (lines, discs, rings, arcs): vector
/// icons at any scale, no image files.
public enum ToolbarIcon: Equatable, Sendable {
    case tool(Tool)
    case swatch(Color)
    case width(Double)
    case undo, redo, clear, save
    /// Draw mode: a squiggle (the button is marked while drawing is on).
    case drawMode
    /// The drag handle: three short bars.
    case handle
    /// The page under the ink, as it is now (a tap goes on to the next).
    case board(Board)
    /// Whiteboard pages: the one before, the one after, a new one.
    case previousPage, nextPage, newPage
    /// The spotlight: a bright disc in a dark ring (the button is marked while it is on).
    case spotlight
    /// The zoom: a magnifying glass (marked while zoomed).
    case zoom

    /// The icon's shapes around `c`, in `color`, about 22 logical px across.
    func shapes(at c: Point, color: Color) -> [(Point, DrawItem.Shape, Color)] {
        func p(_ dx: Double, _ dy: Double) -> Point { Point(x: c.x + dx, y: c.y + dy) }
        func line(_ a: Point, _ b: Point, _ w: Double = 2.5) -> (Point, DrawItem.Shape, Color) { (a, .line(to: b, width: w), color) }
        switch self {
        case .tool(.pen):
            return [line(p(-7, 7), p(6, -6), 3), (p(-8, 8), .disc(radius: 2), color)]
        case .tool(.highlighter):
            return [(p(-7, 7), .line(to: p(7, -7), width: 8), color.withOpacity(0.45))]
        case .tool(.arrow):
            return [line(p(-8, 8), p(8, -8)), line(p(8, -8), p(1, -8)), line(p(8, -8), p(8, -1))]
        case .tool(.line):
            return [line(p(-8, 8), p(8, -8))]
        case .tool(.rectangle):
            return [line(p(-8, -6), p(8, -6)), line(p(8, -6), p(8, 6)), line(p(8, 6), p(-8, 6)), line(p(-8, 6), p(-8, -6))]
        case .tool(.ellipse):
            return [(c, .ring(radius: 8, width: 2.5), color)]
        case .tool(.eraser):
            return [(c, .ring(radius: 8, width: 2.5), color), line(p(-5.5, 5.5), p(5.5, -5.5))]
        case .tool(.laser):
            return [(c, .disc(radius: 8), Color(red: 1, green: 0.2, blue: 0.2, alpha: 0.35)), (c, .disc(radius: 3.5), Color(red: 1, green: 0.25, blue: 0.25))]
        case .tool(.text):
            return [line(p(-7, -7), p(7, -7), 3), line(p(0, -7), p(0, 8), 3)]
        case .tool(.stamp):
            // A numbered disc: the "1" cut out of it in the panel's colour.
            return [(c, .disc(radius: 9), color), (p(0, -4.5), .line(to: p(0, 5), width: 2.5), ToolbarLayout.panelColor),
                    (p(-2.5, -2.5), .line(to: p(0, -4.5), width: 2.5), ToolbarLayout.panelColor)]
        case .tool(.select):
            // A selection's frame: its four corners.
            let corners: [(x: Double, y: Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
            return corners.flatMap { (corner: (x: Double, y: Double)) -> [(Point, DrawItem.Shape, Color)] in
                let tip = p(8 * corner.x, 8 * corner.y)
                return [line(tip, p(3 * corner.x, 8 * corner.y), 2), line(tip, p(8 * corner.x, 3 * corner.y), 2)]
            }
        case .swatch(let swatch):
            // A grey edge, so that white and black swatches read as swatches on any panel.
            return [(c, .disc(radius: 9), Color(red: 0.55, green: 0.55, blue: 0.57)), (c, .disc(radius: 8), swatch)]
        case .width(let w):
            return [line(p(-7, 0), p(7, 0), min(14, max(1.5, w)))]
        case .undo:
            return [(c, .arc(radius: 7, width: 2.5, start: .pi, sweep: .pi * 1.4), color), line(p(-7, 0), p(-10, -4)), line(p(-7, 0), p(-3, -3))]
        case .redo:
            return [(c, .arc(radius: 7, width: 2.5, start: 0, sweep: -.pi * 1.4), color), line(p(7, 0), p(10, -4)), line(p(7, 0), p(3, -3))]
        case .clear:
            return [line(p(-7, -7), p(7, 7)), line(p(-7, 7), p(7, -7))]
        case .save:
            return [line(p(0, -8), p(0, 4)), line(p(0, 4), p(-5, -1)), line(p(0, 4), p(5, -1)), line(p(-8, 8), p(8, 8))]
        case .drawMode:
            return [(p(-4, 0), .arc(radius: 4, width: 2.5, start: .pi, sweep: .pi), color),
                    (p(4, 0), .arc(radius: 4, width: 2.5, start: .pi, sweep: -.pi), color)]
        case .handle:
            return [line(p(-7, -4), p(7, -4), 2), line(p(-7, 0), p(7, 0), 2), line(p(-7, 4), p(7, 4), 2)]
        case .previousPage:
            return [line(p(3, -7), p(-4, 0)), line(p(-4, 0), p(3, 7))]
        case .nextPage:
            return [line(p(-3, -7), p(4, 0)), line(p(4, 0), p(-3, 7))]
        case .newPage:
            return [line(p(-8, 0), p(8, 0)), line(p(0, -8), p(0, 8))]
        case .spotlight:
            return [(c, .ring(radius: 8, width: 3), color.withOpacity(0.4)), (c, .disc(radius: 4.5), color)]
        case .zoom:
            return [(p(-2, -2), .ring(radius: 6, width: 2.5), color), line(p(2.5, 2.5), p(8, 8), 3)]
        case .board(let board):
            // A small page: grey-edged, in the board's colour (with two grid lines for the
            // grid); an empty frame for none.
            let edge = [line(p(-9, -6), p(9, -6), 2), line(p(9, -6), p(9, 6), 2), line(p(9, 6), p(-9, 6), 2), line(p(-9, 6), p(-9, -6), 2)]
            guard let page = board.color else { return edge }
            var shapes = edge + [(p(-6, 0), .line(to: p(6, 0), width: 9), page)]
            if board == .grid {
                shapes += [(p(-2, -5), .line(to: p(-2, 5), width: 1), AnnotationDefaults.gridColor),
                           (p(3, -5), .line(to: p(3, 5), width: 1), AnnotationDefaults.gridColor)]
            }
            return shapes
        }
    }
}
