import Visualizer

/// What `touchlight` was asked to do.
public struct Options: Sendable {
    public var capture = false
    public var replayPath: String?
    public var replaySpeed = 1.0
    public var replayLoops = false
    public var verbose = false
    public var quiet = false
    /// Print input-to-commit latency and idle wakeups on exit.
    public var statistics = false
    public var style = VisualizerStyle()
    /// Longest pause between the taps of a double tap, in seconds.
    public var doubleTapInterval = 0.35
    /// The configuration file to watch and reload while running (nil: none).
    public var configurationPath: String?
    /// Whether --capture was given (it overrides the file's `capture`, also on reload).
    public var captureForcedByFlag = false
    /// Record every touch into this trace file, written on exit.
    public var recordPath: String?
    /// Output names to put overlays on (empty: every output).
    public var onlyOutputs: [String] = []
    /// Frames per second at most (0: as often as the compositor asks).
    public var maximumFrameRate = 0
    /// Touchscreen mapping: the output a touchscreen belongs to ("": the built-in panel) and
    /// its rotation relative to that output (nil: the output's own transform).
    public var touchscreenOutput = ""
    public var touchscreenTransform: String?
    /// "wayland" (wl_touch) or "libinput" (touchscreens read directly, input passes through).
    public var source = "wayland"
    /// When the libinput source cannot start, carry on with wl_touch instead of exiting.
    public var fallbackToWayland = false

    public init() {}
}
