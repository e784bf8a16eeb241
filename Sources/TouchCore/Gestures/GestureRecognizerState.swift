extension GestureRecognizer {
    /// UIKit's recognizer states. Discrete gestures go possible → recognized (= ended);
    /// continuous ones possible → began → changed… → ended or cancelled; either may fail
    /// from possible. After a final state the recognizer resets to possible once its touches
    /// have ended.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed

        /// The discrete name for `ended`.
        public static let recognized = State.ended

        /// Whether a subclass may set `next` while the recognizer is in this state.
        public func allowsTransition(to next: State) -> Bool {
            switch (self, next) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed), (.possible, .cancelled):
                true
            case (.began, .changed), (.began, .ended), (.began, .cancelled),
                 (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
                true
            default:
                false
            }
        }

        /// Began, changed or ended: the recognizer has claimed its touches.
        var hasRecognized: Bool { self == .began || self == .changed || self == .ended }
        /// Began or changed: a continuous gesture in progress.
        var isInProgress: Bool { self == .began || self == .changed }
        /// Ended, cancelled or failed: waiting to be reset.
        var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }
}
