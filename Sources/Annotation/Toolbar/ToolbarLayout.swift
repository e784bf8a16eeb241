import TouchCore
import Visualizer

/// Where the toolbar sits: along which output edge, and how far along it (0: the start, 1:
/// the end). It is remembered between runs.
public struct ToolbarPlace: Equatable, Sendable {
    public enum Edge: String, CaseIterable, Sendable { case left, right, top, bottom }

    public var edge: Edge
    public var offset: Double

    public init(edge: Edge = .left, offset: Double = 0.5) {
        self.edge = edge
        self.offset = offset.isFinite ? min(1, max(0, offset)) : 0.5
    }

    /// The edge nearest to `point` on an output of `size`, and the offset along it.
    static func nearest(to point: Point, in size: Size) -> ToolbarPlace {
        let distances: [(Edge, Double)] = [(.left, point.x), (.right, size.width - point.x), (.top, point.y), (.bottom, size.height - point.y)]
        let edge = distances.min { $0.1 < $1.1 }!.0
        let along = edge == .left || edge == .right ? point.y / max(1, size.height) : point.x / max(1, size.width)
        return ToolbarPlace(edge: edge, offset: along)
    }
}

/// The toolbar's measures (logical px) and colours, named once.
public enum ToolbarLayout {
    /// A button as drawn.
    public static let buttonSize = 36.0
    /// A button's touch area, and the distance between button centres: at least the 44 px a
    /// fingertip needs.
    public static let touchSize = 44.0
    /// Space between the toolbar and the output's edge.
    public static let margin = 6.0
    /// The panel behind the buttons: dark and nearly opaque, so icons read on any screen.
    public static let panelColor = Color(red: 0.12, green: 0.12, blue: 0.13, alpha: 0.88)
    /// The icons.
    public static let iconColor = Color(red: 0.93, green: 0.93, blue: 0.93)
    /// The ring around a chosen button.
    public static let selectionColor = Color(red: 0.35, green: 0.65, blue: 1)

    /// The frames of `count` slots for a toolbar at `place` on an output of `size`: along the
    /// edge, wrapping into more lines when one does not fit. Also the toolbar's frame.
    static func frames(count: Int, place: ToolbarPlace, size: Size) -> (toolbar: Rect, slots: [Rect]) {
        let vertical = place.edge == .left || place.edge == .right
        let available = max(touchSize, (vertical ? size.height : size.width) - 2 * margin)
        let perLine = max(1, min(count, Int(available / touchSize)))
        let lines = (count + perLine - 1) / perLine
        let length = Double(perLine) * touchSize, thickness = Double(lines) * touchSize
        let span = vertical ? size.height : size.width
        let start = min(max(margin, place.offset * span - length / 2), max(margin, span - margin - length))
        let origin: Point
        switch place.edge {
        case .left: origin = Point(x: margin, y: start)
        case .right: origin = Point(x: size.width - margin - thickness, y: start)
        case .top: origin = Point(x: start, y: margin)
        case .bottom: origin = Point(x: start, y: size.height - margin - thickness)
        }
        let toolbar = Rect(origin: origin, size: vertical ? Size(width: thickness, height: length) : Size(width: length, height: thickness))
        let slots = (0..<count).map { index in
            let along = Double(index % perLine) * touchSize, across = Double(index / perLine) * touchSize
            return Rect(x: vertical ? across : along, y: vertical ? along : across, width: touchSize, height: touchSize)
        }
        return (toolbar, slots)
    }
}
