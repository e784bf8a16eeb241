import Annotation
import FoundationEssentials
import TouchlightConfig

/// What touchlight remembers between runs: each output's toolbar place and the touchscreen
/// calibrations `touchlight calibrate` learns. Read once at start; every change is written
/// through `StateFileUpdate` (the file read again, changed, written atomically).
@MainActor
final class RememberedState {
    private(set) var state = StateFile()
    /// The state file (nil: neither XDG_STATE_HOME nor HOME is set; changes last until exit).
    private let path: String?
    private let warn: (String) -> Void

    init(path: String? = StateFile.path(environment: ProcessInfo.processInfo.environment), warn: @escaping (String) -> Void) {
        self.path = path
        self.warn = warn
        guard let path else { return }
        let (state, problem) = ConfigurationProbe.stateFile(at: path)
        self.state = state
        if let problem { warn("remembered state: \(problem) (using defaults where needed)") }
    }

    /// A toolbar dropped at a new place on `output`.
    func toolbarMoved(on output: String, to place: ToolbarPlace) {
        let change = { (state: inout StateFile) in state.toolbar.byOutput[output] = place }
        // Without a state file, or an output's name to find it by, it is remembered until exit.
        guard path != nil, !output.isEmpty else { return change(&state) }
        if let problem = remember(change) { warn("could not remember the toolbar's place: \(problem)") }
    }

    /// Makes `change` here and in the state file; why it could not be written, or nil.
    func remember(_ change: (inout StateFile) -> Void) -> String? {
        change(&state)
        guard let path else { return "neither XDG_STATE_HOME nor HOME is set" }
        do {
            let (saved, warning) = try StateFileUpdate.apply(at: path, change)
            state = saved
            if let warning { warn("remembered state: \(warning)") }
        } catch { return error.description }
        return nil
    }
}
