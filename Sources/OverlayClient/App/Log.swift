import Glibc
import Logging
import Annotation
import TouchCore

/// swift-log output for touchlight: one line per message on standard error, prefixed with
/// the program's name. Levels: --quiet shows errors only, the default adds notices, --verbose
/// adds debug (each touch with its hit-test trace).
struct StandardErrorLogHandler: LogHandler {
    var logLevel: Logger.Level = .notice
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let prefix = event.level >= .error ? "touchlight: error: " : "touchlight: "
        printError(prefix + event.message.description)
    }

    /// A logger at the level the flags ask for.
    static func logger(verbose: Bool, quiet: Bool) -> Logger {
        var logger = Logger(label: "touchlight") { _ in StandardErrorLogHandler() }
        logger.logLevel = quiet ? .error : (verbose ? .debug : .notice)
        return logger
    }
}

/// What --verbose says of a touch that began, ended or was cancelled in an event ("touch 3
/// ended at (200.0, 300.0)"), or nil for a move. The overlay adds the hit-test trace; the
/// recorder without an overlay prints it alone. Tests wait for these lines.
@MainActor
func verboseLine(for touch: Touch) -> String? {
    switch touch.phase {
    case .began: "touch \(touch.sourceID) began at \(touch.location(in: nil))"
    case .ended: "touch \(touch.sourceID) ended at \(touch.location(in: nil))"
    case .cancelled: "touch \(touch.sourceID) cancelled"
    default: nil
    }
}

extension Logger {
    /// At debug level (--verbose): each touch's begin with the hit-test trace that placed it,
    /// and its end. Touch positions are logged only then, when the user asked for them.
    @MainActor
    func touches(in event: TouchEvent, on outputName: String, window: Window) {
        guard logLevel <= .debug else { return }
        for touch in event.allTouches.sorted(by: { $0.sourceID < $1.sourceID }) {
            guard let line = verboseLine(for: touch) else { continue }
            debug("\(line)\(touch.phase == .began ? " on \(outputName)" : "")")
            if touch.phase == .began {
                for line in window.traceHitTest(at: touch.location(in: nil)).description.split(separator: "\n") { debug("  \(line)") }
            } else if touch.phase == .ended, let ink = touch.view as? InkView {
                debug("  ink on \(outputName): \(ink.document.strokes.count) strokes")
            }
        }
    }
}
