/// The default thresholds of tap counting and the gesture recognizers, each named once (as
/// Flutter keeps them in its gestures' `constants.dart`). Recognizers start from these; the
/// configuration's defaults and the visualizer's long-press fill refer to them by name.
public enum GestureDefaults {
    /// Longest pause between the taps of a multi-tap, in seconds (UIKit's double-tap interval).
    public static let doubleTapInterval = 0.35
    /// How far a finger may move and still tap or long-press, in logical units (touch slop).
    public static let touchSlop = 10.0
    /// How far a finger must move before a pan begins, in logical units.
    public static let panSlop = 10.0
    /// How long a finger must rest to long-press, in seconds.
    public static let longPressDuration = 0.5
}
