import Annotation
import TouchCore
import Visualizer

/// A selection's chrome as ink pieces (`InkRasterizer` polylines, in ink coordinates): a thin
/// frame around the selected ink, the delete button on its corner (a red disc with a white ×),
/// and the lasso while a finger draws it.
enum SelectionPainter {
    struct Piece: Equatable {
        let lines: [[InkSample]]
        let color: Color
        /// What it covers, in ink coordinates.
        let bounds: Rect
    }

    static let frameColor = Color(red: 0.35, green: 0.65, blue: 1, alpha: 0.9)
    static let buttonColor = Color(red: 0.85, green: 0.2, blue: 0.2)

    static func pieces(of chrome: SelectionChrome) -> [Piece] {
        var pieces: [Piece] = []
        func add(_ lines: [[InkSample]], _ color: Color) {
            pieces.append(Piece(lines: lines, color: color, bounds: InkRasterizer.bounds(of: lines)))
        }
        if let frame = chrome.frame {
            let corners = [Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.minY), Point(x: frame.maxX, y: frame.maxY),
                           Point(x: frame.minX, y: frame.maxY), Point(x: frame.minX, y: frame.minY)]
            add([corners.map { InkSample($0, width: 1.5) }], frameColor)
        }
        if let button = chrome.deleteButton {
            add([[InkSample(button, width: 2 * AnnotationDefaults.selectionButtonRadius)]], buttonColor)
            let arm = AnnotationDefaults.selectionButtonRadius * 0.4
            add([[InkSample(Point(x: button.x - arm, y: button.y - arm), width: 2.5), InkSample(Point(x: button.x + arm, y: button.y + arm), width: 2.5)],
                 [InkSample(Point(x: button.x - arm, y: button.y + arm), width: 2.5), InkSample(Point(x: button.x + arm, y: button.y - arm), width: 2.5)]],
                .white)
        }
        if chrome.lasso.count > 1 { add([chrome.lasso.map { InkSample($0, width: 2) }], frameColor) }
        return pieces
    }
}
