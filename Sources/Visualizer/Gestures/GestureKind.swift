/// The gestures Touchlight recognizes and shows: one vocabulary for the recognizers, the
/// visualizer's cues and the configuration file.
public enum GestureKind: String, CaseIterable, Sendable, Hashable {
    case tap, doubleTap, longPress, pan, pinch, rotation, swipe, edgeSwipe

    /// The name the configuration file uses (`[gestures] show`).
    public var name: String {
        switch self {
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .longPress: "long-press"
        case .pan: "pan"
        case .pinch: "pinch"
        case .rotation: "rotation"
        case .swipe: "swipe"
        case .edgeSwipe: "edge-swipe"
        }
    }

    /// The kind with this configuration name.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}
