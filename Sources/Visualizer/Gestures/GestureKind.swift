/// The gestures Touchlight recognizes and shows: one vocabulary for the recognizers, the
/// visualizer's cues and the configuration file. What each one is, is in its own file
/// (`GestureDescription`, `description`).
public enum GestureKind: String, CaseIterable, Sendable, Hashable {
    case tap, doubleTap, longPress, pan, pinch, rotation, swipe, edgeSwipe

    /// The name the configuration file uses (`[gestures] show`, the `[captions]` keys).
    public var name: String { description.name }

    /// The measures its caption may show.
    public var captionMeasures: Set<CaptionFormat.Value> { description.measures }

    /// Its caption when the configuration says nothing.
    public var defaultCaption: String { description.defaultCaption }

    /// The kind with this configuration name.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}
