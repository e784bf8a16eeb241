import Renderer
import TouchlightConfig
import Visualizer

/// What a scene takes from the configuration and from `touchlight ctl`: the one way settings
/// reach a scene, whoever builds it. The live overlay derives it at creation and on every
/// reload (`OverlaySettings`), ctl changes its `[annotate]` part, and `render` derives it from
/// the configuration it reads; each goes through `OverlayScene.apply(_:)`, which takes the
/// parts that changed.
package struct SceneSettings {
    var style: VisualizerStyle
    var doubleTapInterval: Double
    /// The file's `[annotate]` section (with what ctl set over it, live).
    var annotate: Configuration.Annotate
    /// The captions' and the HUD's text engine, with the configured font (nil: none loaded).
    var text: TextRenderer?

    package init(style: VisualizerStyle, doubleTapInterval: Double, annotate: Configuration.Annotate, text: TextRenderer?) {
        (self.style, self.doubleTapInterval, self.annotate, self.text) = (style, doubleTapInterval, annotate, text)
    }

    /// A configuration's settings, as `render` and the tests take them.
    init(configuration: Configuration, text: TextRenderer? = nil) {
        self.init(style: configuration.style, doubleTapInterval: configuration.doubleTapInterval, annotate: configuration.annotate, text: text)
    }

    /// The same, with other `[annotate]` values (what a ctl command changed).
    func with(annotate: Configuration.Annotate) -> SceneSettings {
        var copy = self
        copy.annotate = annotate
        return copy
    }
}
