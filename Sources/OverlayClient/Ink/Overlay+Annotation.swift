import Annotation
import Renderer
import TouchCore
import TouchlightConfig

/// An overlay's annotation controls: mode, settings, edits, the toolbar's requests, and the
/// ink as an image.
extension Overlay {
    /// A reloaded `[annotate]` section, or what ctl or the toolbar changed (the ink stays).
    func apply(annotate: Configuration.Annotate) {
        ink.apply(annotate)
        updateInputRegion()
        setNeedsDraw()
    }

    /// Switches the annotation mode: the input region follows (the whole output while drawing;
    /// otherwise only what its views hit), and the ink and toolbar show or hide.
    func setMode(_ mode: AnnotationMode) {
        guard scene.setMode(mode) else { return }
        redrawAll()
    }

    /// Undo, redo or clear on this output's ink.
    func edit(_ command: ControlCommand) {
        switch command {
        case .undo: ink.document.undo()
        case .redo: ink.document.redo()
        case .clear: ink.document.clear()
        default: return
        }
        setNeedsDraw()
    }

    /// The ink alone, at the size and scale of the overlay's buffers.
    func inkImage() -> PNG.Image {
        let pixels = scale.bufferSize(logicalWidth: logicalSize.width, logicalHeight: logicalSize.height)
        return ink.image(time: scheduler.now, pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale.renderScale)
    }

    /// The toolbar's buttons and drops go to the program as requests.
    func connectToolbar() {
        ink.toolbar.onAction = { [unowned self] action in self.events.overlay(self, asked: action) }
        ink.toolbar.onPlaceChanged = { [unowned self] place in
            self.updateInputRegion()
            self.events.overlay(self, movedToolbarTo: place)
        }
    }
}
