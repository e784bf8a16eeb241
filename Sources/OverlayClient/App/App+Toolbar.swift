import Annotation
import TouchlightConfig

/// What the annotation toolbars ask for: each button is carried out as the ctl command it
/// stands for (so the toolbar, ctl and a replayed trace act alike), and a dropped toolbar's
/// place is remembered in the state file.
extension App {
    func overlay(_ overlay: Overlay, asked action: ToolbarAction) {
        let reply: ControlReply
        switch action {
        case .tool(let tool): reply = execute(.tool(tool))
        case .color(let color): reply = execute(.color(color))
        case .width(let width): reply = execute(.width(width))
        case .toggleMode: reply = execute(.mode(.toggle))
        case .save: reply = execute(.save(directory: nil))
        // Undo, redo and clear edit the ink of the output they are on (ctl edits every output's).
        case .undo: overlay.edit(.undo); return
        case .redo: overlay.edit(.redo); return
        case .clear: overlay.edit(.clear); return
        }
        if !reply.ok { logger.error("toolbar: \(reply.error ?? "failed")") }
    }

    func overlay(_ overlay: Overlay, movedToolbarTo place: ToolbarPlace) {
        toolbarPlaces.byOutput[overlay.output.name] = place
        guard let toolbarPlacesPath, !overlay.output.name.isEmpty else { return }
        do { try toolbarPlaces.save(to: toolbarPlacesPath) } catch {
            logger.warning("could not remember the toolbar's place: \(error)")
        }
    }
}
