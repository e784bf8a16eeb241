import Annotation
import TouchlightConfig
import TouchscreenInput
import Visualizer

/// What the command line says over the configuration file. Nil and false leave the decision
/// to the file.
public struct Overrides: Sendable, Equatable {
    /// --capture: take touches whatever the file says (also after a reload).
    public var capture = false
    /// --hud: show the pointer-location HUD whatever the file says (also after a reload).
    public var hud = false
    /// --source.
    public var source: InputSource?
    /// --mode, or `touchlight annotate` (pass): the annotation mode at start.
    public var mode: AnnotationMode?
    /// --replay, --speed, --loop.
    public var replayPath: String?
    public var replaySpeed: Double?
    public var replayLoops = false
    public var verbose = false
    public var quiet = false
    /// Print input-to-commit latency and idle wakeups on exit.
    public var statistics = false
    /// `record FILE`: record every touch into this trace file, written on exit.
    public var recordPath: String?
    /// The configuration file to watch and reload while running (nil: none).
    public var configurationPath: String?
    /// `touchlight calibrate`: learn where the compositor puts the touchscreen's touches.
    public var calibrate = false
    /// --fresh: start with no ink, leaving the saved session where it is until the first change.
    public var fresh = false
    /// --open FILE: start with the pages of this saved session (changes go to the usual one).
    public var openSession: String?

    public init() {}
}

/// What the overlay runs with: the configuration file's settings with the command line's
/// overrides. `init(file:overrides:)` is the one merge; launch and live reload both use it, so
/// a setting cannot mean one thing at start and another after a reload.
public struct Options: Sendable {
    /// The file's settings, with the overrides applied to them.
    public private(set) var configuration: Configuration
    public let overrides: Overrides

    public init(file: Configuration = Configuration(), overrides: Overrides = Overrides()) {
        var merged = file
        merged.input.capture = overrides.capture || overrides.calibrate || file.input.capture
        merged.style.hud.isEnabled = overrides.hud || file.style.hud.isEnabled
        merged.input.source = overrides.calibrate ? .libinput : overrides.source ?? file.input.source
        if let path = overrides.replayPath {
            merged.input.source = .replay
            merged.input.replayFile = path
        }
        merged.input.replaySpeed = overrides.replaySpeed ?? file.input.replaySpeed
        merged.input.replayLoops = overrides.replayLoops || file.input.replayLoops
        merged.annotate.mode = overrides.mode ?? file.annotate.mode
        configuration = merged
        self.overrides = overrides
    }

    /// The same overrides over a newly read file (live reload).
    public func reloaded(from file: Configuration) -> Options { Options(file: file, overrides: overrides) }

    public var style: VisualizerStyle { configuration.style }
    public var capture: Bool { configuration.input.capture }
    /// The trace to play, if touches come from one.
    public var replayPath: String? {
        configuration.input.source == .replay && !configuration.input.replayFile.isEmpty ? configuration.input.replayFile : nil
    }
    public var usesLibinput: Bool { configuration.input.source == .libinput }
}
