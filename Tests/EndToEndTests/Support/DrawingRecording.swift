import Foundation
import HeadlessSession
import Testing

/// `touchlight record TRACE --mode draw --config CONFIG --verbose` on a desktop, with a
/// configuration of its own: how the pen, palm, select and phoc tests start touchlight drawing
/// on emulated devices, and how they end it.
struct DrawingRecording {
    let touchlight: SessionProcess
    private let log: Pipe
    /// The trace it writes at exit, and its configuration file (in the desktop's session
    /// directory, for a replay to use too).
    let trace: String, config: String
    /// What it printed until its first frame; `finish()` adds the rest.
    private(set) var printed: String

    /// Writes `config` and starts recording into `name`.trace, once its first frame is up
    /// (the overlay is mapped: a pen or a finger finds it).
    init(on desktop: Desktop, config: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.config = desktop.runtimeDirectory.appendingPathComponent("touchlight.toml").path
        try config.write(toFile: self.config, atomically: true, encoding: .utf8)
        trace = desktop.runtimeDirectory.appendingPathComponent("\(name).trace").path
        log = Pipe()
        touchlight = try desktop.start(Desktop.touchlight.path, ["record", trace, "--mode", "draw", "--config", self.config, "--verbose"], stderr: log)
        printed = waitForLine(in: log, containing: "first frame committed", sourceLocation: sourceLocation)
    }

    /// Waits until it has printed `text` `times` times (its --verbose lines tell each touch).
    mutating func waitFor(_ text: String, times: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        printed += waitForLine(in: log, containing: text, times: times, sourceLocation: sourceLocation)
    }

    /// Ends it with SIGTERM: whether it exited with status 0 (it writes the trace then), and
    /// everything it printed.
    mutating func finish() -> (succeeded: Bool, printed: String) {
        touchlight.terminate()
        printed += waitForExit(touchlight, timeout: 5) ? drain(log) : "did not exit"
        return (touchlight.terminationStatus == 0, printed)
    }
}
