import Annotation
import TouchlightConfig

/// What touchlight remembers in the state file: a dropped toolbar's place (its buttons'
/// commands go to the control plane: `App+Control`), and the calibrations `touchlight
/// calibrate` learns (`App+Input`).
extension App {
    func overlay(_ overlay: Overlay, movedToolbarTo place: ToolbarPlace) {
        let change = { (state: inout StateFile) in state.toolbar.byOutput[overlay.output.name] = place }
        // Without a state file, or an output's name to find it by, it is remembered until exit.
        guard statePath != nil, !overlay.output.name.isEmpty else { return change(&state) }
        if let problem = remember(change) {
            logger.warning("could not remember the toolbar's place: \(problem)")
        }
    }

    /// Makes `change` to the remembered state, here and in the state file (read again and
    /// written through `StateFileUpdate`); why it could not be written, or nil.
    func remember(_ change: (inout StateFile) -> Void) -> String? {
        change(&state)
        guard let statePath else { return "neither XDG_STATE_HOME nor HOME is set" }
        do {
            let (saved, warning) = try StateFileUpdate.apply(at: statePath, change)
            state = saved
            if let warning { logger.warning("remembered state: \(warning)") }
        } catch { return error.description }
        return nil
    }
}
