import Renderer
import TouchlightConfig
import Visualizer

/// What an overlay takes from the configuration and from `touchlight ctl`, derived in one place
/// (`init(options:annotate:text:)`) and given to each overlay whole: when it is created and on
/// every reload (`Overlay.apply(_:)`). A new runtime setting is a field, a line in the `init`
/// and a line in `apply`, all in this file; reload cannot forget it.
struct OverlaySettings {
    var style: VisualizerStyle
    var doubleTapInterval: Double
    var maximumFrameRate: Int
    /// `[performance] idle_release_ms`, in seconds.
    var idleReleaseDelay: Double
    var renderer: RendererChoice
    /// The file's `[annotate]` section with what ctl set over it.
    var annotate: Configuration.Annotate
    /// The captions' and the HUD's text engine, with the configured font (nil: none loaded).
    var text: TextRenderer?

    /// The settings in force: the options' (file and command line), the `[annotate]` section
    /// with ctl's changes over it, and the loaded font.
    init(options: Options, annotate: Configuration.Annotate, text: TextRenderer?) {
        let file = options.configuration
        style = options.style
        doubleTapInterval = file.doubleTapInterval
        maximumFrameRate = file.maximumFrameRate
        idleReleaseDelay = file.idleReleaseDelay
        renderer = file.renderer
        self.annotate = annotate
        self.text = text
    }
}

extension Overlay {
    /// New settings (a reload): active markers stay, and everything is redrawn with them.
    func apply(_ settings: OverlaySettings) {
        scene.text = settings.text
        scene.apply(style: settings.style, doubleTapInterval: settings.doubleTapInterval)
        apply(annotate: settings.annotate)   // marks the overlay to be drawn, for the style too
        clock.maximumFrameRate = settings.maximumFrameRate
        idleMemory.delay = settings.idleReleaseDelay
        use(settings.renderer)
    }
}
