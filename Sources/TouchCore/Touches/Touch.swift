/// One finger on the screen, from the moment it goes down until it lifts or is cancelled
/// (UIKit's `UITouch`). The dispatcher owns and updates it; everything else reads it.
///
/// Touches are equal only to themselves, so they can live in sets across phases.
@MainActor
public final class Touch: Hashable, @MainActor CustomStringConvertible {
    /// Where a touch is in its sequence, as of the event being delivered.
    public enum Phase: Sendable, CustomStringConvertible {
        case began, moved, stationary, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// The id the input source gave this touch point (wl_touch's id); reused after the touch ends.
    public let sourceID: Int
    public internal(set) var phase: Phase = .began
    /// Time of the touch's last change, in seconds, on the dispatcher's time line.
    public internal(set) var timestamp: Double
    /// How many taps in a row, close in time and place, this touch continues (see `TapCounter`).
    public internal(set) var tapCount = 1
    /// The view hit when the touch began; it never changes during the sequence.
    public internal(set) var view: View?
    public internal(set) weak var window: Window?
    /// Half the contact's long axis, when the input reports a contact shape.
    public internal(set) var majorRadius: Double?
    /// Half the contact's short axis, when the input reports a contact shape.
    public internal(set) var minorRadius: Double?
    /// Angle of the long axis in radians, clockwise from the y axis, when reported.
    public internal(set) var orientation: Double?
    /// Pressure from 0 (none) to 1 (the most the device measures), when the input reports it:
    /// a pen's. UIKit's `force` divided by `maximumPossibleForce`.
    public internal(set) var force: Double?
    /// What made the touch: a finger, a pen's tip or eraser end, a pointer.
    public internal(set) var type: TouchType = .direct

    var locationInWindow: Point
    var previousLocationInWindow: Point
    /// Where and when the touch began, for delivering a delayed `touchesBegan`.
    let beganLocation: Point
    let beganTimestamp: Double
    /// Recognizers that see this touch, deepest view first.
    var recognizers: [GestureRecognizer] = []
    /// Recognizers told to ignore this touch.
    var ignoredBy: [ObjectIdentifier] = []
    var delivery: ViewDelivery = .toView

    init(sourceID: Int, location: Point, timestamp: Double, window: Window) {
        self.sourceID = sourceID
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.beganLocation = location
        self.timestamp = timestamp
        self.beganTimestamp = timestamp
        self.window = window
    }

    /// The touch's current position in the coordinates of `view` (nil: the window).
    public func location(in view: View?) -> Point {
        guard let window else { return locationInWindow }
        return window.convert(locationInWindow, to: view)
    }

    /// The touch's position before its last move, in the coordinates of `view`.
    public func previousLocation(in view: View?) -> Point {
        guard let window else { return previousLocationInWindow }
        return window.convert(previousLocationInWindow, to: view)
    }

    /// The recognizers receiving this touch, or nil when there are none (as in UIKit).
    public var gestureRecognizers: [GestureRecognizer]? { recognizers.isEmpty ? nil : recognizers }

    var isFinished: Bool { phase == .ended || phase == .cancelled }

    nonisolated public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String { "Touch(\(sourceID), \(phase), \(locationInWindow))" }
}

/// How a touch reaches its view's own touch methods.
enum ViewDelivery: Equatable {
    /// Not to the view at all (a second touch on a single-touch view, or blocked by an
    /// exclusive-touch view): only recognizers see it.
    case none
    /// Delivered normally so far.
    case toView
    /// `touchesBegan` held back by a recognizer with `delaysTouchesBegan`.
    case beganHeld
    /// `touchesEnded` held back by a recognizer with `delaysTouchesEnded`.
    case endedHeld
    /// The view got its final `touchesEnded` or `touchesCancelled`, or never will get anything.
    case finished
}
