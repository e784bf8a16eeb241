import CWaylandClient
import CLinux
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
    /// The configuration with the command line's overrides (replaced on reload).
    private(set) var options: Options
    let connection: Connection
    let scheduler: TimerfdScheduler
    private let loop = EventLoop()
    private var outputs: [UInt32: Output] = [:]
    private var overlays: [UInt32: Overlay] = [:]
    private var seats: [UInt32: Seat] = [:]
    private var replay: ReplaySource?
    private var libinputReplay: LibinputReplaySource?
    private var libinputSource: LibinputSource?
    private var usesLibinput = false
    private var signalFD: Int32 = -1
    private(set) var isCapturing: Bool
    private var exitStatus: Int32?
    private let stats = Statistics()
    let logger: Logger
    private var watcher: ConfigurationWatcher?
    private let recorder: TraceRecorder?
    var style: VisualizerStyle { options.style }
    var doubleTapInterval: Double { options.configuration.doubleTapInterval }
    private var onlyOutputs: [String] { options.configuration.output.only }
    var maximumFrameRate: Int { options.configuration.maximumFrameRate }

    public init(options: Options) throws {
        self.options = options
        logger = StandardErrorLogHandler.logger(verbose: options.overrides.verbose, quiet: options.overrides.quiet)
        isCapturing = options.capture
        recorder = options.overrides.recordPath.map(TraceRecorder.init(path:))
        // The trace is read first: a malformed one is rejected whole, before anything shows.
        var trace: TouchTrace?
        var libinputTrace: LibinputTrace?
        if let path = options.replayPath {
            let text = try readTrace(path)
            if LibinputTrace.matches(text) {
                do { libinputTrace = try LibinputTrace(text: text) } catch { throw ClientError.trace("\(path): \(error)") }
            } else {
                do { trace = try TouchTrace(text: text) } catch let error as TraceError { throw ClientError.trace("\(path): \(error)") }
            }
        }
        // The libinput source's checks come before the compositor: their messages need none.
        // (A replay, when given, is the source of touches instead.)
        if options.usesLibinput {
            do {
                try LibinputSource.check()
                usesLibinput = true
            } catch {
                guard options.configuration.input.fallbackToWayland else { throw error }
                logger.notice("\(error)")
                logger.notice("falling back to wl_touch ([input] fallback_to_wayland)")
            }
        }
        scheduler = try TimerfdScheduler()
        signalFD = try Self.installSignalHandling()
        connection = try Connection()
        connection.onOutputAdded = { [unowned self] proxy, name, version in self.addOutput(proxy, name: name, version: version) }
        connection.onSeatAdded = { [unowned self] proxy, name, version in
            self.seats[name] = Seat(app: self, proxy: proxy, globalName: name, version: version)
        }
        connection.onGlobalRemoved = { [unowned self] name in self.globalRemoved(name) }
        try connection.bindGlobals()
        if let trace {
            replay = ReplaySource(app: self, trace: trace, speed: options.configuration.input.replaySpeed,
                                  loops: options.configuration.input.replayLoops)
        }
        if let libinputTrace {
            libinputReplay = LibinputReplaySource(app: self, trace: libinputTrace, speed: options.configuration.input.replaySpeed)
        }
    }

    /// Runs until SIGINT or SIGTERM (status 0) or until the compositor goes away (status 1).
    public func run() -> Int32 {
        loop.add(fd: signalFD) { [unowned self] revents in
            guard revents & Int16(POLLIN) != 0 else { return }
            var signal: UInt8 = 0
            _ = read(self.signalFD, &signal, 1)
            self.note("signal \(signal): exiting")
            self.exitStatus = 0
        }
        loop.add(fd: scheduler.fd) { [unowned self] revents in
            if revents & Int16(POLLIN) != 0 { self.scheduler.timerExpired() }
        }
        if let path = options.overrides.configurationPath, let watcher = ConfigurationWatcher(path: path) {
            self.watcher = watcher
            loop.add(fd: watcher.fd) { [unowned self] revents in
                if revents & Int16(POLLIN) != 0, watcher.fileChanged() { self.reloadConfiguration(from: path) }
            }
        }
        let displayFD = wl_display_get_fd(connection.display)
        loop.add(fd: displayFD) { [unowned self] revents in self.displayReady(revents) }
        do { try connection.roundtrip(waitingFor: "the outputs' descriptions") } catch { return startFailed(error) }
        replay?.start(after: 0.3)
        libinputReplay?.start(after: 0.3)
        if usesLibinput && exitStatus == nil { startLibinput() }
        while loop.isRunning && exitStatus == nil {
            loop.runOnce { prepareToSleep() }
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

    // MARK: The display connection in the loop

    private var isReading = false

    private func prepareToSleep() {
        let display = connection.display
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { return lost() }
        }
        isReading = true
        // A compositor that stops reading (frozen) fills the socket: wait for room, but let a
        // signal through (the loop then ends and shutdown is bounded).
        while wl_display_flush(display) < 0 {
            if errno != EAGAIN { return lost() }
            if tl_exit_signal() != 0 { return }
            var pfd = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLOUT), revents: 0)
            _ = poll(&pfd, 1, 100)
        }
    }

    private func displayReady(_ revents: Int16) {
        guard isReading else { return }
        isReading = false
        let display = connection.display
        if revents & Int16(POLLIN) != 0 {
            if wl_display_read_events(display) < 0 { return lost() }
        } else {
            wl_display_cancel_read(display)
        }
        if revents & Int16(POLLHUP | POLLERR) != 0 && revents & Int16(POLLIN) == 0 { return lost() }
        if wl_display_dispatch_pending(display) < 0 { return lost() }
    }

    private func lost() {
        guard exitStatus == nil else { return }
        if isReading { wl_display_cancel_read(connection.display); isReading = false }
        let code = wl_display_get_error(connection.display)
        let reason = code == 0 ? "the compositor closed the connection" : "protocol or I/O error: \(String(cString: strerror(code)))"
        fail(ClientError.connectionLost(reason))
    }

    func fail(_ error: Error) {
        logger.error("\(error)")
        exitStatus = 1
        loop.isRunning = false
    }

    // MARK: Outputs and overlays

    private func addOutput(_ proxy: OpaquePointer, name: UInt32, version: UInt32) {
        let output = Output(proxy: proxy, globalName: name, version: version, xdgOutputManager: connection.xdgOutputManager)
        outputs[name] = output
        output.onChange = { [unowned self, unowned output] in
            if let overlay = self.overlays[name] {
                overlay.scaleMayHaveChanged()
            } else {
                self.createOverlayIfWanted(on: output)
            }
        }
    }

    /// Whether `[output] only` lets `output` have an overlay.
    private func wantsOverlay(on output: Output) -> Bool {
        onlyOutputs.isEmpty || onlyOutputs.contains(output.name)
    }

    /// An overlay for `output` unless `[output] only` leaves it out.
    private func createOverlayIfWanted(on output: Output) {
        guard overlays[output.globalName] == nil, wantsOverlay(on: output) else { return }
        overlays[output.globalName] = Overlay(app: self, output: output, connection: connection, capture: isCapturing, style: style)
        note("overlay on output \(output.name.isEmpty ? "#\(output.globalName)" : output.name)")
    }

    private func globalRemoved(_ name: UInt32) {
        connection.forget(name)
        if let output = outputs.removeValue(forKey: name) {
            if let overlay = overlays.removeValue(forKey: name) { remove(overlay) }
            output.destroy()
            note("output \(output.name) removed")
        }
        seats.removeValue(forKey: name)?.destroy()
    }

    func overlayClosed(_ overlay: Overlay) {
        if let key = overlays.first(where: { $0.value === overlay })?.key { overlays.removeValue(forKey: key) }
        remove(overlay)
        note("overlay on output \(overlay.output.name) closed by the compositor")
    }

    private func remove(_ overlay: Overlay) {
        for seat in seats.values { seat.forget(overlay) }
        overlay.dispatcher.cancel()
        overlay.destroy()
    }

    var activeOverlays: [Overlay] { overlays.values.sorted { $0.output.globalName < $1.output.globalName } }

    func overlay(for surface: OpaquePointer) -> Overlay? {
        overlays.values.first { $0.surface == surface }
    }

    /// Turns capture mode on or off on every overlay (Escape turns it off).
    func setCapturing(_ capturing: Bool) {
        guard capturing != isCapturing else { return }
        isCapturing = capturing
        for overlay in overlays.values { overlay.setCapturing(capturing, layerShellVersion: connection.layerShellVersion) }
        for seat in seats.values { seat.updateKeyboard() }
        note(capturing ? "capturing touches" : "letting touches through (capture mode left)")
    }

    private func startLibinput() {
        do {
            try connection.roundtrip(waitingFor: "the overlays' first configure")
            let translator = TouchTranslator { [unowned self] name in self.touchscreenTarget(forDevice: name) }
            let source = try LibinputSource(seat: "seat0", translator: translator)
            libinputSource = source
            loop.add(fd: source.fd) { [unowned self] revents in
                guard revents & Int16(POLLIN) != 0 else { return }
                self.inputArrived()
                source.dispatch()
                for overlay in self.activeOverlays { overlay.setNeedsDraw() }
            }
            for (name, reason) in translator.refused { note("refused \(name): \(reason)") }
        } catch {
            fail(error)
        }
    }

    /// Where a touchscreen's touches go: the overlay of its output (configured, else the
    /// built-in panel, else the only output), mapped with the output's transform.
    func touchscreenTarget(forDevice name: String) -> TouchTranslator.Target? {
        let candidates = activeOverlays
        switch OutputChoice.choose(configured: options.configuration.output.touchscreenOutput, outputs: candidates.map(\.output.name)) {
        case .ambiguous(let why):
            logger.error("touchscreen \(name) is not mapped: \(why)")
            return nil
        case .output(let outputName):
            guard let overlay = candidates.first(where: { $0.output.name == outputName }) else { return nil }
            note("touchscreen \(name) mapped to \(outputName) (transform \(touchscreenTransform(on: overlay)))")
            // The mapping is read at every event: a reload or a turned output applies at once.
            return .init(dispatcher: overlay.dispatcher) { [unowned self, unowned overlay] in
                TouchscreenMapping(transform: self.touchscreenTransform(on: overlay), logicalSize: overlay.size)
            }
        }
    }

    /// `[output] transform`, else the output's own transform.
    private func touchscreenTransform(on overlay: Overlay) -> OutputTransform {
        options.configuration.output.transform ?? OutputTransform(rawValue: Int(overlay.output.transform)) ?? .normal
    }

    /// Maps every touchscreen again (`[output] touchscreen_output` changed, or outputs did).
    private func retargetTouchscreens() {
        libinputSource?.translator.retarget()
        libinputReplay?.translator?.retarget()
    }

    // MARK: Live reload

    /// Applies a changed configuration file without restarting or losing markers; a file with
    /// problems is reported and the last good configuration stays in force.
    func reloadConfiguration(from path: String) {
        let settings: Configuration
        do {
            settings = try ConfigurationProbe.read(path)
        } catch {
            logger.error("\(path) has problems; keeping the last good configuration:\n\(error)")
            return
        }
        let previous = options.configuration
        options = options.reloaded(from: settings)
        for (name, overlay) in overlays where !wantsOverlay(on: overlay.output) {
            overlays.removeValue(forKey: name)
            remove(overlay)
            note("overlay on output \(overlay.output.name) removed ([output] only)")
        }
        for overlay in overlays.values { overlay.apply(style: style, doubleTapInterval: doubleTapInterval) }
        for output in outputs.values.sorted(by: { $0.globalName < $1.globalName }) { createOverlayIfWanted(on: output) }
        if !options.overrides.capture { setCapturing(options.capture) }
        if options.configuration.output != previous.output { retargetTouchscreens() }
        note("configuration reloaded from \(path)")
    }

    // MARK: Time and statistics

    func inputArrived() {
        stats.inputArrived(at: scheduler.now)
    }

    func inputDeferred() {
        stats.inputDeferred()
    }

    func didCommit(_ overlay: Overlay) {
        stats.committed(at: scheduler.now, wakeups: loop.wakeups)
    }

    func replayFinished(_ source: ReplaySource) {
        note("replay finished (round \(source.rounds))")
    }

    // MARK: Logging

    /// Every event an overlay delivered: recorded (record) and logged (--verbose).
    func observe(_ event: TouchEvent, on overlay: Overlay) {
        recorder?.record(event, size: overlay.size, scale: overlay.scale.renderScale)
        log(event, on: overlay.output.name, window: overlay.window)
    }

    /// At debug level (--verbose): each touch's begin with the hit-test trace that placed it,
    /// and its end. Touch positions are logged only then, when the user asked for them.
    func log(_ event: TouchEvent, on outputName: String, window: Window) {
        guard logger.logLevel <= .debug else { return }
        for touch in event.allTouches.sorted(by: { $0.sourceID < $1.sourceID }) {
            let p = touch.location(in: nil)
            switch touch.phase {
            case .began:
                logger.debug("touch \(touch.sourceID) began at \(p) on \(outputName)")
                for line in window.traceHitTest(at: p).description.split(separator: "\n") {
                    logger.debug("  \(line)")
                }
            case .ended: logger.debug("touch \(touch.sourceID) ended at \(p)")
            case .cancelled: logger.debug("touch \(touch.sourceID) cancelled")
            default: break
            }
        }
    }

    func note(_ message: String) {
        logger.notice("\(message)")
    }

    // MARK: Signals and shutdown

    /// SIGINT and SIGTERM from here on: the first is written into a pipe the loop polls (so it
    /// is seen even while waiting on the compositor) and starts a watchdog; a second signal, or
    /// the watchdog after `shutdownGrace`, ends the process at once (see `tl_install_exit_signals`).
    private static func installSignalHandling() throws(ClientError) -> Int32 {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .system("pipe", errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        guard tl_install_exit_signals(fds[1], Int32(shutdownGrace * 1000)) == 0 else { throw .system("sigaction", errno) }
        return fds[0]
    }

    /// How long shutdown may take after a signal before the watchdog ends the process.
    nonisolated static let shutdownGrace = 1.0
    /// How long shutdown waits for the compositor to take the last requests.
    nonisolated static let goodbyeTimeout = 0.25

    /// Destroys every object before disconnecting, on a clean exit and after a lost connection
    /// alike: libwayland ignores requests on a dead connection, but not on a freed one.
    private func shutDown() {
        // The recording first: nothing below may block, but the data matters most.
        if let recorder {
            if let problem = recorder.write() {
                logger.error("could not write \(recorder.path): \(problem)")
                if exitStatus == 0 { exitStatus = 1 }
            } else {
                note("recorded \(recorder.eventCount) touch events to \(recorder.path)")
            }
        }
        if isReading { wl_display_cancel_read(connection.display); isReading = false }
        stats.animationStalls = overlays.values.reduce(0) { $0 + $1.animationStalls }
        for overlay in overlays.values { overlay.destroy() }
        overlays.removeAll()
        for seat in seats.values { seat.destroy() }
        seats.removeAll()
        for output in outputs.values { output.destroy() }
        outputs.removeAll()
        connection.destroyGlobals()
        if exitStatus == 0 {
            _ = wl_display_flush(connection.display)
            if boundedRoundtrip(connection.display, timeout: Self.goodbyeTimeout) == .timedOut {
                note("the compositor did not answer at exit; leaving anyway")
            }
        }
        if options.overrides.statistics { printError("touchlight: \(stats.summary(now: scheduler.now, wakeupTimes: loop.recentWakeups))") }
        wl_display_disconnect(connection.display)
    }
}
