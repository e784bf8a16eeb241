import Annotation
import Renderer
import Stage
import TouchCore
import TouchlightConfig

/// An overlay as the control plane's target (see `ControlPlane`), and its toolbar's requests.
extension Overlay: AnnotationTarget {
    var outputName: String { output.name.isEmpty ? "output-\(output.globalName)" : output.name }

    /// After a command: the input region follows (the whole output while drawing; otherwise
    /// only what its views hit), and the overlay is drawn again.
    func sceneChanged(everything: Bool) {
        updateInputRegion()
        if everything { clock.mark(everything: true) } else { setNeedsDraw() }
    }

    /// A page's ink alone (on its board), at the size and scale of the overlay's buffers.
    func inkImage(page: Int) -> PNG.Image {
        let pixels = layer.pixelSize
        return ink.image(page: page, time: scheduler.now, pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale.renderScale)
    }

    /// The toolbar's buttons and drops go to the program as requests.
    func connectToolbar() {
        ink.toolbar.onCommand = { [unowned self] command in self.events.overlay(self, asked: command) }
        ink.toolbar.onPlaceChanged = { [unowned self] place in
            self.updateInputRegion()
            self.events.overlay(self, movedToolbarTo: place)
        }
    }
}
