import Annotation
import Renderer
import TouchCore
import Visualizer

/// One overlay's zoom: a frozen picture of its output shown under the ink, magnified and
/// moved by two fingers, while one finger draws on it. The ink view is given the zoom as its
/// transform, so TouchCore hands the ink its touches in picture coordinates, and the ink stays
/// on what it marks at every zoom and after.
///
/// The arena while zoomed: the pinch and the two-finger pan recognize together, and when
/// either begins it cancels the ink view's touches (the provisional or spanned ink of those
/// fingers goes). Unzoomed both are off, so two fingers draw two strokes or span a shape as
/// before, and the spotlight's pinch has them.
@MainActor
package final class OverlayZoom: GestureRecognizerDelegate {
    package enum State: Equatable {
        case off
        /// Waiting for the picture: the overlay shows nothing, so that it is not in it.
        case capturing
        /// Shown: with the captured picture, or without one (a replayed or rendered trace).
        case on
    }

    package private(set) var state = State.off
    package private(set) var view = ZoomView()
    /// The frozen picture (nil while off, and in replays and `render`).
    private(set) var picture: ZoomPicture?
    let pinch = PinchGestureRecognizer()
    let pan = PanGestureRecognizer()
    /// The most it magnifies (`[zoom] maximum`).
    var maximum = AnnotationDefaults.zoomRange.upperBound
    /// The view changed by a gesture (to draw and record it).
    package var onViewChanged: (() -> Void)?
    /// Any new view, a gesture's or a replay's (the live overlay's subsurface follows it).
    package var onViewApplied: ((ZoomView) -> Void)?
    /// Whether the compositor can show the picture (the live overlay's subsurface, set once the
    /// picture is there). Then, while two fingers move the view, the compositor shows and
    /// scales it and the overlay redraws only its ink: a pinch's frame costs the client little.
    /// At rest the picture is drawn here again, sampled bilinearly.
    package var compositorCanShow = false
    /// The compositor shows the picture now (true), or the overlay draws it again (false).
    package var onCompositorShows: ((Bool) -> Void)?
    /// Whether the compositor shows the picture now (else it is drawn under the ink here).
    private(set) var compositorShows = false {
        didSet {
            guard compositorShows != oldValue else { return }
            renderer.below = compositorShows ? nil : picture
            onCompositorShows?(compositorShows)
        }
    }
    private unowned let inkView: InkView
    private unowned let renderer: InkRenderer
    private var lastScale = 1.0
    private var lastTranslation = Point.zero

    init(inkView: InkView, renderer: InkRenderer) {
        self.inkView = inkView
        self.renderer = renderer
        pinch.name = "zoom-pinch"
        pan.name = "zoom-pan"
        pan.minimumNumberOfTouches = 2
        for recognizer in [pinch, pan] as [GestureRecognizer] {
            recognizer.delegate = self
            recognizer.isEnabled = false
            inkView.addGestureRecognizer(recognizer)
        }
        _ = pinch.addTarget { [unowned self] _ in self.pinched() }
        _ = pan.addTarget { [unowned self] _ in self.panned() }
    }

    var isOn: Bool { state == .on }

    /// Starts a capture: until `show` the overlay shows nothing.
    func beginCapture() { state = .capturing }

    /// Shows `picture` (nil: none, in a replay) at ×1, as the screen was.
    func show(_ picture: ZoomPicture?, view: ZoomView = ZoomView()) {
        self.picture = picture
        state = .on
        apply(view)
    }

    /// Back to the live screen: the picture's memory goes.
    func end() {
        compositorShows = false
        compositorCanShow = false
        picture = nil
        state = .off
        apply(ZoomView())
    }

    /// A replayed view (a trace's `set zoom`), while it is on.
    func replay(_ view: ZoomView) { apply(view) }

    /// Keeps the picture's measures up to date for a frame.
    func prepare(size: Size, scale: Double) {
        picture?.logicalSize = size
        picture?.scale = scale
    }

    private func apply(_ view: ZoomView) {
        self.view = view
        picture?.view = view
        renderer.below = compositorShows ? nil : picture
        renderer.view = view
        pinch.isEnabled = state == .on
        pan.isEnabled = state == .on
        // The ink view shows picture coordinates: scaled about its bounds' centre, shifted so
        // that the picture's `offset` sits at the output's top left.
        let size = inkView.bounds.size, center = Point(x: size.width / 2, y: size.height / 2)
        inkView.transform = view.isIdentity ? .identity : AffineTransform(scaleX: view.scale, y: view.scale)
        inkView.bounds = Rect(x: center.x / view.scale + view.offset.x - center.x, y: center.y / view.scale + view.offset.y - center.y,
                              width: size.width, height: size.height)
        onViewApplied?(view)
    }

    /// Two fingers move the view, or stopped: the compositor shows the picture meanwhile.
    private func gestureChanged() {
        let moving = [pinch.state, pan.state].contains { $0 == .began || $0 == .changed }
        compositorShows = compositorCanShow && moving && picture != nil
    }

    private func pinched() {
        defer { gestureChanged() }
        switch pinch.state {
        case .began: lastScale = 1
        case .changed, .ended:
            let factor = pinch.scale / max(lastScale, 0.001)
            lastScale = pinch.scale
            var view = self.view
            view.zoom(by: factor, around: pinch.location(in: nil), in: inkView.bounds.size, maximum: maximum)
            changeView(view)
        default: break
        }
    }

    private func panned() {
        defer { gestureChanged() }
        switch pan.state {
        case .began: lastTranslation = .zero
        case .changed, .ended:
            let translation = pan.translation(in: nil)
            var view = self.view
            view.pan(by: Point(x: translation.x - lastTranslation.x, y: translation.y - lastTranslation.y), in: inkView.bounds.size)
            lastTranslation = translation
            changeView(view)
        default: break
        }
    }

    private func changeView(_ view: ZoomView) {
        guard view != self.view else { return }
        apply(view)
        onViewChanged?()
    }

    package func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        (gestureRecognizer === pinch && other === pan) || (gestureRecognizer === pan && other === pinch)
    }
}
