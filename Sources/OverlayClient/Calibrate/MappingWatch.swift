import TouchCore
import TouchscreenInput

/// What the mapping watch needs from the program around it.
@MainActor
protocol MappingWatchEvents: AnyObject {
    /// The overlay of the output named `name`, if there is one.
    func overlay(named name: String) -> Overlay?
    /// Keeps a calibration in the state file; why it could not, or nil.
    func keep(_ calibration: TouchscreenCalibration, device: String, output: String) -> String?
    /// `touchlight calibrate` is done (`status` 0: calibrated).
    func calibrationEnded(status: Int32)
    func note(_ message: String)
}

/// Watches the touches that reach touchlight both through libinput and as wl_touch, and pairs
/// them (`TouchPairing`). While running, it says once when touchlight's mapping of a
/// touchscreen disagrees with the compositor's (`MappingAgreement`); in `touchlight calibrate`
/// it feeds the pairs to the calibration and shows its targets (`CalibrationRun`).
@MainActor
final class MappingWatch {
    private var pairing = TouchPairing()
    private var agreements: [String: MappingAgreement] = [:]
    private var run: CalibrationRun?
    /// Whether this is `touchlight calibrate`.
    let calibrates: Bool
    private unowned let events: MappingWatchEvents

    init(calibrates: Bool, events: MappingWatchEvents) {
        self.calibrates = calibrates
        self.events = events
    }

    /// libinput saw a touch go down that it left to wl_touch.
    func sawOnPanel(_ touch: TouchPairing.PanelTouch) {
        if let pair = pairing.add(touch) { paired(pair) }
    }

    /// wl_touch brought a touch down.
    func sawDelivered(_ touch: TouchPairing.DeliveredTouch) {
        if let pair = pairing.add(touch) { paired(pair) }
    }

    /// A touchscreen is mapped to `output` (logical `size`): in `touchlight calibrate`, the
    /// first one is calibrated there.
    func touchscreenMapped(_ device: String, to output: String, size: Size) {
        guard calibrates, run == nil else { return }
        run = CalibrationRun(device: device, output: output, size: size)
        events.note("calibrating \(device) on \(output): touch the centre of each red cross, one finger at a time (Escape or Ctrl-C to stop)")
        show(run?.currentTarget)
    }

    /// Escape: the calibration ends, and nothing is kept.
    func cancel() {
        show(nil)
        events.note("calibration cancelled; nothing was kept")
        events.calibrationEnded(status: 1)
    }

    private func paired(_ pair: TouchPairing.Pair) {
        guard calibrates else { return compare(pair) }
        guard var current = run else { return }
        guard pair.panel.device == current.device else {
            return events.note("that touch was on \(pair.panel.device); calibrating \(current.device) (run again for the other)")
        }
        let progress = current.add(pair)
        run = current
        switch progress {
        case .next(let target):
            events.note("target \(current.step - 1) of \(CalibrationRun.targets.count) taken")
            show(target)
        case .missed(let distance):
            events.note("that touch was \(Int(distance.rounded())) px from the cross; touch its centre")
        case .wrongOutput(let output):
            events.note("that touch reached \(output), not \(current.output): set [output] touchscreen_output = \"\(output)\" and run again")
        case .inconsistent(let miss):
            events.note("the four touches do not fit one map (one is \(miss.isFinite ? "\(Int(miss.rounded())) px" : "far") off): starting again")
            show(current.currentTarget)
        case .calibrated(let calibration, let miss):
            show(nil)
            if let problem = events.keep(calibration, device: current.device, output: current.output) {
                events.note("could not keep the calibration: \(problem)")
                return events.calibrationEnded(status: 1)
            }
            events.note("calibrated \(current.device) on \(current.output): the fit misses by at most \(format(miss)) px, where the mapping "
                        + "so far missed by up to \(format(current.formerMiss)) px; the libinput source uses it from now on")
            events.calibrationEnded(status: 0)
        }
    }

    /// Outside calibration: touchlight's position against the compositor's.
    private func compare(_ pair: TouchPairing.Pair) {
        let delivered = pair.panel.output == pair.delivered.output ? pair.delivered.point : nil
        if let warning = agreements[pair.panel.device, default: MappingAgreement()].compare(mapped: pair.panel.mapped, delivered: delivered) {
            events.note("\(pair.panel.device): \(warning)")
        }
    }

    private func show(_ target: Point?) {
        guard let run, let overlay = events.overlay(named: run.output) else { return }
        overlay.scene.showGuide(target.map(CalibrationTarget.items(at:)) ?? [])
        overlay.setNeedsDraw()
    }

    private func format(_ value: Double) -> String { String((value * 10).rounded() / 10) }
}
