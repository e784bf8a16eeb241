import TouchCore

/// The gestures Touchlight makes visible, wired with the usual conflict rules:
///
/// - a single tap waits for the double tap to fail;
/// - a pan waits for the swipes (one and two fingers) and the edge pan to fail, so a flick
///   shows as a swipe and a drag from an edge as an edge pan;
/// - pan, pinch and rotation recognize together (a two-finger drag that also turns);
/// - the long press fails once a finger moves, and prevents the taps once it begins.
@MainActor
public final class StandardGestureSet: GestureRecognizerDelegate {
    public let tap = TapGestureRecognizer()
    public let doubleTap = TapGestureRecognizer()
    public let longPress = LongPressGestureRecognizer()
    public let pan = PanGestureRecognizer()
    public let pinch = PinchGestureRecognizer()
    public let rotation = RotationGestureRecognizer()
    public let swipe = SwipeGestureRecognizer()
    public let twoFingerSwipe = SwipeGestureRecognizer()
    public let edgePan = ScreenEdgePanGestureRecognizer()

    public init() {
        for kind in GestureKind.allCases { kind.description.setUp(self) }
        tap.require(toFail: doubleTap)
        pan.require(toFail: swipe)
        pan.require(toFail: twoFingerSwipe)
        pan.require(toFail: edgePan)
        for (kind, recognizer) in all {
            // The visualizer only watches: it never cancels or delays what the app sees.
            recognizer.cancelsTouchesInView = false
            recognizer.delaysTouchesEnded = false
            recognizer.delegate = self
            recognizer.name = kind.name
        }
        twoFingerSwipe.name = "two-finger swipe"
    }

    /// Every recognizer with its kind.
    public var all: [(GestureKind, GestureRecognizer)] {
        [(.tap, tap), (.doubleTap, doubleTap), (.longPress, longPress), (.pan, pan),
         (.pinch, pinch), (.rotation, rotation), (.swipe, swipe), (.swipe, twoFingerSwipe), (.edgeSwipe, edgePan)]
    }

    /// Calls `body` with `recognizer`, typed, on every state change that fires actions.
    public func observe<Recognizer: GestureRecognizer>(_ recognizer: Recognizer, _ body: @escaping (Recognizer) -> Void) {
        _ = recognizer.addTarget { [unowned recognizer] _ in body(recognizer) }
    }

    /// Attaches every recognizer to `view`.
    public func install(on view: View) {
        for (_, recognizer) in all { view.addGestureRecognizer(recognizer) }
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let together: [GestureRecognizer] = [pan, pinch, rotation]
        return together.contains { $0 === gestureRecognizer } && together.contains { $0 === other }
    }
}
