/// The default thresholds of tap counting and the gesture recognizers, each named once (as
/// Flutter keeps them in its gestures' `constants.dart`), with its unit and where it comes
/// from. Recognizers start from these; the configuration's defaults and the visualizer's
/// long-press fill refer to them by name. Distances are logical units, times seconds.
public enum GestureDefaults {
    // Taps

    /// Longest pause between the taps of a multi-tap (UIKit's double-tap interval, about 0.35 s).
    public static let doubleTapInterval = 0.35
    /// How far a finger may move and still tap or long-press (touch slop; UIKit's is about 10).
    public static let touchSlop = 10.0
    /// Farthest a later tap of a multi-tap may come down from the first (UIKit: about 45).
    public static let multiTapDistance = 45.0
    /// Farthest a finger may travel and still count as a tap for `Touch.tapCount` (UIKit
    /// counts a tap that wandered this far: about 45).
    public static let tapCountMovement = 45.0

    // Long press and pan

    /// How long a finger must rest to long-press (UIKit's `minimumPressDuration`).
    public static let longPressDuration = 0.5
    /// How far a finger must move before a pan begins.
    public static let panSlop = 10.0

    // Two fingers

    /// How much the distance between two fingers must change before a pinch begins.
    public static let pinchSlop = 8.0
    /// How far the line between two fingers must turn before a rotation begins, in radians
    /// (0.07: about 4°).
    public static let rotationSlop = 0.07

    // Swipes and edges

    /// How far a swipe must travel.
    public static let swipeDistance = 50.0
    /// How long a swipe may take, from the first finger down.
    public static let swipeDuration = 0.5
    /// The slowest average speed that is a swipe, not a pan, in units per second.
    public static let swipeSpeed = 600.0
    /// How far a swipe may stray from its direction, in radians (0.5: about 29°).
    public static let swipeAngle = 0.5
    /// How close to an output's edge a finger must come down to start an edge pan.
    public static let edgeWidth = 20.0
}
