import Annotation
import Stage
import TouchCore
import TouchlightConfig

/// The annotation state commands leave (see `Commands`), and what a recording keeps of it.
extension App {
    /// The `[annotate]` settings in force: the file's, with what commands changed.
    var annotateSettings: Configuration.Annotate { controlPlane.settings }

    /// Puts the annotation state in the recording (at start, and whenever a command changes
    /// it), so that replaying the trace reproduces the ink.
    func recordAnnotation() {
        recorder?.annotation(annotateSettings, page: controlPlane.state.page)
    }

    /// A recorded setting comes due in a replay (`ReplayEvents`).
    func replay(_ setting: TouchTrace.Setting) {
        commands.replay(setting)
    }
}
