import Renderer
import Annotation
import CWaylandClient
import Stage
import TouchCore

/// Outputs, the overlay on each, capture mode, and what overlays report.
extension App: OverlayEvents {
    /// The role of the overlays' surfaces: windows the GNOME Shell extension stacks when it
    /// started touchlight, layer surfaces otherwise.
    var surfaceRole: SurfaceRoleKind {
        switch globals.shell {
        case .layers(let shell, let version): .layerShell(shell, version: version)
        case .windows(let wmBase): .shellWindow(wmBase: wmBase, focus: shellLink)
        }
    }

    /// The overlay for `output`, as the registry asks for it: in capture mode or not, paused or
    /// not, on the page every output shows, with the ink it had before it went, if it did.
    func makeOverlay(on output: Output) -> Overlay {
        let overlay = Overlay(output: output, connection: connection, scheduler: scheduler, events: self, statistics: stats,
                              capture: isCapturing, settings: overlaySettings,
                              toolbarPlace: remembered.state.toolbar.byOutput[output.name] ?? ToolbarPlace(), globals: globals, role: surfaceRole,
                              shellPictures: shellLink)
        shellLink?.overlaysChanged()
        if controlPlane.isPaused { overlay.setPaused(true) }
        _ = overlay.ink.showPage(controlPlane.state.page)  // every output on the same page
        if registry.inkShelf.restore(into: overlay.ink, output: output.name) {
            note("the ink drawn on \(output.name) before it went is shown again")
        }
        if logger.logLevel <= .debug {
            // --verbose: why each gesture won or lost, beside the hit-tests.
            overlay.window.lens.explainGestures = { [logger] text in logger.debug("gesture \(text)") }
        }
        note("overlay on output \(output.label)")
        return overlay
    }

    /// Loads the configured font for captions and the HUD; a problem is one warning, and the
    /// default sans (or no captions, without any font) instead.
    func loadFont() {
        let (renderer, warning) = TextRenderer.loading(family: options.configuration.font)
        text = renderer
        if let warning { logger.warning("\(warning)") }
    }

    func globalRemoved(_ name: UInt32) {
        connection.forget(name)
        if let output = registry.removeGlobal(name) { note("output \(output.name) removed") }
        seats.remove(globalName: name)
    }

    func overlayClosed(_ overlay: Overlay) {
        registry.closed(overlay)
        note("overlay on output \(overlay.output.name) closed by the compositor")
    }

    var overlays: [UInt32: Overlay] { registry.overlays }
    var activeOverlays: [Overlay] { registry.active }

    /// Turns capture mode on or off on every overlay (Escape turns it off).
    func setCapturing(_ capturing: Bool) {
        guard capturing != isCapturing else { return }
        isCapturing = capturing
        for overlay in overlays.values { overlay.setCapturing(capturing) }
        seats.updateKeyboards()
        note(capturing ? "capturing touches" : "letting touches through (capture mode left)")
    }

    // MARK: What overlays and seats report

    func overlay(_ overlay: Overlay, delivered event: TouchEvent) {
        recorder?.delivered(event, on: overlay)
        logger.touches(in: event, on: overlay.output.name, window: overlay.window)
    }

    func overlay(_ overlay: Overlay, penHovered hover: PenHover?) {
        recorder?.penHovered(hover)
    }

    func overlay(_ overlay: Overlay, zoomed value: String) {
        recorder?.zoomed(value)
    }

    func overlay(_ overlay: Overlay, ledSpotlightTo point: Point) {
        recorder?.spotlightLed(to: point)
    }

    func overlayShowedFirstFrame(_ overlay: Overlay) {
        logger.debug("overlay on \(overlay.output.label): first frame committed")
    }

    func overlay(_ overlay: Overlay, cameToRestFor duration: Double?) {
        let until = duration.map { "the next change in \(($0 * 100).rounded() / 100) s" } ?? "until the next input"
        logger.debug("overlay on \(overlay.output.label): at rest, \(until)")
    }

    func overlay(_ overlay: Overlay, failed error: Error) {
        fail(error)
    }

    func overlay(_ overlay: Overlay, asked command: ControlCommand) {
        commands.toolbar(on: overlay, asked: command)
    }

    func overlay(_ overlay: Overlay, movedToolbarTo place: ToolbarPlace) {
        remembered.toolbarMoved(on: overlay.output.name, to: place)
    }

    func overlay(_ overlay: Overlay, textBox change: TextBoxChange) {
        seats.textBoxChanged(change, on: overlay)
        recorder?.textBox(change, box: overlay.scene.ink.textBox)
    }

    /// Escape, while capturing.
    func leaveCaptureMode() {
        // Escape in `touchlight calibrate` ends it: without capture there is nothing to learn from.
        if mappingWatch.calibrates { return mappingWatch.cancel() }
        setCapturing(false)
    }
}
