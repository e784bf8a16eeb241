import Annotation
import Logging
import TouchCore

/// What the overlay logs: notes, and with --verbose each touch with the hit-test that placed it.
extension App {
    /// At debug level (--verbose): each touch's begin with the hit-test trace that placed it,
    /// and its end. Touch positions are logged only then, when the user asked for them.
    func log(_ event: TouchEvent, on outputName: String, window: Window) {
        guard logger.logLevel <= .debug else { return }
        for touch in event.allTouches.sorted(by: { $0.sourceID < $1.sourceID }) {
            guard let line = verboseLine(for: touch) else { continue }
            switch touch.phase {
            case .began:
                logger.debug("\(line) on \(outputName)")
                for line in window.traceHitTest(at: touch.location(in: nil)).description.split(separator: "\n") {
                    logger.debug("  \(line)")
                }
            case .ended:
                logger.debug("\(line)")
                if let ink = touch.view as? InkView {
                    logger.debug("  ink on \(outputName): \(ink.document.strokes.count) strokes")
                }
            default: logger.debug("\(line)")
            }
        }
    }

    func note(_ message: String) {
        logger.notice("\(message)")
    }

}
