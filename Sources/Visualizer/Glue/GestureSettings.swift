import TouchCore

/// The gesture thresholds a user can set. The overlay window applies them to the recognizers
/// of its gesture lens, so code outside the visualizer never reaches into a recognizer.
public struct GestureSettings: Equatable, Sendable {
    /// How long a finger must rest to long-press, in seconds.
    public var longPressDuration = GestureDefaults.longPressDuration
    /// Longest pause between the taps of a double tap, in seconds.
    public var doubleTapInterval = GestureDefaults.doubleTapInterval

    public init(longPressDuration: Double = GestureDefaults.longPressDuration,
                doubleTapInterval: Double = GestureDefaults.doubleTapInterval) {
        self.longPressDuration = longPressDuration
        self.doubleTapInterval = doubleTapInterval
    }
}

extension OverlayWindow {
    /// Applies `settings` to the recognizers that turn gestures into cues.
    public func apply(_ settings: GestureSettings) {
        lens.gestures.longPress.minimumPressDuration = settings.longPressDuration
        lens.gestures.doubleTap.maximumIntervalBetweenTaps = settings.doubleTapInterval
    }
}
