import Annotation
import TouchCore
import TouchscreenInput
import Visualizer

/// Everything a user can configure. Sizes are logical pixels; durations are milliseconds in
/// the file (keys ending in `_ms`) and seconds here; colours are `#RRGGBB` or `#RRGGBBAA`.
public struct Configuration: Equatable, Sendable {
    public var style = VisualizerStyle()
    public var input = Input()
    public var output = Output()
    public var annotate = Annotate()
    /// Longest pause between the taps of a double tap, in seconds.
    public var doubleTapInterval = GestureDefaults.doubleTapInterval
    public var performance = Performance()
    /// The font family of captions and the HUD, as fontconfig names it ("sans": its default sans).
    public var font = "sans"

    public init() {}

    public struct Input: Equatable, Sendable {
        /// Where touches come from.
        public var source = InputSource.wayland
        /// Take touches instead of letting them through.
        public var capture = false
        /// The trace for the replay source.
        public var replayFile = ""
        public var replaySpeed = 1.0
        /// The replay speeds accepted, from the file and from `--speed`.
        public static let replaySpeeds = 0.01...100.0
        public var replayLoops = false
        /// When the libinput source cannot start, carry on with wl_touch instead of exiting.
        public var fallbackToWayland = false
    }

    /// `[performance]`'s keys that an overlay's frame clock, idle memory and presenter take (the
    /// pool sizes are the style's).
    public struct Performance: Equatable, Sendable {
        /// Frames per second at most (0: as fast as the compositor asks).
        public var maximumFrameRate = 0
        /// With nothing shown for this long (seconds), an overlay drops its shm buffers and
        /// shows one transparent pixel instead (0: never).
        public var idleReleaseDelay = 2.0
        /// How markers, ripples and cues reach the screen.
        public var renderer = RendererChoice.auto
    }

    /// Annotation: drawing ink on the overlay.
    public struct Annotate: Equatable, Sendable {
        /// The mode every overlay starts in (`touchlight annotate` starts in pass mode).
        public var mode = AnnotationMode.off
        /// Tool, colour, width, smoothing, laser fade and undo depth.
        public var ink = InkDocument.Settings()
        /// Whether a drawing finger also shows its marker.
        public var markersWhileDrawing = true
        /// Two fingers tapping undo, three redo.
        public var tapGestures = true
        /// The mouse buttons that draw while held.
        public var pointerButtons: [PointerButton] = [.left]
        /// Whether the toolbar shows (in draw and pass modes).
        public var toolbar = true
        /// Whether a pen hovering in draw mode shows where it would draw (`PenHover`).
        public var penHover = true
        /// Which contacts are palms: none of them draws while a pen is near (`PalmRule`).
        public var palm = PalmRule()
        /// The page under the ink at start.
        public var board = Board.off
        /// What a restart brings back.
        public var keep = InkKeeping.session
        /// The spotlight (`[spotlight]`): whether it shows at start, how much it dims, its radius.
        public var spotlight = SpotlightSettings()
        /// The most the zoom magnifies (`[zoom] maximum`).
        public var zoomMaximum = AnnotationDefaults.zoomRange.upperBound
        /// The toolbar's colours.
        public var palette: [Color] = AnnotationDefaults.palette.compactMap { Color(hex: $0) }
    }

    /// `[spotlight]`: the screen dimmed except a soft circle around the newest touch.
    public struct SpotlightSettings: Equatable, Sendable {
        public var isOn = false
        public var dim = AnnotationDefaults.spotlightDim
        public var radius = AnnotationDefaults.spotlightRadius

        public init(isOn: Bool = false, dim: Double = AnnotationDefaults.spotlightDim, radius: Double = AnnotationDefaults.spotlightRadius) {
            (self.isOn, self.dim, self.radius) = (isOn, dim, radius)
        }
    }

    /// A mouse button, by name.
    public enum PointerButton: String, CaseIterable, Sendable {
        case left, right, middle

        /// Its evdev code (linux/input-event-codes.h), as wl_pointer reports it.
        public var code: UInt32 {
            switch self {
            case .left: 0x110
            case .right: 0x111
            case .middle: 0x112
            }
        }
    }

    public struct Output: Equatable, Sendable {
        /// Output names to show markers on; empty means every output.
        public var only: [String] = []
        /// For the libinput source: the output the touchscreen is mapped to ("" picks the built-in panel).
        public var touchscreenOutput = ""
        /// For the libinput source: the touchscreen's rotation relative to the output (nil,
        /// written "auto": the output's own transform).
        public var transform: OutputTransform?
    }
}

/// Where touches come from.
/// How an overlay puts the visualizer on screen (`[performance] renderer`).
public enum RendererChoice: String, CaseIterable, Sendable {
    /// Pixels in the overlay's full-size buffers, drawn with pixman where they changed.
    case canvas
    /// Pooled subsurfaces with small pre-rendered buffers, moved and blended by the compositor.
    case sprites
    /// OpenGL ES 2 through EGL: every item a shader-drawn quad, the ink a texture.
    case gles
    /// GLES where a GPU draws it, else the canvas (see docs/benchmarks.md).
    case auto
}

public enum InputSource: String, CaseIterable, Sendable {
    /// wl_touch: touches on the overlay itself (with capture).
    case wayland
    /// The touchscreens, read directly while touches pass through to the applications.
    case libinput
    /// A recorded trace (`[input] replay_file`).
    case replay
}

/// `[annotate] keep`: whether the ink outlives the process.
public enum InkKeeping: String, CaseIterable, Sendable {
    /// Every page of ink on every output, the board, the page, the tool, colour and width are
    /// saved within a second of each change and come back at the next start.
    case session
    /// Nothing is kept: each start is clean.
    case none
}
