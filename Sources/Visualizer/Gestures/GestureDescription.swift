import TouchCore

/// Everything one gesture says about itself, in one file per gesture (`Tap.swift`,
/// `Pinch.swift`…): its name in the configuration, whether its cue is live, its caption's
/// measures, default text and anchor, its cue's shapes with their tunables, and how its
/// recognizer is set up and turned into a cue. `GestureKind.description` is the one list;
/// the rules between recognizers (who waits for whom) are `StandardGestureSet`'s.
protocol GestureDescription {
    /// The name the configuration uses (`[gestures] show`, the `[captions]` keys).
    static var name: String { get }
    /// Whether its cue follows the gesture until it ends (then fades), rather than playing
    /// once from the moment it is recognized.
    static var isLive: Bool { get }
    /// The measures its caption may show.
    static var measures: Set<CaptionFormat.Value> { get }
    /// Its caption when the configuration says nothing.
    static var defaultCaption: String { get }
    /// Where its caption goes near.
    static func captionAnchor(of cue: Cue, trail: ArraySlice<Point>) -> Point
    /// How long its shapes show, from its start (discrete) or its end (live).
    static func shapesDuration(_ style: VisualizerStyle) -> Double
    /// Adds its cue's shapes for this frame through `add` (part, centre, shape, opacity).
    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void)
    /// Sets up its recognizers in `gestures` (called once, as the set is made).
    @MainActor static func setUp(_ gestures: StandardGestureSet)
    /// Turns what its recognizers report into cues and captions on `lens`'s visualizer.
    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens)
}

extension GestureDescription {
    @MainActor static func setUp(_ gestures: StandardGestureSet) {}
    static func captionAnchor(of cue: Cue, trail: ArraySlice<Point>) -> Point { cue.a }
    static func shapesDuration(_ style: VisualizerStyle) -> Double { style.cueDuration }

    /// A ring that bursts from the marker as it fades, `growth` marker radii past it (a tap's,
    /// a long press's).
    static func drawBurst(of cue: Cue, growth: Double, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        add(0, cue.a, .ring(radius: frame.style.markerRadius * (1 + growth * Easing.easeOutCubic(frame.progress)),
                            width: frame.style.cueLineWidth), frame.fade)
    }
}

/// What a cue's shapes are drawn with in one frame.
struct CueFrame {
    let style: VisualizerStyle
    let time: Double
    /// 0 → 1 over the cue's fade (`cueDuration`), from its start (discrete) or its end (live).
    let progress: Double
    /// The opacity its shapes fade with: 1 − progress.
    let fade: Double
    /// A pan's trail (empty for other cues).
    let trail: ArraySlice<Point>
}

extension GestureKind {
    /// Its description: the one switch over the gestures.
    var description: any GestureDescription.Type {
        switch self {
        case .tap: Tap.self
        case .doubleTap: DoubleTap.self
        case .longPress: LongPress.self
        case .pan: Pan.self
        case .pinch: Pinch.self
        case .rotation: Rotation.self
        case .swipe: Swipe.self
        case .edgeSwipe: EdgeSwipe.self
        }
    }
}

extension CaptionMeasures {
    /// Measures filled in by `fill`.
    init(_ fill: (inout CaptionMeasures) -> Void) {
        self.init()
        fill(&self)
    }
}

extension GestureRecognizer {
    /// Ended or cancelled.
    var isFinished: Bool { state == .ended || state == .cancelled }
}
