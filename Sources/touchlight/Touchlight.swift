import ArgumentParser
import Foundation
import OverlayClient
import TouchlightConfig

/// `touchlight`: shows every touch on screen, above every window, on every output.
@main
struct Touchlight: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchlight",
        abstract: "Show every touch on a Wayland desktop: markers, ripple trails and gesture cues.",
        discussion: """
            Touchlight puts a transparent overlay on every output, above every window, and draws a \
            marker for each finger, a short ripple trail as it moves, and a cue for each recognized \
            gesture (tap, double tap, long press, pan, pinch, rotate, swipe, edge swipe). It needs a \
            compositor with wlr-layer-shell (sway, Hyprland, wayfire, river, labwc, KDE, Mir).

            `touchlight` alone runs the overlay (the `run` subcommand).
            """,
        version: "0.1.0",
        subcommands: [Overlay.self, Record.self, Demo.self, DoctorCommand.self, ConfigCommand.self],
        defaultSubcommand: Overlay.self)
}

/// Runs the overlay (what `touchlight` alone does).
struct Overlay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the overlay: markers for every touch, on every output.",
        discussion: """
            By default the overlay lets every touch through to the applications below. With \
            --capture it takes the touches itself (Escape lets them through again); with --replay \
            it plays a recorded trace.

            Settings come from the configuration file (see `touchlight config path` and \
            `touchlight config default`), which is reloaded when it changes; the flags here \
            override it.
            """)

    @OptionGroup var overlay: OverlayOptions

    func run() throws {
        try launch(overlay.makeOptions())
    }
}

/// `touchlight record FILE`: the overlay, recording every touch into a trace file.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the overlay and record every touch into a trace file, written on exit.",
        discussion: """
            Touches are taken from the overlay (capture mode) unless --replay is given (what is \
            replayed is recorded) or --source libinput (the touchscreens are read directly, and \
            touches go on to the applications). Stop with Ctrl-C or SIGTERM; the file is written \
            then, in the format `--replay` reads.
            """)

    @Argument(help: ArgumentHelp("The trace file to write.", valueName: "file"))
    var file: String

    @OptionGroup var overlay: OverlayOptions

    func run() throws {
        var options = try overlay.makeOptions()
        options.recordPath = file
        // Touches are taken from the overlay unless they come from a replay or the touchscreens.
        if overlay.replay == nil && options.source != "libinput" {
            options.capture = true
            options.captureForcedByFlag = true
        }
        try launch(options)
    }
}

/// The options of `run` and `record`.
struct OverlayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read the configuration from this file.", valueName: "path"))
    var config: String?

    @Flag(help: "Take touches instead of letting them through to the applications below (Escape ends it).")
    var capture = false

    @Option(help: ArgumentHelp("Where touches come from: wayland (wl_touch) or libinput (touchscreens read directly, while touches pass through to the applications).", valueName: "source"))
    var source: String?

    @Option(help: ArgumentHelp("Play a recorded touch trace (a touch trace or a libinput-shaped one).", valueName: "file"))
    var replay: String?

    @Option(help: "Playback speed for --replay (2 plays twice as fast).")
    var speed: Double?

    @Flag(name: .customLong("loop"), help: "Start --replay over when it ends.")
    var loops = false

    @Flag(name: .shortAndLong, help: "Log each touch, with the hit-test trace that placed it.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(help: "On exit, print input-to-commit latency and wakeups before exit.")
    var statistics = false

    func validate() throws {
        if let speed, !(0.01...100).contains(speed) { throw ValidationError("--speed must be a number from 0.01 to 100, not \(speed).") }
        if verbose && quiet { throw ValidationError("--verbose and --quiet contradict each other; pick one.") }
        if let source, !["wayland", "libinput"].contains(source) {
            throw ValidationError("--source must be wayland or libinput, not \(source) (a replay is chosen with --replay FILE).")
        }
    }

    /// The options: flags over the configuration file over the defaults.
    func makeOptions() throws -> Options {
        var settings = Configuration()
        let path = ConfigurationLocation.path(explicit: config, environment: ProcessInfo.processInfo.environment)
        if let path, config != nil || FileManager.default.fileExists(atPath: path) {
            do { settings = try Configuration(contentsOf: path) } catch {
                printToStandardError("touchlight: the configuration has problems:\n\(error)")
                throw ExitCode(1)
            }
        }
        var options = Options()
        options.style = settings.style
        options.doubleTapInterval = settings.doubleTapInterval
        options.capture = capture || settings.input.capture
        options.captureForcedByFlag = capture
        options.configurationPath = path
        options.replayPath = replay ?? (settings.input.source == "replay" && !settings.input.replayFile.isEmpty ? settings.input.replayFile : nil)
        options.replaySpeed = speed ?? settings.input.replaySpeed
        options.replayLoops = loops || settings.input.replayLoops
        options.onlyOutputs = settings.output.only
        options.touchscreenOutput = settings.output.touchscreenOutput
        options.touchscreenTransform = settings.output.transform == "auto" ? nil : settings.output.transform
        options.maximumFrameRate = settings.maximumFrameRate
        options.verbose = verbose
        options.quiet = quiet
        options.statistics = statistics
        options.source = source ?? (settings.input.source == "libinput" ? "libinput" : "wayland")
        options.fallbackToWayland = settings.input.fallbackToWayland
        return options
    }
}

/// Runs the overlay program; a failure to start prints its reason and exits 1.
func launch(_ options: Options) throws {
    let status = MainActor.assumeIsolated { () -> Int32 in
        do {
            return try App(options: options).run()
        } catch {
            printToStandardError("touchlight: \(error)")
            return 1
        }
    }
    if status != 0 { throw ExitCode(status) }
}
