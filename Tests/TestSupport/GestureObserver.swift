import TouchCore
import Visualizer

extension StandardGestureSet {
    /// Calls `body` with the kind and the recognizer on every change that fires actions (began,
    /// changed, ended, cancelled), for tests that watch what the set recognizes.
    public func observeAll(_ body: @escaping @MainActor (GestureKind, GestureRecognizer) -> Void) {
        for (kind, recognizer) in all {
            _ = recognizer.addTarget { body(kind, $0) }
        }
    }
}
