import FoundationEssentials
import Glibc
import Logging
import Stage
import TouchCore
import TouchlightConfig
import TouchscreenInput

/// `touchlight record FILE --no-overlay`: records the touchscreens through libinput with no
/// Wayland connection at all, so it works where no overlay can run (GNOME, X11, a text
/// console). Touches are mapped to the panel's native size (see `NativeSize`) and recorded
/// with the wall-clock start, for `render --over` to line them up with a screen recording.
/// Ends on SIGINT or SIGTERM, writing the trace then.
@MainActor
public final class HeadlessRecorder: TouchscreenEvents {
    /// `--output-size`: the size touches map to, instead of the native one.
    public struct Request: Sendable {
        public var path: String
        public var outputSize: Size?
        /// A libinput-shaped trace to play instead of the touchscreens (tests, demos).
        public var libinputReplay: String?
        public var configuration = Configuration()
        public var verbose = false
        public var quiet = false

        public init(path: String) { self.path = path }
    }

    private let request: Request
    private let logger: Logger
    private let loop = EventLoop()
    private let scheduler: TimerfdScheduler
    private let recorder: TraceRecorder
    private var window: Window?
    private var dispatcher: TouchDispatcher?
    private var source: LibinputSource?
    private var replay: LibinputReplaySource?
    private let signalFD: Int32
    private var exitStatus: Int32?

    public init(_ request: Request) throws {
        self.request = request
        logger = StandardErrorLogHandler.logger(verbose: request.verbose, quiet: request.quiet)
        recorder = TraceRecorder(path: request.path)
        scheduler = try TimerfdScheduler()
        signalFD = try ExitSignals.handle()
        if let path = request.libinputReplay {
            guard case .libinput(let trace) = try ReplayTrace.read(path) else {
                throw ClientError.trace("\(path) is a touch trace, which already is a recording; --no-overlay replays only libinput-shaped traces")
            }
            replay = LibinputReplaySource(scheduler: scheduler, events: self, trace: trace, speed: request.configuration.input.replaySpeed)
        } else {
            try LibinputSource.check()
        }
    }

    /// Records until a signal; returns the exit status (1 when the trace could not be written).
    public func run() -> Int32 {
        loop.addSignalsAndTimers(signalFD: signalFD, scheduler: scheduler) { [unowned self] signal in
            self.note("signal \(signal): exiting")
            self.exitStatus = 0
        }
        if let replay {
            replay.start(after: 0)
        } else {
            do {
                let translator = TouchTranslator { [unowned self] name in self.touchscreenTarget(forDevice: name) }
                source = try LibinputSource.listening(on: loop, translator: translator, events: self)
            } catch {
                logger.error("\(error)")
                return 1
            }
        }
        logger.notice("recording the touchscreens into \(request.path) without an overlay; Ctrl-C or SIGTERM ends it")
        while loop.isRunning && exitStatus == nil { loop.runOnce {} }
        if let problem = recorder.write() {
            logger.error("could not write \(recorder.path): \(problem)")
            return 1
        }
        note("recorded \(recorder.eventCount) touch events to \(recorder.path)")
        return exitStatus ?? 0
    }

    // MARK: TouchscreenEvents

    /// `[output] transform`: how the panel is turned (no compositor says).
    private var transform: OutputTransform { request.configuration.output.transform ?? .normal }

    /// Every touchscreen maps to one window of the native size (or `--output-size`), turned by
    /// `[output] transform` when set.
    func touchscreenTarget(forDevice name: String) -> TouchTranslator.Target? {
        let dispatcher = self.dispatcher ?? makeWindow(firstDevice: name)
        let size = window?.bounds.size ?? NativeSize.fallback
        note("touchscreen \(name) mapped to \(Int(size.width))×\(Int(size.height)) (transform \(transform.name))")
        return .init(dispatcher: dispatcher, currentMapping: { [transform] in TouchscreenMapping(transform: transform, logicalSize: size) },
                     isTakenByOverlay: { _ in false })
    }

    private func makeWindow(firstDevice name: String) -> TouchDispatcher {
        let size: Size
        if let chosen = request.outputSize {
            size = chosen
        } else {
            let native = NativeSize.choose(touchscreenMillimetres: source?.physicalSizes[name])
            size = native.size
            logger.notice("touches map to \(Int(size.width))×\(Int(size.height)): \(native.source) (--output-size WxH to choose)")
        }
        let window = Window(frame: Rect(origin: .zero, size: size))
        let surface = View(frame: window.bounds)
        surface.isMultipleTouchEnabled = true
        window.addSubview(surface)
        let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        dispatcher.eventObserver = { [unowned self] event in
            self.recorder.record(event, size: size, scale: 1, transform: self.transform)
            guard self.request.verbose else { return }
            for touch in event.allTouches.sorted(by: { $0.sourceID < $1.sourceID }) {
                if let line = verboseLine(for: touch) { self.logger.info("\(line)") }
            }
        }
        self.window = window
        self.dispatcher = dispatcher
        return dispatcher
    }

    func touchscreensDelivered() {}
    func inputArrived() {}

    func note(_ message: String) { logger.info("\(message)") }
}
