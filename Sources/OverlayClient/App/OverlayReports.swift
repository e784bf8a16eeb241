import Annotation
import Logging
import Stage
import TouchCore

/// What the overlays report, each handed to the part it concerns: what the recording keeps
/// (touches, and what touches do not tell), a toolbar's button to the commands and its new
/// place to what is remembered, a text box to the seats, and the rest to the log. An overlay
/// the compositor closed, or one that cannot go on, is the program's (`closed`, `failed`).
@MainActor
final class OverlayReports: OverlayEvents {
    private let recorder: SessionRecorder?
    private let commands: Commands
    private let seats: Seats
    private let remembered: RememberedState
    private let logger: Logger
    private let closed: (Overlay) -> Void
    private let failed: (Error) -> Void

    init(recorder: SessionRecorder?, commands: Commands, seats: Seats, remembered: RememberedState, logger: Logger,
         closed: @escaping (Overlay) -> Void, failed: @escaping (Error) -> Void) {
        (self.recorder, self.commands, self.seats, self.remembered, self.logger) = (recorder, commands, seats, remembered, logger)
        (self.closed, self.failed) = (closed, failed)
    }

    func overlay(_ overlay: Overlay, delivered event: TouchEvent) {
        recorder?.delivered(event, on: overlay)
        logger.touches(in: event, on: overlay.output.name, window: overlay.window)
    }

    func overlay(_ overlay: Overlay, penHovered hover: PenHover?) { recorder?.penHovered(hover) }
    func overlay(_ overlay: Overlay, zoomed value: String) { recorder?.zoomed(value) }
    func overlay(_ overlay: Overlay, ledSpotlightTo point: Point) { recorder?.spotlightLed(to: point) }

    func overlay(_ overlay: Overlay, textBox change: TextBoxChange) {
        seats.textBoxChanged(change, on: overlay)
        recorder?.textBox(change, box: overlay.scene.ink.textBox)
    }

    func overlay(_ overlay: Overlay, asked command: ControlCommand) { commands.toolbar(on: overlay, asked: command) }

    func overlay(_ overlay: Overlay, movedToolbarTo place: ToolbarPlace) {
        remembered.toolbarMoved(on: overlay.output.name, to: place)
    }

    func overlayShowedFirstFrame(_ overlay: Overlay) {
        logger.debug("overlay on \(overlay.output.label): first frame committed")
    }

    func overlay(_ overlay: Overlay, cameToRestFor duration: Double?) {
        let until = duration.map { "the next change in \(($0 * 100).rounded() / 100) s" } ?? "until the next input"
        logger.debug("overlay on \(overlay.output.label): at rest, \(until)")
    }

    func overlayClosed(_ overlay: Overlay) { closed(overlay) }
    func overlay(_ overlay: Overlay, failed error: Error) { failed(error) }
    func note(_ message: String) { logger.notice("\(message)") }
}
