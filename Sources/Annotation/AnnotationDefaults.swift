import TouchCore

/// Annotation's tunables, named once (as Flutter keeps its gesture constants in one file).
/// The `[annotate]` configuration section overrides most of them.
public enum AnnotationDefaults {
    /// 1€ filter: the cutoff at rest (Hz). Lower smooths slow strokes more.
    public static let filterMinimumCutoff = 2.0
    /// 1€ filter: how the cutoff grows with speed (per logical px/s). Higher lags less.
    public static let filterBeta = 0.1
    /// 1€ filter: the cutoff for the speed estimate (Hz), as in the paper.
    public static let filterDerivativeCutoff = 1.0
    /// Ink stays provisional until its contact moves this far (logical px): a tap leaves no
    /// dot until the tap gestures are settled. The same slop as the tap recognizers'.
    public static let provisionalSlop = GestureDefaults.touchSlop
    /// Undo steps kept per output (the oldest are forgotten first).
    public static let undoLimit = 200
    /// A laser stroke fades out over this long after its contact lifts (seconds).
    public static let laserFade = 1.5
    /// The highlighter's opacity.
    public static let highlighterOpacity = 0.35
    /// Width presets (logical px); the first is the default width.
    public static let widths: [Double] = [4, 8, 16]
    /// The palette; the first is the default colour.
    public static let palette = ["#e53935", "#1e88e5", "#43a047", "#fdd835", "#ffffff", "#000000"]
    /// Samples closer than this to the previous one are dropped (logical px).
    public static let minimumSampleSpacing = 0.5
    /// Points per logical px of curve when a smoothed stroke is fitted with Catmull-Rom splines.
    public static let curveStep = 2.0
    /// The most points one piece between two samples is fitted with: a finger at 60 samples a
    /// second makes pieces far shorter than the 128 px that fills.
    public static let curveStepsPerPiece = 64
    /// An arrow head's length, as a multiple of the stroke width (at least 12 px).
    public static let arrowHeadScale = 4.0
}

extension AnnotationDefaults {
    /// A fingertip's typical contact size (logical px): a reported contact this size draws at
    /// the set width; larger or smaller ones scale it (half to double).
    public static let referenceContactSize = 12.0
    /// A pen's stroke width at the lightest touch, as a share of the set width; full pressure
    /// draws the set width, and the width in between follows the pressure linearly.
    public static let lightestPressureWidth = 0.25
}

/// How far ink can go: what the program can make, and so what a session file may hold. A
/// selection scaled or moved is held within them, and a session that passes them is refused.
extension AnnotationDefaults {
    /// The widest and tallest a selection can be scaled to (logical px): about seven 4K
    /// screens across, and the work of drawing it stays bounded.
    public static let inkExtentLimit = 16_384.0
    /// The widths a sample can have (logical px): a line's width, a stamp's disc, a text's em
    /// size. Scaling stops at either end.
    public static let inkWidths = 0.01...2_048.0
    /// How far from an output's origin ink may lie, either way (logical px).
    public static let inkCoordinateLimit = 65_536.0
}
