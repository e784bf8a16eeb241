/// Recognizes fingers dragging (UIKit's `UIPanGestureRecognizer`). Continuous: began once the
/// centroid of at least `minimumNumberOfTouches` fingers moved `minimumDistance`; changed as
/// it moves; ended when fewer than the minimum remain.
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches = 1
    /// Fingers beyond this are ignored. Default unlimited.
    public var maximumNumberOfTouches = Int.max
    /// How far the centroid must move before the pan begins (UIKit's hysteresis). Default 10.
    public var minimumDistance = GestureDefaults.panSlop

    /// Translation in window coordinates, kept continuous when fingers join or leave.
    private var translationInWindow = Point.zero
    private var lastCentroid = Point.zero
    private var velocityEstimator = VelocityEstimator()

    /// How far the fingers moved since the pan started, as a vector in `view`'s coordinates.
    public func translation(in view: View?) -> Point {
        vector(translationInWindow, in: view)
    }

    /// Sets the translation, for example back to zero after applying it.
    public func setTranslation(_ translation: Point, in view: View?) {
        let window = self.view?.window
        let origin = window?.convert(Point.zero, from: view) ?? .zero
        let end = window?.convert(translation, from: view) ?? translation
        translationInWindow = end - origin
    }

    /// Speed of the centroid in `view`'s coordinates, in units per second.
    public func velocity(in view: View?) -> Point {
        vector(velocityEstimator.velocity, in: view)
    }

    private func vector(_ vector: Point, in view: View?) -> Point {
        guard let window = self.view?.window else { return vector }
        return window.convert(vector, to: view) - window.convert(Point.zero, to: view)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches where liveTouches.count > maximumNumberOfTouches {
            ignore(touch, for: event)
        }
        lastCentroid = centroid(of: liveTouches)
        velocityEstimator.add(translationInWindow, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        let current = centroid(of: liveTouches)
        translationInWindow = translationInWindow + (current - lastCentroid)
        lastCentroid = current
        velocityEstimator.add(translationInWindow, at: event.timestamp)
        if state == .possible {
            if liveTouches.count >= minimumNumberOfTouches, beginAllowed(),
               (translationInWindow.x * translationInWindow.x + translationInWindow.y * translationInWindow.y).squareRoot() >= minimumDistance {
                state = .began
            }
        } else if state.isInProgress {
            state = .changed
        }
    }

    /// A hook for subclasses that add conditions for beginning (edge pans).
    func beginAllowed() -> Bool { true }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        let remaining = Array(liveTouches)
        if remaining.count < minimumNumberOfTouches || remaining.isEmpty {
            state = state.isInProgress ? .ended : .failed
        } else {
            lastCentroid = centroid(of: remaining)
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = state.isInProgress ? .cancelled : .failed
    }

    open override func reset() {
        translationInWindow = .zero
        lastCentroid = .zero
        velocityEstimator.reset()
    }
}
