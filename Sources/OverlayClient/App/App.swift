import CWaylandClient
import FoundationEssentials
import Logging
import Renderer
import Stage
import TouchlightConfig

/// The overlay program: connects, keeps one overlay per output, routes input, and runs the
/// event loop until a signal or the compositor ends it.
@MainActor
public final class App {
    /// How long after the outputs are known a replay starts (seconds), so the overlays have
    /// their first frame on screen. `touchlight demo` times its screenshots from it.
    public nonisolated static let replayStartDelay = 0.3

    /// The configuration with the command line's overrides (replaced on reload).
    private(set) var options: Options
    let connection: Connection
    /// What every overlay needs of the compositor, checked at start.
    let globals: RequiredGlobals
    private let pump: DisplayPump
    let scheduler: TimerfdScheduler
    let loop = EventLoop()
    /// The outputs and the overlay on each.
    private(set) lazy var registry: OutputRegistry = {
        let maker = OverlayMaker(connection: connection, scheduler: scheduler, globals: globals, reports: reports, statistics: stats,
                                 plane: controlPlane, remembered: remembered, logger: logger, shellLink: shellLink, pictures: pictures,
                                 inkChanged: { [unowned self] in self.keeper?.changed() },
                                 isCapturing: { [unowned self] in self.seats.isCapturing }, settings: { [unowned self] in self.overlaySettings })
        let registry = OutputRegistry(only: options.configuration.output.only, note: { [unowned self] in self.note($0) }) { maker.make(on: $0) }
        registry.onOverlayGone = { [unowned self] overlay in
            self.seats.forget(overlay)
            self.shellLink?.overlaysChanged()
        }
        return registry
    }()
    private(set) lazy var seats = Seats(capturing: options.capture, needs: SeatsNeeds(
        overlays: { [unowned self] in Array(self.overlays.values) }, overlayForSurface: { [unowned self] in self.registry.overlay(for: $0) },
        escapeCalibration: { [unowned self] in self.touchSources.escapeCalibration() },
        pointerDrawButtons: { [unowned self] in self.options.configuration.annotate.pointerButtons.map(\.code) },
        inputArrived: { [unowned self] in self.stats.inputArrived(at: self.scheduler.now) },
        touchWentDown: { [unowned self] overlay, point, milliseconds in self.touchSources.touchWentDown(on: overlay, at: point, milliseconds: milliseconds) },
        logger: logger))
    /// On GNOME, the link to the Shell extension that started touchlight.
    private(set) var shellLink: ShellLink?
    /// Who takes the outputs' pictures, for the zoom and screenshots (`chosenPictures`).
    private var pictures: OutputPictures?
    /// Reloads the configuration file without holding up the loop.
    private(set) lazy var reloader = ConfigurationReloader(scheduler: scheduler, apply: { [unowned self] settings, path in self.apply(settings, from: path) },
                                                           error: { [unowned self] in self.logger.error("\($0)") })
    private var usesLibinput = false
    private var signalFD: Int32 = -1
    var exitStatus: Int32?
    let stats = Statistics()
    let logger: Logger
    /// What `record` writes: every recording hook goes through it.
    let recorder: SessionRecorder?
    /// Where every command comes in (ctl, toolbars, a replay's `set` lines).
    private(set) lazy var commands = Commands(plane: ControlPlane(file: options.configuration.annotate), needs: CommandsNeeds(
        overlays: { [unowned self] in self.activeOverlays }, away: { [unowned self] in self.registry.inkShelf },
        reload: self.options.overrides.configurationPath.map { path in { [unowned self] done in self.reloader.reload(path, done: done) } },
        pictures: { [unowned self] in self.pictures }, logger: logger))
    /// Where every command is carried out; what commands changed outlives a configuration reload.
    var controlPlane: ControlPlane { commands.plane }
    /// What touchlight remembers between runs: toolbar places, learned touchscreen calibrations;
    /// and what was drawn (nil: `[annotate] keep = "none"`, a replay, calibrating).
    let remembered: RememberedState
    private(set) var keeper: SessionKeeper?
    /// Where what the overlays report goes.
    private(set) lazy var reports = OverlayReports(recorder: recorder, commands: commands, seats: seats, remembered: remembered, logger: logger,
                                                   closed: { [unowned self] in self.registry.closed($0) }, failed: { [unowned self] in self.fail($0) })
    /// The text engine of every overlay's captions and HUD, with the configured font (nil: none could be loaded).
    var text: TextRenderer?
    /// Where touches come from besides wl_touch: libinput, a replay.
    private(set) lazy var touchSources = TouchSources(needs: TouchSourcesNeeds(
        overlays: { [unowned self] in self.activeOverlays }, output: { [unowned self] in self.options.configuration.output },
        remembered: remembered, inputArrived: { [unowned self] in self.stats.inputArrived(at: self.scheduler.now) },
        replay: { [unowned self] in self.commands.replay($0) }, now: { [scheduler] in scheduler.now }, calibrates: options.overrides.calibrate,
        calibrationEnded: { [unowned self] in self.end(status: $0) }, logger: logger))

    var overlays: [UInt32: Overlay] { registry.overlays }
    var activeOverlays: [Overlay] { registry.active }
    /// What every overlay takes from the configuration and from ctl: the one place it is derived.
    var overlaySettings: OverlaySettings { OverlaySettings(options: options, annotate: controlPlane.settings, text: text) }

    public init(options: Options) throws {
        self.options = options
        logger = StandardErrorLogHandler.logger(verbose: options.overrides.verbose, quiet: options.overrides.quiet)
        // The trace is read first: a malformed one is rejected whole, before anything shows.
        let trace = try options.replayPath.map(ReplayTrace.read)
        // The GNOME Shell extension's channel, when it started touchlight, checked at start.
        let shellChannelFD = try ShellChannel.descriptorFromEnvironment()
        // The libinput source's checks come before the compositor: their messages need none.
        usesLibinput = try LibinputSource.isWanted(options, note: { [logger] in logger.notice("\($0)") })
        remembered = RememberedState(warn: { [logger] in logger.warning("\($0)") })
        let scheduler = try TimerfdScheduler()
        self.scheduler = scheduler
        recorder = options.overrides.recordPath.map { SessionRecorder(path: $0, clock: scheduler) }
        stats.wakeupCount = { [loop] in loop.wakeups }
        signalFD = try ExitSignals.handle()
        connection = try Connection()
        globals = try connection.bindManagers(windows: shellChannelFD != nil)
        pump = DisplayPump(display: connection.display)
        connection.onOutputAdded = { [unowned self] proxy, name, version in
            self.registry.add(proxy, name: name, version: version, xdgOutputManager: self.connection.xdgOutputManager)
        }
        connection.onSeatAdded = { [unowned self] proxy, name, version in
            self.seats.add(proxy, name: name, version: version, scheduler: self.scheduler, takesTouch: self.shellLink == nil,
                           tabletManager: self.connection.tabletManager, textInputManager: self.connection.textInputManager)
        }
        connection.onGlobalRemoved = { [unowned self] name in
            self.connection.forget(name)
            self.registry.removeGlobal(name)
            self.seats.remove(globalName: name)
        }
        controlPlane.note = { [unowned self] message in self.note(message) }
        controlPlane.onSettingsChanged = { [unowned self] in
            self.recorder?.annotation(of: self.controlPlane)
            self.shellLink?.reportMode()
            self.keeper?.changed()
        }
        controlPlane.onRecordableEdit = { [unowned self] in self.recorder?.edited($0) }
        shellLink = try shellChannelFD.map { fd throws(ClientError) in
            try ShellLink(fd: fd, scheduler: scheduler, needs: ShellLinkNeeds(
                overlays: { [unowned self] in self.activeOverlays }, mode: { [unowned self] in self.controlPlane.settings.mode },
                setMode: { [unowned self] mode, done in self.commands.execute(.mode(.set(mode)), done: done) },
                inputArrived: { [unowned self] in self.stats.inputArrived(at: self.scheduler.now) }, delivered: { [unowned self] in self.touchSources.touchscreensDelivered() },
                end: { [unowned self] in if self.exitStatus == nil { self.exitStatus = 0 } },
                note: { [unowned self] in self.note($0) }, error: { [unowned self] in self.logger.error("\($0)") }))
        }
        pictures = chosenPictures(connection: connection, shellLink: shellLink, environment: ProcessInfo.processInfo.environment)
        // A saved drawing is read and taken over whole, a stop meanwhile waiting for it: a
        // file that existed, or one opened, is never left missing (64 MiB at most to read).
        keeper = try ExitSignals.whole { () throws(ClientError) in
            try SessionKeeper.opening(options, scheduler: scheduler, needs: SessionKeeperNeeds(
                overlays: { [unowned self] in self.activeOverlays }, shelf: { [unowned self] in self.registry.inkShelf }, plane: controlPlane, logger: logger))
        }
        text = TextRenderer.loading(family: options.configuration.font) { [logger] in logger.warning("\($0)") }  // before the overlays, which take it
        connection.bindOutputsAndSeats()  // after the managers, so each seat takes its pens as it is set up
        if let trace {
            let input = options.configuration.input
            touchSources.play(trace, scheduler: scheduler, speed: input.replaySpeed, loops: input.replayLoops)
        }
    }

    /// Whether the GNOME Shell extension started this process (it named its channel).
    public nonisolated static var startedByShellExtension: Bool { ShellLink.startedByExtension }

    /// Runs until SIGINT or SIGTERM (status 0) or until the compositor goes away (status 1).
    public func run() -> Int32 {
        loop.add(fd: wl_display_get_fd(connection.display)) { [unowned self] revents in if !self.pump.ready(revents) { self.lost() } }
        loop.addSignalsAndTimers(signalFD: signalFD, scheduler: scheduler) { [unowned self] signal in
            self.note("signal \(signal): exiting")
            self.exitStatus = 0
        }
        if let path = options.overrides.configurationPath { reloader.watch(path, on: loop) }
        do { try connection.roundtrip(waitingFor: "the outputs' descriptions") } catch { return startFailed(error) }
        do { try commands.start(on: loop, scheduler: scheduler) } catch { return startFailed(error) }
        keeper?.listen(on: loop)
        recorder?.annotation(of: controlPlane)
        touchSources.startReplay(after: Self.replayStartDelay)
        if usesLibinput && exitStatus == nil {
            do {
                try connection.roundtrip(waitingFor: "the overlays' first configure")
                for overlay in activeOverlays { overlay.takeConfigure() }  // their sizes map the touchscreens
                try touchSources.startLibinput(on: loop)
            } catch { fail(error) }
        }
        shellLink?.start(on: loop)
        pictures?.listen(on: loop)
        while loop.isRunning && exitStatus == nil {
            loop.runOnce {
                // Handlers only mark overlays; each acts here, once, and again after any
                // event libwayland dispatches while preparing to read.
                if !pump.prepareToSleep(acting: { for overlay in overlays.values { overlay.act() } }) { lost() }
            }
        }
        shutDown()
        return exitStatus ?? 0
    }

    /// Start-up could not finish: a signal (status 0) or a silent compositor (status 1).
    private func startFailed(_ error: ClientError) -> Int32 {
        if case .interrupted = error {
            note("signal: exiting")
            exitStatus = 0
        } else {
            fail(error)
        }
        shutDown()
        return exitStatus ?? 1
    }

    /// The connection broke: a protocol or I/O error, or the compositor went away.
    private func lost() {
        guard exitStatus == nil else { return }
        pump.cancelRead()
        fail(ClientError.connectionLost(connection.lossReason))
    }

    func fail(_ error: Error) {
        logger.error("\(error)")
        end(status: 1)
    }

    private func end(status: Int32) {
        exitStatus = status
        loop.isRunning = false
    }

    func note(_ message: String) {
        logger.notice("\(message)")
    }

    // MARK: Live reload


    /// Puts a read configuration in force: fonts, outputs, every overlay, capture, touchscreens.
    private func apply(_ settings: Configuration, from path: String) -> ControlReply {
        let previous = options.configuration
        options = options.reloaded(from: settings)
        controlPlane.file = options.configuration.annotate
        if options.configuration.font != previous.font {
            text = TextRenderer.loading(family: options.configuration.font) { [logger] in logger.warning("\($0)") }
        }
        registry.only = options.configuration.output.only
        registry.removeUnwanted()
        let overlaySettings = self.overlaySettings
        for overlay in overlays.values { overlay.apply(overlaySettings) }
        registry.createWanted()
        if !options.overrides.capture { seats.setCapturing(options.capture) }
        if options.configuration.output != previous.output { touchSources.retarget() }
        note("configuration reloaded from \(path)")
        return ControlReply(status: controlPlane.status(activeOverlays))
    }

    // MARK: Shutdown

    /// Destroys every object before disconnecting, on a clean exit and after a lost connection
    /// alike: libwayland ignores requests on a dead connection, but not on a freed one.
    private func shutDown() {
        // Saves under way are written whole (within the shutdown's grace), never cut short.
        commands.finish(timeout: ExitSignals.shutdownGrace * 0.6)
        // The recording first: nothing below may block, but the data matters most.
        if recorder?.finish(reportingTo: logger) == false, exitStatus == 0 { exitStatus = 1 }
        keeper?.finish()  // with a deadline of its own
        pump.cancelRead()
        shellLink?.close()
        stats.collect(from: overlays.values)
        seats.destroyAll()
        registry.destroyAll()
        connection.destroyGlobals()
        if options.overrides.statistics { printError("touchlight: \(stats.summary(now: scheduler.now, wakeupTimes: loop.recentWakeups))") }
        if !connection.disconnect(goodbye: exitStatus == 0) {
            note("the compositor did not answer at exit; leaving anyway")
        }
    }
}
