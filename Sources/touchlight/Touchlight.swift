import ArgumentParser
import OverlayClient

/// `touchlight`: shows every touch on screen, above every window, on every output.
@main
struct Touchlight: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchlight",
        abstract: "Show every touch on a Wayland desktop: markers, ripple trails and gesture cues.",
        discussion: """
            Touchlight puts a transparent overlay on every output, above every window, and draws a \
            marker for each finger, a short ripple trail as it moves, and a cue for each recognized \
            gesture (tap, double tap, long press, pan, pinch, rotate, swipe, edge swipe).

            By default the overlay lets every touch through to the applications below. It needs a \
            compositor with wlr-layer-shell (sway, Hyprland, wayfire, river, labwc, KDE, Mir).

            Input sources: with --capture, the overlay takes the touches itself (Escape lets them \
            through again); with --replay, it plays a recorded trace.
            """,
        version: "0.1.0")

    @Flag(help: "Take touches instead of letting them through to the applications below (Escape ends it).")
    var capture = false

    @Option(help: ArgumentHelp("Play a recorded touch trace.", valueName: "file"))
    var replay: String?

    @Option(help: "Playback speed for --replay (2 plays twice as fast).")
    var speed: Double = 1

    @Flag(name: .customLong("loop"), help: "Start --replay over when it ends.")
    var loops = false

    @Flag(name: .shortAndLong, help: "Log each touch, with the hit-test trace that placed it.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(help: "On exit, print input-to-commit latency and wakeups since the last frame.")
    var statistics = false

    func validate() throws {
        guard speed > 0, speed.isFinite else { throw ValidationError("--speed must be a positive number, not \(speed).") }
        if verbose && quiet { throw ValidationError("--verbose and --quiet contradict each other; pick one.") }
    }

    func run() throws {
        var options = Options()
        options.capture = capture
        options.replayPath = replay
        options.replaySpeed = speed
        options.replayLoops = loops
        options.verbose = verbose
        options.quiet = quiet
        options.statistics = statistics
        let status = try MainActor.assumeIsolated { () throws -> Int32 in
            do {
                return try App(options: options).run()
            } catch {
                printToStandardError("touchlight: \(error)")
                return 1
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
