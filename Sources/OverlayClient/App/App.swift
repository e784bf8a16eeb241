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
            self.seats.forget(overlay)
            self.shellLink?.overlaysChanged()
        }
        return registry
    }()
    private(set) lazy var seats = Seats(needs: SeatsNeeds(
        overlays: { [unowned self] in Array(self.overlays.values) }, overlayForSurface: { [unowned self] in self.registry.overlay(for: $0) },
        isCapturing: { [unowned self] in self.isCapturing }, leaveCaptureMode: { [unowned self] in self.leaveCaptureMode() },
        pointerDrawButtons: { [unowned self] in self.options.configuration.annotate.pointerButtons.map(\.code) },
        inputArrived: { [unowned self] in self.inputArrived() },
        touchWentDown: { [unowned self] overlay, point, milliseconds in self.touchWentDown(on: overlay, at: point, milliseconds: milliseconds) },
        debug: { [unowned self] in self.logger.debug("\($0)") }))
    private var replay: ReplaySource?
    var libinputReplay: LibinputReplaySource?
    var libinputSource: LibinputSource?
    /// The GNOME Shell extension's channel, when it started touchlight: its descriptor,
    /// checked at start, and the link over it.
    private let shellChannelFD: Int32?
    private(set) var shellLink: ShellLink?
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
    /// Where every command comes in (ctl, toolbars, a replay's `set` lines).
    private(set) lazy var commands = Commands(plane: ControlPlane(file: options.configuration.annotate), needs: CommandsNeeds(
        overlays: { [unowned self] in self.activeOverlays },
        reload: self.options.overrides.configurationPath.map { path in { [unowned self] done in self.reloader.reload(path, done: done) } },
        note: { [unowned self] in self.note($0) }, error: { [unowned self] in self.logger.error("\($0)") }))
    /// Where every command is carried out; what commands changed outlives a configuration reload.
    var controlPlane: ControlPlane { commands.plane }
    /// What touchlight remembers between runs: toolbar places, learned touchscreen calibrations.
    let remembered: RememberedState
    /// The text engine of every overlay's captions and HUD, with the configured font (nil: none could be loaded).
    var text: TextRenderer?
    /// Where each touchscreen's touches go.
    private(set) lazy var touchscreens: TouchscreenRouter = {
        let router = TouchscreenRouter(output: { [unowned self] in self.options.configuration.output },
                                       calibrations: { [unowned self] in self.remembered.state.touchscreens },
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
        // The trace is read first: a malformed one is rejected whole, before anything shows.
        let trace = try options.replayPath.map(ReplayTrace.read)
        shellChannelFD = try ShellChannel.descriptorFromEnvironment()
        // The libinput source's checks come before the compositor: their messages need none.
        usesLibinput = try LibinputSource.isWanted(options, note: { [logger] in logger.notice("\($0)") })
        remembered = RememberedState(warn: { [logger] in logger.warning("\($0)") })
        let scheduler = try TimerfdScheduler()
        self.scheduler = scheduler
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
            self.seats.add(proxy, name: name, version: version, scheduler: self.scheduler, takesTouch: self.shellLink == nil,
                           tabletManager: self.connection.tabletManager, textInputManager: self.connection.textInputManager)
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
                setMode: { [unowned self] mode, done in self.commands.execute(.mode(.set(mode)), done: done) },
                inputArrived: { [unowned self] in self.inputArrived() }, delivered: { [unowned self] in self.touchscreensDelivered() },
                end: { [unowned self] in if self.exitStatus == nil { self.exitStatus = 0 } },
                note: { [unowned self] in self.note($0) }, error: { [unowned self] in self.logger.error("\($0)") }))
        }
        loadFont()  // before the outputs' overlays, which take it
        connection.bindOutputsAndSeats()  // after the managers, so each seat takes its pens as it is set up
        switch trace {
        case .touches(let trace):
            replay = ReplaySource(scheduler: scheduler, events: self, trace: trace, speed: options.configuration.input.replaySpeed,
                                  loops: options.configuration.input.replayLoops)
        case .libinput(let trace):
            libinputReplay = LibinputReplaySource(scheduler: scheduler, events: self, trace: trace, speed: options.configuration.input.replaySpeed)
        case nil: break
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
                if revents & Int16(POLLIN) != 0, watcher.fileChanged() { self.reloader.reload(path, done: nil) }
            }
        }
        do { try connection.roundtrip(waitingFor: "the outputs' descriptions") } catch { return startFailed(error) }
        do { try commands.start(on: loop, scheduler: scheduler) } catch { return startFailed(error) }
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

    func note(_ message: String) {
        logger.notice("\(message)")
    }

    // MARK: Live reload

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
        commands.finish(timeout: Self.shutdownGrace * 0.6)
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
        shellLink?.close()
        stats.animationStalls = overlays.values.reduce(0) { $0 + $1.animationStalls }
        for pool in overlays.values.compactMap(\.spritePool) { stats.add(pool) }
        seats.destroyAll()
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
