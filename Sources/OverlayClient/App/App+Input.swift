import Glibc
import TouchCore
import TouchscreenInput

/// Where touches come from: the libinput source, replays, and which output a touchscreen maps to.
extension App: ReplayEvents {
    func startLibinput() {
        do {
            try connection.roundtrip(waitingFor: "the overlays' first configure")
            for overlay in activeOverlays { overlay.takeConfigure() }  // their sizes map the touchscreens
            let translator = TouchTranslator { [unowned self] name in self.touchscreenTarget(forDevice: name) }
            translator.onLeftToOverlay = { [unowned self] touch in self.mappingWatch.sawOnPanel(touch) }
            libinputSource = try LibinputSource.listening(on: loop, translator: translator, events: self)
        } catch {
            fail(error)
        }
    }

    /// Where a touchscreen's touches go (see `TouchscreenRouter`).
    func touchscreenTarget(forDevice name: String) -> TouchTranslator.Target? {
        touchscreens.target(forDevice: name)
    }

    /// Maps every touchscreen again (`[output] touchscreen_output` changed, or outputs did).
    func retargetTouchscreens() {
        libinputSource?.translator.retarget()
        libinputReplay?.translator?.retarget()
    }

    func touchscreensDelivered() {
        for overlay in activeOverlays { overlay.setNeedsDraw() }
    }

    func inputArrived() {
        stats.inputArrived(at: scheduler.now)
    }

    func touchWentDown(on overlay: Overlay, at point: Point, milliseconds: UInt32) {
        guard libinputSource != nil else { return }
        mappingWatch.sawDelivered(.init(output: overlay.output.name, point: point, milliseconds: milliseconds, arrived: scheduler.now))
    }
}

/// `touchlight calibrate`'s needs: the overlay to show targets on, and the state file.
extension App: MappingWatchEvents {
    func overlay(named name: String) -> Overlay? {
        activeOverlays.first { $0.output.name == name }
    }

    func keep(_ calibration: TouchscreenCalibration, device: String, output: String) -> String? {
        remembered.remember { $0.touchscreens.byDevice[device, default: [:]][output] = calibration }
    }

    func calibrationEnded(status: Int32) {
        exitStatus = status
        loop.isRunning = false
    }
}
