import Annotation
import Renderer
import TouchCore
import TouchlightConfig
import Visualizer

/// One overlay's annotation: its ink document, the view that takes drawing touches in its
/// window, and the renderer that draws the ink under the markers.
@MainActor
final class OverlayInk {
    let document: InkDocument
    let view: InkView
    let renderer = InkRenderer()
    private unowned let window: OverlayWindow
    private var markersWhileDrawing = true

    init(window: OverlayWindow, settings: Configuration.Annotate) {
        self.window = window
        document = InkDocument(settings: settings.ink)
        view = InkView(frame: window.bounds, document: document)
        window.addSubview(view)  // above the capture surface, under the markers
        apply(settings)
        mode = settings.mode
    }

    var mode: AnnotationMode {
        get { view.mode }
        set {
            view.mode = newValue
            window.viewWithoutMarkers = newValue == .draw && !markersWhileDrawing ? view : nil
        }
    }

    /// A reloaded `[annotate]` section: the ink and history stay; tool, colour and the rest follow.
    func apply(_ settings: Configuration.Annotate) {
        document.settings = settings.ink
        markersWhileDrawing = settings.markersWhileDrawing
        view.undoTap.isEnabled = settings.tapGestures
        view.redoTap.isEnabled = settings.tapGestures
        mode = view.mode
    }

    func resize(to bounds: Rect) { view.frame = bounds }

    /// Whether ink is shown (and composited under the markers).
    var isShown: Bool { view.mode != .off }

    /// Brings the ink renderer up to date for a frame; its damage is then in `renderer.damage`.
    func update(time: Double, pixelWidth: Int, pixelHeight: Int, scale: Double) {
        renderer.update(from: document, time: time, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    }

    /// Whether the ink changes without input (a laser fading).
    var isAnimating: Bool { isShown && renderer.isAnimating }

    /// The ink alone on a transparent image of `pixelWidth` × `pixelHeight` at `scale` (for
    /// `touchlight ctl save`), drawn by a renderer of its own.
    func image(time: Double, pixelWidth: Int, pixelHeight: Int, scale: Double) -> PNG.Image {
        let canvas = Canvas(width: max(1, pixelWidth), height: max(1, pixelHeight))
        let snapshot = InkRenderer()
        snapshot.update(from: document, time: time, pixelWidth: canvas.width, pixelHeight: canvas.height, scale: scale)
        snapshot.composite(into: canvas, area: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        return PNG.Image(width: canvas.width, height: canvas.height, rgba: canvas.rgbaBytes())
    }
}
