import Annotation
@testable import Stage
import Renderer
import TouchCore
import TouchlightConfig
import Visualizer

/// The scene the in-process tests draw: an overlay's scene of `size` on a manual clock, with
/// the toolbar hidden and `[annotate]` as `configure` leaves it; `text` loads the default sans
/// font (texts and captions then take room); `markers` false draws only the ink and its
/// underlays (the markers are not what those tests measure).
@MainActor
func testScene(size: Size, text: Bool = false, markers: Bool = true, style: VisualizerStyle = VisualizerStyle(),
               _ configure: (inout Configuration.Annotate) -> Void = { _ in }) -> OverlayScene {
    var annotate = Configuration().annotate
    annotate.toolbar = false
    configure(&annotate)
    let settings = SceneSettings(style: style, doubleTapInterval: 0.3, annotate: annotate,
                                 text: text ? TextRenderer.loading(family: "sans").renderer : nil)
    let scene = OverlayScene(size: size, scheduler: ManualScheduler(), capture: false, settings: settings, toolbarPlace: ToolbarPlace())
    scene.visualizerOnCanvas = markers
    return scene
}
