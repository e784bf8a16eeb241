import TouchCore

/// A gesture cue on screen. Discrete cues (tap, swipe…) play once from `start`; live cues
/// (pan, pinch, rotation) follow their gesture until `end` is set, then fade.
struct Cue {
    var kind: GestureKind
    var start: Double
    var end: Double?
    /// When a live cue last followed its gesture; one left alone for the style's stale
    /// timeout ends by itself (its gesture's end was lost), as a stale marker does.
    var lastUpdate = -Double.infinity
    /// Kind-specific geometry: positions, radius, angles.
    var a = Point.zero
    var b = Point.zero
    var radius = 0.0
    var angle = 0.0
    var sweep = 0.0
    /// Number of points of a pan trail (stored in the visualizer's trail storage).
    var trailCount = 0
    /// The caption (empty: none) and the measures it was written from.
    var caption = TextLine(size: 0)
    var measures = CaptionMeasures()
    /// When the caption's gesture ended (nil while it goes on); the caption holds, then fades.
    var captionEnd: Double?
    /// When a long press's fingers went down, for its caption's growing duration.
    var pressStart = 0.0

    /// When a live cue that has not ended goes stale.
    func staleDeadline(after timeout: Double) -> Double { max(start, lastUpdate) + timeout }
}
