import Annotation
import TouchlightConfig

/// A dropped toolbar's place is remembered in the state file (its buttons' commands go to the
/// control plane: `App+Control`).
extension App {
    func overlay(_ overlay: Overlay, movedToolbarTo place: ToolbarPlace) {
        state.toolbar.byOutput[overlay.output.name] = place
        guard let statePath, !overlay.output.name.isEmpty else { return }
        do {
            let (saved, warning) = try StateFileUpdate.apply(at: statePath) { $0.toolbar.byOutput[overlay.output.name] = place }
            state = saved
            if let warning { logger.warning("remembered state: \(warning)") }
        } catch {
            logger.warning("could not remember the toolbar's place: \(error)")
        }
    }
}
