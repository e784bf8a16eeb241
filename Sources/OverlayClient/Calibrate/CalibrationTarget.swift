import TouchCore
import Visualizer

/// What `touchlight calibrate` shows for the target waiting to be touched: a ring with a
/// cross through its centre, red on a dark outline so it shows on any background.
enum CalibrationTarget {
    /// Owner number of its draw items (apart from the visualizer's, the toolbar's, a pen's).
    static let itemOwner = 3_200_000
    static let radius = 18.0
    static let arm = 30.0
    static let color = Color(red: 0.95, green: 0.15, blue: 0.15)

    /// The shapes of a target at `center`.
    static func items(at center: Point) -> [DrawItem] {
        var items: [DrawItem] = []
        func add(_ shape: DrawItem.Shape, at point: Point, _ color: Color) {
            items.append(DrawItem(identity: .init(owner: itemOwner, part: items.count), center: point, shape: shape, color: color))
        }
        let outline = Color.black.withOpacity(0.6)
        for (width, color) in [(6.0, outline), (2.0, Self.color)] {
            add(.ring(radius: radius, width: width), at: center, color)
            add(.line(to: Point(x: center.x + arm, y: center.y), width: width), at: Point(x: center.x - arm, y: center.y), color)
            add(.line(to: Point(x: center.x, y: center.y + arm), width: width), at: Point(x: center.x, y: center.y - arm), color)
        }
        return items
    }
}
