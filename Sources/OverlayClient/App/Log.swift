import Glibc
import Logging

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
