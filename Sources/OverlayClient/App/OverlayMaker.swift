import Annotation
import Logging
import Stage
import TouchCore

/// How an overlay is made for an output, as the registry asks for one: with the settings and
/// capture mode in force, its toolbar where it was left, paused or not, on the page every
/// output shows. (The registry gives it the ink its output had before, once it is named.)
@MainActor
struct OverlayMaker {
    let connection: Connection
    let scheduler: Scheduler
    let globals: RequiredGlobals
    let reports: OverlayEvents
    let statistics: Statistics
    let plane: ControlPlane
    let remembered: RememberedState
    let logger: Logger
    /// On GNOME, the link to the Shell extension (it stacks the overlays' windows and takes
    /// the zoom's pictures).
    let shellLink: ShellLink?
    /// Who takes the outputs' pictures for the zoom (`chosenPictures`).
    let pictures: OutputPictures?
    /// The ink of an overlay changed (a kept session is written a moment later). Asked at
    /// each change, not when the maker is made: the registry, and with it this maker, can be
    /// made while the session keeper is still being set up (it puts the saved pages on the
    /// registry's shelf), and a keeper taken then would be none for every overlay.
    let inkChanged: () -> Void
    /// What changes while the program runs: the capture mode, the settings in force.
    let isCapturing: () -> Bool
    let settings: () -> OverlaySettings

    /// The role of the overlays' surfaces: windows the GNOME Shell extension stacks when it
    /// started touchlight, layer surfaces otherwise.
    private var role: SurfaceRoleKind {
        switch globals.shell {
        case .layers(let shell, let version): .layerShell(shell, version: version)
        case .windows(let wmBase): .shellWindow(wmBase: wmBase, focus: shellLink)
        }
    }

    func make(on output: Output) -> Overlay {
        let overlay = Overlay(output: output, connection: connection, scheduler: scheduler, events: reports, statistics: statistics,
                              capture: isCapturing(), settings: settings(),
                              toolbarPlace: remembered.state.toolbar.byOutput[output.name] ?? ToolbarPlace(), globals: globals, role: role,
                              pictures: pictures)
        shellLink?.overlaysChanged()
        if plane.isPaused { overlay.setPaused(true) }
        _ = overlay.ink.showPage(plane.state.page)
        overlay.ink.onInkChanged = inkChanged
        if logger.logLevel <= .debug {
            // --verbose: why each gesture won or lost, beside the hit-tests.
            overlay.window.lens.explainGestures = { [logger] text in logger.debug("gesture \(text)") }
        }
        logger.notice("overlay on output \(output.label)")
        return overlay
    }
}
