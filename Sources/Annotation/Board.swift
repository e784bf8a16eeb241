import Visualizer

/// The page under the ink (`ctl board`, `[annotate] board`, the toolbar's board button): none,
/// so the screen shows through, or an opaque whiteboard, blackboard or squared paper. It
/// shows wherever the ink does (draw and pass modes).
public enum Board: String, CaseIterable, Sendable {
    case off, white, black, grid

    public static let names = allCases.map(\.rawValue)
    public var name: String { rawValue }

    /// The page's colour; nil for none.
    public var color: Color? {
        switch self {
        case .off: nil
        case .white, .grid: AnnotationDefaults.whiteboard
        case .black: AnnotationDefaults.blackboard
        }
    }

    /// The next in the toolbar button's round: off, white, black, grid, off.
    public var next: Board { Self.allCases[(Self.allCases.firstIndex(of: self)! + 1) % Self.allCases.count] }
}

extension AnnotationDefaults {
    /// The most whiteboard pages an output keeps (`ctl page`), each with its own ink and undo.
    public static let pageLimit = 100
    public static let whiteboard = Color(red: 1, green: 1, blue: 1)
    /// A blackboard's dark grey-green, softer than black under white chalk-like ink.
    public static let blackboard = Color(red: 0.12, green: 0.16, blue: 0.14)
    /// Squared paper: lines this far apart (logical px), this wide, in this colour.
    public static let gridSpacing = 40.0
    public static let gridWidth = 1.0
    public static let gridColor = Color(red: 0.55, green: 0.7, blue: 0.9)
}
