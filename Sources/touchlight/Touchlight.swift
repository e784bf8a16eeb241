import Annotation
import ArgumentParser
import FoundationEssentials
import Glibc
import OverlayClient
import Stage
import TouchCore
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
            compositor with wlr-layer-shell: verified on sway, KDE Plasma, Mir and phoc (Phosh); others \
            that offer it (Hyprland, wayfire, river, labwc) are not verified (docs/compositors.md).

            `touchlight` alone runs the overlay (the `run` subcommand).
            """,
        version: touchlightVersion,
        subcommands: [RunCommand.self, Annotate.self, Ctl.self, Record.self, RenderCommand.self, CalibrateCommand.self, Demo.self, DoctorCommand.self, ConfigCommand.self],
        defaultSubcommand: RunCommand.self)
}

/// Runs the overlay (what `touchlight` alone does).
struct RunCommand: ParsableCommand {
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
        try launch { try overlay.makeOptions() }
    }
}

/// `touchlight annotate`: the overlay in pass mode, ready to draw.
struct Annotate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the overlay for drawing on the screen: markers, plus ink that several fingers draw at once.",
        discussion: """
            Starts in pass mode: the ink stays on screen and every touch reaches the applications \
            below. In draw mode (--mode draw, or `[annotate] mode`) every touch draws: ten \
            fingers, ten strokes; a two-finger tap undoes and a three-finger tap redoes. The \
            tool, colour and width come from the `[annotate]` section of the configuration.
            """)

    @OptionGroup var overlay: OverlayOptions

    func run() throws {
        try launch { try overlay.makeOptions(mode: overlay.mode ?? AnnotationMode.pass.name) }
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
            then, in the format `--replay` and `render` read.

            With --no-overlay there is no overlay and no Wayland connection at all: the \
            touchscreens are read through libinput, on GNOME, on X11 or on a text console, and \
            touches map to the built-in panel's native size (--output-size to choose). Render \
            the trace afterwards with `touchlight render`.
            """)

    @Argument(help: ArgumentHelp("The trace file to write.", valueName: "file"))
    var file: String

    @Flag(help: "Record the touchscreens without an overlay or a compositor (GNOME, X11, a console).")
    var noOverlay = false

    @Option(help: ArgumentHelp("With --no-overlay: the size touches map to, WIDTHxHEIGHT (default: the panel's native size).", valueName: "WxH"))
    var outputSize: String?

    @OptionGroup var overlay: OverlayOptions

    func validate() throws {
        guard noOverlay else {
            if outputSize != nil { throw ValidationError("--output-size goes with --no-overlay (the overlay takes its output's size).") }
            return
        }
        if let outputSize, RenderCommand.parseSize(outputSize) == nil {
            throw ValidationError("--output-size must be WIDTHxHEIGHT with each from 1 to \(RenderGeometry.maximumSide), such as 1920x1080, not \(outputSize).")
        }
        if overlay.capture || overlay.mode != nil || (overlay.source ?? "libinput") != "libinput" {
            throw ValidationError("--no-overlay reads the touchscreens through libinput; --capture, --mode and --source wayland need the overlay.")
        }
    }

    func run() throws {
        guard noOverlay else { return try launch { try overlay.makeOptions(record: file) } }
        var request = HeadlessRecorder.Request(path: file)
        request.outputSize = outputSize.flatMap(RenderCommand.parseSize).map { Size(width: Double($0.width), height: Double($0.height)) }
        request.libinputReplay = overlay.replay
        request.configuration = try readConfiguration(explicit: overlay.config).configuration
        request.verbose = overlay.verbose
        request.quiet = overlay.quiet
        let status = MainActor.assumeIsolated { () -> Int32 in
            do { return try HeadlessRecorder(request).run() } catch {
                printToStandardError("touchlight: \(error)")
                return 1
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// The options of `run` and `record`.
struct OverlayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read the configuration from this file.", valueName: "path"))
    var config: String?

    @Flag(help: "Take touches instead of letting them through to the applications below (Escape ends it).")
    var capture = false

    @Flag(help: "Show the pointer-location HUD: contact counts, the primary contact's position, travel, velocity, pressure and size, a crosshair through each finger and the gesture's paths.")
    var hud = false

    @Option(help: ArgumentHelp("Annotation mode at start: \(AnnotationMode.names.joined(separator: ", ")).", valueName: "mode"))
    var mode: String?

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

    @Flag(help: "Start with no ink: the saved session is not shown (it stays as it is until something is drawn, which is then saved in its place).")
    var fresh = false

    @Option(help: ArgumentHelp("Start with the pages of this session (one `touchlight ctl save --session` wrote); what is drawn is saved to the usual session, not to it.", valueName: "file"))
    var open: String?

    func validate() throws {
        let speeds = Configuration.Input.replaySpeeds
        if let speed, !speeds.contains(speed) {
            throw ValidationError("--speed must be a number from \(format(speeds.lowerBound)) to \(format(speeds.upperBound)), not \(speed).")
        }
        if verbose && quiet { throw ValidationError("--verbose and --quiet contradict each other; pick one.") }
        if fresh && open != nil { throw ValidationError("--fresh and --open contradict each other; pick one.") }
        if let mode, AnnotationMode(rawValue: mode) == nil {
            throw ValidationError("--mode must be one of \(AnnotationMode.names.joined(separator: ", ")), not \(mode).")
        }
        if let source, !["wayland", "libinput"].contains(source) {
            throw ValidationError("--source must be wayland or libinput, not \(source) (a replay is chosen with --replay FILE).")
        }
    }

    /// The options: flags over the configuration file over the defaults.
    func makeOptions(record: String? = nil, mode: String? = nil) throws -> Options {
        let (file, path) = try readConfiguration(explicit: config)
        var overrides = Overrides()
        overrides.capture = capture
        overrides.hud = hud
        overrides.mode = (mode ?? self.mode).flatMap(AnnotationMode.init(rawValue:))
        overrides.source = source.flatMap(InputSource.init(rawValue:))
        overrides.replayPath = replay
        overrides.replaySpeed = speed
        overrides.replayLoops = loops
        overrides.verbose = verbose
        overrides.quiet = quiet
        overrides.statistics = statistics
        overrides.configurationPath = path
        overrides.recordPath = record
        overrides.fresh = fresh
        overrides.openSession = open
        // record takes touches from the overlay unless they come from a replay, the touchscreens,
        // or (on GNOME) the Shell extension, which hands over every touch.
        if record != nil, replay == nil, !App.startedByShellExtension, (overrides.source ?? file.input.source) == .wayland { overrides.capture = true }
        return Options(file: file, overrides: overrides)
    }
}

/// Runs the overlay program; a failure to start prints its reason and exits 1 (78 where the
/// desktop cannot host the overlay: no wlr-layer-shell). SIGINT and
/// SIGTERM are handled from before the configuration is read, so a signal while starting ends
/// it with 0, as at any other time.
func launch(_ makeOptions: () throws -> Options) throws {
    _ = try MainActor.assumeIsolated { try ExitSignals.handle() }
    let options = try makeOptions()
    let status = MainActor.assumeIsolated { () -> Int32 in
        do {
            return try App(options: options).run()
        } catch where isRequestedStop(error) {
            return 0
        } catch {
            printToStandardError("touchlight: \(error)")
            return exitStatus(startingAfter: error)
        }
    }
    if status != 0 { throw ExitCode(status) }
}
