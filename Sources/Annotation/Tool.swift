/// What a contact does on the ink layer.
public enum Tool: String, CaseIterable, Sendable {
    /// Freehand ink.
    case pen
    /// Freehand translucent ink, kept under pen ink.
    case highlighter
    /// A freehand stroke ending in a head that points its way.
    case arrow
    /// Shapes: dragged with one finger, or spanned between two fingers.
    case line, rectangle, ellipse
    /// Removes the whole strokes it touches.
    case eraser
    /// Freehand ink that fades out after the lift.
    case laser
    /// A tap opens a text box there (typed on the keyboard); a drag moves a text.
    case text
    /// A tap places the page's next number (1, 2, 3 …) in a disc of the ink's colour, sized by
    /// the width; a drag places it where the finger lifts.
    case stamp
    /// A tap selects a stroke, a lasso several; one finger moves the selection, two scale and
    /// turn it, and its delete button removes it.
    case select

    /// The name used by the configuration and `touchlight ctl tool NAME`.
    public var name: String { rawValue }

    /// Every tool's name, for messages listing the valid ones.
    public static var names: [String] { allCases.map(\.name) }

    /// Tools that draw a shape between two points instead of following the finger.
    public var isShape: Bool { self == .line || self == .rectangle || self == .ellipse }

    /// Tools whose strokes are smoothed and fitted (the others are exact shapes or erase).
    public var isFreehand: Bool { self == .pen || self == .highlighter || self == .arrow || self == .laser }
}
