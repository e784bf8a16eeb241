import Renderer
import Stage
import TouchlightConfig
import Visualizer

/// What an overlay takes from the configuration and from `touchlight ctl`, derived in one place
/// (`init(options:annotate:text:)`) and given to each overlay whole: when it is created and on
/// every reload, through `Overlay.apply(_:)`. The settings travel in their configuration groups
/// (the style, `[annotate]`, `[performance]`), and each part takes its own group in an `apply`
/// of its own: a new key in a group reaches the part that uses it without a line here, and
/// reload cannot forget it.
struct OverlaySettings {
    /// What the scene takes: the style, the double-tap interval, `[annotate]`, the font.
    var scene: SceneSettings
    var performance: Configuration.Performance

    /// The settings in force: the options' (file and command line), the `[annotate]` section
    /// with ctl's changes over it, and the loaded font.
    init(options: Options, annotate: Configuration.Annotate, text: TextRenderer?) {
        scene = SceneSettings(style: options.style, doubleTapInterval: options.configuration.doubleTapInterval, annotate: annotate, text: text)
        performance = options.configuration.performance
    }
}

extension Overlay {
    /// The settings in force, at creation and on reload: active markers stay, and everything
    /// is redrawn with them.
    func apply(_ settings: OverlaySettings) {
        scene.apply(settings.scene)
        sceneChanged(everything: false)
        clock.apply(settings.performance)
        idleMemory.apply(settings.performance)
        use(settings.performance.renderer)
    }
}
