import Renderer
import TouchlightConfig
import Visualizer

/// What an overlay takes from the configuration and from `touchlight ctl`, derived in one place
/// (`init(options:annotate:text:)`) and given to each overlay whole: when it is created and on
/// every reload, through `Overlay.apply(_:)`. The settings travel in their configuration groups
/// (the style, `[annotate]`, `[performance]`), and each part takes its own group in an `apply`
/// of its own: a new key in a group reaches the part that uses it without a line here, and
/// reload cannot forget it.
struct OverlaySettings {
    var style: VisualizerStyle
    var doubleTapInterval: Double
    var performance: Configuration.Performance
    /// The file's `[annotate]` section with what ctl set over it.
    var annotate: Configuration.Annotate
    /// The captions' and the HUD's text engine, with the configured font (nil: none loaded).
    var text: TextRenderer?

    /// The settings in force: the options' (file and command line), the `[annotate]` section
    /// with ctl's changes over it, and the loaded font.
    init(options: Options, annotate: Configuration.Annotate, text: TextRenderer?) {
        style = options.style
        doubleTapInterval = options.configuration.doubleTapInterval
        performance = options.configuration.performance
        self.annotate = annotate
        self.text = text
    }
}

extension Overlay {
    /// The settings in force, at creation and on reload: active markers stay, and everything
    /// is redrawn with them.
    func apply(_ settings: OverlaySettings) {
        scene.text = settings.text
        scene.apply(style: settings.style, doubleTapInterval: settings.doubleTapInterval)
        apply(annotate: settings.annotate)   // marks the overlay to be drawn, for the style too
        clock.apply(settings.performance)
        idleMemory.apply(settings.performance)
        use(settings.performance.renderer)
    }
}
