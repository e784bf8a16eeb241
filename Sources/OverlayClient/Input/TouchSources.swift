import Logging
import Stage
import TouchCore
import TouchlightConfig
import TouchscreenInput

/// What the touch sources need of the program, and nothing more.
@MainActor
struct TouchSourcesNeeds {
    /// The overlays there are now, in a stable order: where touches go.
    var overlays: () -> [Overlay]
    /// `[output]` as configured now.
    var output: () -> Configuration.Output
    /// Where the calibrations `touchlight calibrate` learns are kept.
    var remembered: RememberedState
    /// Input arrived (statistics).
    var inputArrived: () -> Void
    /// A replayed trace's `set` line came due.
    var replay: (TouchTrace.Setting) -> Void
    /// The loop's clock.
    var now: () -> Double
    /// Whether this is `touchlight calibrate`, and its end (`status` 0: calibrated).
    var calibrates: Bool
    var calibrationEnded: (_ status: Int32) -> Void
    var logger: Logger
}

/// Where touches come from besides the seats' wl_touch: the touchscreens through libinput, and
/// a replayed trace (touchlight's own, or a libinput recording's). Each touchscreen's touches
/// go to the overlay `TouchscreenRouter` picks; `MappingWatch` compares the touches that come
/// both ways (and calibrates, in `touchlight calibrate`).
@MainActor
final class TouchSources: ReplayEvents, MappingWatchEvents {
    private let needs: TouchSourcesNeeds
    private let router: TouchscreenRouter
    private var replaySource: ReplaySource?
    private var libinputReplay: LibinputReplaySource?
    /// The live touchscreens, once started.
    private var libinput: LibinputSource?
    private(set) lazy var mappingWatch = MappingWatch(calibrates: needs.calibrates, events: self)

    init(needs: TouchSourcesNeeds) {
        self.needs = needs
        router = TouchscreenRouter(output: needs.output, calibrations: { [remembered = needs.remembered] in remembered.state.touchscreens },
                                   overlays: needs.overlays, note: { [logger = needs.logger] in logger.notice("\($0)") },
                                   error: { [logger = needs.logger] in logger.error("\($0)") })
        router.onMapped = { [unowned self] name, output, size in self.mappingWatch.touchscreenMapped(name, to: output, size: size) }
    }

    /// Plays `trace` (read by `ReplayTrace`) from `start`, at `speed`, `loops` if asked.
    func play(_ trace: ReplayTrace, scheduler: Scheduler, speed: Double, loops: Bool) {
        switch trace {
        case .touches(let trace): replaySource = ReplaySource(scheduler: scheduler, events: self, trace: trace, speed: speed, loops: loops)
        case .libinput(let trace): libinputReplay = LibinputReplaySource(scheduler: scheduler, events: self, trace: trace, speed: speed)
        }
    }

    /// Starts the replay, if any, after `delay` seconds.
    func startReplay(after delay: Double) {
        replaySource?.start(after: delay)
        libinputReplay?.start(after: delay)
    }

    /// Opens the touchscreens through libinput (once the overlays know their sizes, which map
    /// the touchscreens).
    func startLibinput(on loop: EventLoop) throws(ClientError) {
        let translator = TouchTranslator { [unowned self] name in self.touchscreenTarget(forDevice: name) }
        translator.onLeftToOverlay = { [unowned self] touch in self.mappingWatch.sawOnPanel(touch) }
        libinput = try LibinputSource.listening(on: loop, translator: translator, events: self)
    }

    /// Maps every touchscreen again (`[output] touchscreen_output` changed, or outputs did).
    func retarget() {
        libinput?.translator.retarget()
        libinputReplay?.translator?.retarget()
    }

    /// A wl_touch went down: with libinput running, the mapping watch pairs it with libinput's
    /// sighting of the same touch.
    func touchWentDown(on overlay: Overlay, at point: Point, milliseconds: UInt32) {
        guard libinput != nil else { return }
        mappingWatch.sawDelivered(.init(output: overlay.output.name, point: point, milliseconds: milliseconds, arrived: needs.now()))
    }

    // MARK: ReplayEvents and MappingWatchEvents

    var activeOverlays: [Overlay] { needs.overlays() }

    func touchscreenTarget(forDevice name: String) -> TouchTranslator.Target? {
        router.target(forDevice: name)
    }

    func touchscreensDelivered() {
        for overlay in needs.overlays() { overlay.setNeedsDraw() }
    }

    func inputArrived() { needs.inputArrived() }
    func replay(_ setting: TouchTrace.Setting) { needs.replay(setting) }
    func note(_ message: String) { needs.logger.notice("\(message)") }

    func overlay(named name: String) -> Overlay? { needs.overlays().first { $0.output.name == name } }

    func keep(_ calibration: TouchscreenCalibration, device: String, output: String) -> String? {
        needs.remembered.remember { $0.touchscreens.byDevice[device, default: [:]][output] = calibration }
    }

    /// Escape while capturing: in `touchlight calibrate` it ends the calibration (true), as
    /// without capture there is nothing to learn from.
    func escapeCalibration() -> Bool {
        guard mappingWatch.calibrates else { return false }
        mappingWatch.cancel()
        return true
    }

    func calibrationEnded(status: Int32) { needs.calibrationEnded(status) }
}
