import Annotation
import Renderer
import TouchCore
import TouchlightConfig
import Visualizer

/// One overlay's spotlight: where it is (following the window's touches, a hovering pen or
/// pointer), its size (a pinch on the ink view in draw mode resizes it), and the underlay
/// that paints it over the ink. It takes no touch itself: with it on, pass mode still lets
/// every touch through.
@MainActor
package final class OverlaySpotlight: GestureRecognizerDelegate {
    let underlay = SpotlightUnderlay()
    /// Two fingers on the ink in draw mode, while the spotlight shows: a larger or smaller circle.
    let pinch = PinchGestureRecognizer()
    private var tracker = SpotlightTracker()
    private var settings: Configuration.SpotlightSettings
    /// The radius now: the configured one, or what a pinch made of it.
    private(set) var radius: Double
    private var radiusAtPinchStart: Double

    init(window: OverlayWindow, inkView: View, settings: Configuration.SpotlightSettings) {
        self.settings = settings
        radius = Spotlight.clampedRadius(settings.radius)
        radiusAtPinchStart = radius
        pinch.name = "spotlight-pinch"
        pinch.delegate = self
        _ = pinch.addTarget { [unowned self] recognizer in self.pinched(recognizer) }
        inkView.addGestureRecognizer(pinch)
        window.observeEvent = { [unowned self] event in self.tracker.follow(event) }
    }

    package var isOn: Bool { settings.isOn }

    /// New `[spotlight]` settings, or what ctl set: a new configured radius replaces a pinched one.
    func apply(_ settings: Configuration.SpotlightSettings) {
        if settings.radius != self.settings.radius { radius = Spotlight.clampedRadius(settings.radius) }
        self.settings = settings
    }

    /// A pen or pointer hovers at `point`: followed while no finger is down. Whether it moved.
    @discardableResult
    package func hover(at point: Point) -> Bool {
        guard !tracker.isFollowingContact, tracker.center != point else { return false }
        tracker.hover(at: point)
        return true
    }

    /// The spotlight as this frame shows it (nil: off), centred on the output until something
    /// touched.
    func spotlight(in bounds: Rect) -> Spotlight? {
        guard settings.isOn else { return nil }
        let center = tracker.center ?? Point(x: bounds.midX, y: bounds.midY)
        return Spotlight(center: center, radius: radius, dim: settings.dim)
    }

    /// Brings the underlay to this frame; its damage is then in `underlay.damage`.
    func update(bounds: Rect, scale: Double, shown: Bool) {
        underlay.scale = scale
        underlay.show(shown ? spotlight(in: bounds) : nil)
        underlay.updateDamage(bounds: bounds)
    }

    private func pinched(_ recognizer: GestureRecognizer) {
        // The pinch's scale counts from its fingers' first span, so it applies from `began` on.
        if recognizer.state == .began { radiusAtPinchStart = radius }
        if recognizer.state == .began || recognizer.state == .changed {
            radius = Spotlight.clampedRadius(radiusAtPinchStart * pinch.scale)
        }
    }

    package func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { settings.isOn }
}
