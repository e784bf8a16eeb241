import Annotation
import Logging
import Stage
import TouchCore
import TouchlightConfig

/// Everything `touchlight record` writes into its trace, in one place: each touch an overlay
/// delivers, the annotation state at the start and whenever a command changes it, and what the
/// touches do not tell (a hovering pen or pointer, the zoom's view, the text box's edits). The
/// program calls it where those happen; it takes the time from the loop's clock itself.
@MainActor
final class SessionRecorder {
    private let trace: TraceRecorder
    private let clock: Scheduler

    init(path: String, clock: Scheduler) {
        trace = TraceRecorder(path: path)
        self.clock = clock
    }

    var path: String { trace.path }

    /// A touch event an overlay delivered.
    func delivered(_ event: TouchEvent, on overlay: Overlay) {
        trace.record(event, size: overlay.size, scale: overlay.scale.renderScale,
                     transform: OutputTransform(rawValue: Int(overlay.output.transform)) ?? .normal)
    }

    /// The control plane's annotation state (at start, and whenever a command changes it):
    /// the commands that bring a replay to it, so that replaying the trace reproduces the ink.
    func annotation(of plane: ControlPlane) {
        annotation(plane.settings, page: plane.state.page)
    }

    /// The annotation state: the commands that bring a replay to it.
    func annotation(_ settings: Configuration.Annotate, page: Int) {
        let now = clock.now
        for command in AnnotationState.commands(restoring: settings, page: page) {
            if let record = command.record { trace.record(setting: record.name, value: record.value, at: now) }
        }
    }

    /// An edit given by command that the touches do not tell (`stamp reset`).
    func edited(_ command: ControlCommand) {
        if let record = command.record { trace.record(setting: record.name, value: record.value, at: clock.now) }
    }

    /// A pen hovering where it would draw, or no longer (nil).
    func penHovered(_ hover: PenHover?) {
        trace.record(setting: PenHover.settingName, value: hover?.settingValue ?? "off", at: clock.now)
    }

    /// The zoom began (`on`), shows a view (`SCALE,X,Y`) or ended (`off`).
    func zoomed(_ value: String) {
        trace.record(setting: ZoomView.settingName, value: value, at: clock.now)
    }

    /// A hovering pointer led the spotlight to `point`.
    func spotlightLed(to point: Point) {
        trace.record(setting: Spotlight.hoverSettingName, value: Spotlight.hoverSettingValue(point), at: clock.now)
    }

    /// A text box opened, changed (recorded as an edit) or closed.
    func textBox(_ change: TextBoxChange, box: TextBox?) {
        trace.record(textBox: change, box: box, at: clock.now)
    }

    /// Writes the trace: the line for the log, and whether writing it failed.
    func finish() -> (message: String, failed: Bool) {
        if let problem = trace.write() { return ("could not write \(trace.path): \(problem)", true) }
        return ("recorded \(trace.eventCount) touch events to \(trace.path)", false)
    }

    /// Writes the trace at exit, and says how that went in `logger`; whether it was written.
    func finish(reportingTo logger: Logger) -> Bool {
        let (message, failed) = finish()
        if failed { logger.error("\(message)") } else { logger.notice("\(message)") }
        return !failed
    }
}
