import Renderer
import CWaylandClient
import CLinux
import FoundationEssentials
import Stage
import TouchlightConfig
import Glibc
import Logging
import TouchCore
import TouchscreenInput
import Visualizer

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
        let registry = OutputRegistry(only: options.configuration.output.only) { [unowned self] output in self.makeOverlay(on: output) }
        registry.onOverlayGone = { [unowned self] overlay in
            for seat in self.seats.values { seat.forget(overlay) }
            self.shellLink?.overlaysChanged()
        }
        return registry
    }()
    var seats: [UInt32: Seat] = [:]
    private var replay: ReplaySource?
    var libinputReplay: LibinputReplaySource?
    var libinputSource: LibinputSource?
    /// The GNOME Shell extension's channel, when it started touchlight: its descriptor,
    /// checked at start, and the link over it.
    private let shellChannelFD: Int32?
    private(set) var shellLink: ShellLink?
    /// Writes `save`'s pictures off the loop.
    let saver: InkSaver
    /// Reloads the configuration file without holding up the loop.
    private(set) lazy var reloader = ConfigurationReloader(scheduler: scheduler, apply: { [unowned self] settings, path in self.apply(settings, from: path) },
                                                           error: { [unowned self] in self.logger.error("\($0)") })
    private var usesLibinput = false
    private var signalFD: Int32 = -1
    var isCapturing: Bool
    var exitStatus: Int32?
    let stats = Statistics()
    let logger: Logger
    private var watcher: ConfigurationWatcher?
    /// What `record` writes: every recording hook goes through it.
    let recorder: SessionRecorder?
    /// `touchlight ctl`'s socket (nil when there is no runtime directory).
    var control: ControlServer?
    /// Where every command is carried out (ctl, toolbars, a replay's `set` lines); what they
    /// changed outlives a configuration reload.
    let controlPlane: ControlPlane
    /// Where the toolbar sits on each output, and the state file that remembers it.
    /// What touchlight remembers between runs: toolbar places, learned touchscreen calibrations.
    var state = StateFile()
    let statePath = StateFile.path(environment: ProcessInfo.processInfo.environment)
    /// The text engine of every overlay's captions and HUD, with the configured font (nil: none could be loaded).
    var text: TextRenderer?
    /// Where each touchscreen's touches go.
    private(set) lazy var touchscreens: TouchscreenRouter = {
        let router = TouchscreenRouter(output: { [unowned self] in self.options.configuration.output },
                                       calibrations: { [unowned self] in self.state.touchscreens },
                                       overlays: { [unowned self] in self.activeOverlays },
                                       note: { [unowned self] in self.note($0) }, error: { [unowned self] in self.logger.error("\($0)") })
        router.onMapped = { [unowned self] name, output, size in self.mappingWatch.touchscreenMapped(name, to: output, size: size) }
        return router
    }()
    /// Compares the touches seen both through libinput and as wl_touch; calibrates.
    private(set) lazy var mappingWatch = MappingWatch(calibrates: options.overrides.calibrate, events: self)

    /// What every overlay takes from the configuration and from ctl: the one place it is derived.
    var overlaySettings: OverlaySettings { OverlaySettings(options: options, annotate: annotateSettings, text: text) }

    public init(options: Options) throws {
        self.options = options
        logger = StandardErrorLogHandler.logger(verbose: options.overrides.verbose, quiet: options.overrides.quiet)
        isCapturing = options.capture
        controlPlane = ControlPlane(file: options.configuration.annotate)
        // The trace is read first: a malformed one is rejected whole, before anything shows.
        var trace: TouchTrace?
        var libinputTrace: LibinputTrace?
        if let path = options.replayPath {
            let text = try readTraceFile(path)
            if LibinputTrace.matches(text) {
                do { libinputTrace = try LibinputTrace(text: text) } catch { throw ClientError.trace("\(path): \(error)") }
            } else {
                do { trace = try TouchTrace(text: text) } catch let error as TraceError { throw ClientError.trace("\(path): \(error)") }
            }
        }
        shellChannelFD = try ShellChannel.descriptorFromEnvironment()
        // The libinput source's checks come before the compositor: their messages need none.
        // (A replay, when given, is the source of touches instead.)
        if options.usesLibinput {
            do {
                try LibinputSource.check()
                usesLibinput = true
            } catch {
                guard options.configuration.input.fallbackToWayland, !options.overrides.calibrate else { throw error }
                logger.notice("\(error)")
                logger.notice("falling back to wl_touch ([input] fallback_to_wayland)")
            }
        }
        if let statePath {
            let (state, problem) = ConfigurationProbe.stateFile(at: statePath)
            self.state = state
            if let problem { logger.warning("remembered state: \(problem) (using defaults where needed)") }
        }
        let scheduler = try TimerfdScheduler()
        self.scheduler = scheduler
        saver = try InkSaver()
        recorder = options.overrides.recordPath.map { SessionRecorder(path: $0, clock: scheduler) }
        stats.wakeupCount = { [loop] in loop.wakeups }
        signalFD = try Self.handleExitSignals()
        connection = try Connection()
        globals = try connection.bindManagers(windows: shellChannelFD != nil)
        pump = DisplayPump(display: connection.display)
        connection.onOutputAdded = { [unowned self] proxy, name, version in
            self.registry.add(proxy, name: name, version: version, xdgOutputManager: self.connection.xdgOutputManager)
        }
        connection.onSeatAdded = { [unowned self] proxy, name, version in
            let seat = Seat(proxy: proxy, globalName: name, version: version, scheduler: self.scheduler, events: self, takesTouch: self.shellLink == nil)
            if let manager = self.connection.tabletManager { seat.attachTablets(manager: manager) }
            if let manager = self.connection.textInputManager { seat.attachTextInput(manager: manager) }
            self.seats[name] = seat
        }
        connection.onGlobalRemoved = { [unowned self] name in self.globalRemoved(name) }
        controlPlane.note = { [unowned self] message in self.note(message) }
        controlPlane.onSettingsChanged = { [unowned self] in
            self.recordAnnotation()
            self.shellLink?.reportMode()
        }
        shellLink = shellChannelFD.map { fd in
            ShellLink(fd: fd, scheduler: scheduler, needs: ShellLinkNeeds(
                overlays: { [unowned self] in self.activeOverlays }, mode: { [unowned self] in self.annotateSettings.mode },
                setMode: { [unowned self] mode, done in self.execute(.mode(.set(mode)), done: done) },
                inputArrived: { [unowned self] in self.inputArrived() }, delivered: { [unowned self] in self.touchscreensDelivered() },
                end: { [unowned self] in if self.exitStatus == nil { self.exitStatus = 0 } },
                note: { [unowned self] in self.note($0) }, error: { [unowned self] in self.logger.error("\($0)") }))
        }
        loadFont()  // before the outputs' overlays, which take it
        connection.bindOutputsAndSeats()  // after the managers, so each seat takes its pens as it is set up
        if let trace {
            replay = ReplaySource(scheduler: scheduler, events: self, trace: trace, speed: options.configuration.input.replaySpeed,
                                  loops: options.configuration.input.replayLoops)
        }
        if let libinputTrace {
            libinputReplay = LibinputReplaySource(scheduler: scheduler, events: self, trace: libinputTrace, speed: options.configuration.input.replaySpeed)
        }
    }

    /// Whether the GNOME Shell extension started this process (it named its channel).
    public nonisolated static var startedByShellExtension: Bool { ShellLink.startedByExtension }

    /// Runs until SIGINT or SIGTERM (status 0) or until the compositor goes away (status 1).
    public func run() -> Int32 {
        let displayFD = wl_display_get_fd(connection.display)
        loop.add(fd: displayFD) { [unowned self] revents in if !self.pump.ready(revents) { self.lost() } }
        loop.addSignalsAndTimers(signalFD: signalFD, scheduler: scheduler) { [unowned self] signal in
            self.note("signal \(signal): exiting")
            self.exitStatus = 0
        }
        if let path = options.overrides.configurationPath, let watcher = ConfigurationWatcher(path: path) {
            self.watcher = watcher
            loop.add(fd: watcher.fd) { [unowned self] revents in
                if revents & Int16(POLLIN) != 0, watcher.fileChanged() { self.reloadConfiguration(from: path) }
            }
        }
        do { try connection.roundtrip(waitingFor: "the outputs' descriptions") } catch { return startFailed(error) }
        do { try startControl() } catch { return startFailed(error) }
        saver.listen(on: loop)
        recordAnnotation()
        replay?.start(after: Self.replayStartDelay)
        libinputReplay?.start(after: Self.replayStartDelay)
        if usesLibinput && exitStatus == nil { startLibinput() }
        shellLink?.start(on: loop)
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
        let code = wl_display_get_error(connection.display)
        let reason = code == 0 ? "the compositor closed the connection" : "protocol or I/O error: \(String(cString: strerror(code)))"
        fail(ClientError.connectionLost(reason))
    }

    func fail(_ error: Error) {
        logger.error("\(error)")
        exitStatus = 1
        loop.isRunning = false
    }

    // MARK: Live reload

    /// Applies a changed configuration file without restarting or losing markers (see
    /// `ConfigurationReloader`); `done` (`ctl reload`) gets the outcome.
    func reloadConfiguration(from path: String, done: ((ControlReply) -> Void)? = nil) {
        reloader.reload(path, done: done)
    }

    /// Puts a read configuration in force: fonts, outputs, every overlay, capture, touchscreens.
    private func apply(_ settings: Configuration, from path: String) -> ControlReply {
        let previous = options.configuration
        options = options.reloaded(from: settings)
        controlPlane.file = options.configuration.annotate
        if options.configuration.font != previous.font { loadFont() }
        registry.only = options.configuration.output.only
        for output in registry.removeUnwanted() { note("overlay on output \(output.name) removed ([output] only)") }
        let overlaySettings = self.overlaySettings
        for overlay in overlays.values { overlay.apply(overlaySettings) }
        registry.createWanted()
        if !options.overrides.capture { setCapturing(options.capture) }
        if options.configuration.output != previous.output { retargetTouchscreens() }
        note("configuration reloaded from \(path)")
        return ControlReply(status: controlPlane.status(activeOverlays))
    }

    // MARK: Signals and shutdown

    /// SIGINT and SIGTERM from the first call on (see `ExitSignals`): the pipe's end the loop
    /// reads.
    @discardableResult
    public static func handleExitSignals() throws -> Int32 {
        try ExitSignals.install(grace: shutdownGrace)
    }

    /// How long shutdown may take after a signal before the watchdog ends the process.
    nonisolated static let shutdownGrace = 1.0
    /// How long shutdown waits for the compositor to take the last requests.
    nonisolated static let goodbyeTimeout = 0.25

    /// Destroys every object before disconnecting, on a clean exit and after a lost connection
    /// alike: libwayland ignores requests on a dead connection, but not on a freed one.
    private func shutDown() {
        // Saves under way are written whole (within the shutdown's grace), never cut short.
        saver.finish(timeout: Self.shutdownGrace * 0.6)
        // The recording first: nothing below may block, but the data matters most.
        if let recorder {
            let (message, failed) = recorder.finish()
            if failed {
                logger.error("\(message)")
                if exitStatus == 0 { exitStatus = 1 }
            } else {
                note(message)
            }
        }
        pump.cancelRead()
        control?.close()
        shellLink?.close()
        stats.animationStalls = overlays.values.reduce(0) { $0 + $1.animationStalls }
        for pool in overlays.values.compactMap(\.spritePool) { stats.add(pool) }
        for seat in seats.values { seat.destroy() }
        seats.removeAll()
        registry.destroyAll()
        connection.destroyGlobals()
        if exitStatus == 0 {
            _ = wl_display_flush(connection.display)
            if boundedRoundtrip(connection.display, timeout: Self.goodbyeTimeout, interruptible: false) == .timedOut {
                note("the compositor did not answer at exit; leaving anyway")
            }
        }
        if options.overrides.statistics { printError("touchlight: \(stats.summary(now: scheduler.now, wakeupTimes: loop.recentWakeups))") }
        wl_display_disconnect(connection.display)
    }
}
