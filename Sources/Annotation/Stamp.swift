import TouchCore
import Visualizer

/// A numbered stamp (the `stamp` tool) is ink like any stroke: one sample, its disc's centre
/// as wide as the disc, and its number as its text. It is erased, undone, saved and kept like
/// the rest; the renderer draws the disc in the ink's colour and the number over it.
extension Stroke {
    /// A stamp showing `number` at `centre`, its disc sized by the ink `width`.
    static func stamp(id: Int, number: Int, at centre: Point, width: Double, color: Color) -> Stroke {
        let diameter = AnnotationDefaults.stampDiameter(forWidth: width)
        let label = String(number)
        let size = diameter * (label.count == 1 ? 0.6 : label.count == 2 ? 0.48 : 0.36)
        return Stroke(id: id, tool: .stamp, color: color, samples: [InkSample(centre, width: diameter)],
                      text: TextContent(string: label, size: size, extent: Size(width: diameter, height: diameter)))
    }

    /// The colour of a stamp's number: white, or black on a light disc.
    public var numberColor: Color {
        0.299 * color.red + 0.587 * color.green + 0.114 * color.blue > 0.6 ? .black : .white
    }

    /// The number a stamp shows; nil for other ink.
    public var stampNumber: Int? {
        guard tool == .stamp, let text else { return nil }
        return Int(text.string)
    }
}

extension AnnotationDefaults {
    /// A stamp's disc is this many times the ink width across …
    public static let stampScale = 6.0
    /// … and never smaller than this (logical px), so its number stays readable.
    public static let smallestStamp = 26.0

    /// The diameter of a stamp's disc for ink `width` (logical px).
    public static func stampDiameter(forWidth width: Double) -> Double { max(smallestStamp, width * stampScale) }
}
