import TouchCore

/// Every size, duration, colour and opacity the visualizer uses. Sizes are logical units,
/// durations seconds. The configuration file maps onto this.
public struct VisualizerStyle: Equatable, Sendable {
    // Markers
    /// Radius of the marker disc: larger than a fingertip, so it shows around the finger.
    public var markerRadius = 30.0
    public var ringWidth = 3.0
    /// When set, `markerRadius` is this share of the output's shorter side (0.025: 2.5%),
    /// resolved on each frame's bounds, so a marker is the same share of a recording made at
    /// any resolution. Likewise `ringWidthShare` for `ringWidth`.
    public var markerRadiusShare: Double?
    public var ringWidthShare: Double?
    /// Colour per finger slot; finger 1 takes the first. Slots beyond the palette wrap around.
    public var palette: [Color] = [
        Color(hex: "#3D8BFF")!, Color(hex: "#FF5C5C")!, Color(hex: "#3DDC84")!, Color(hex: "#FFB020")!,
        Color(hex: "#B46CFF")!, Color(hex: "#00C8D7")!, Color(hex: "#FF6FB5")!, Color(hex: "#A0D911")!,
        Color(hex: "#FF8A3D")!, Color(hex: "#8C9EFF")!,
    ]
    /// Opacity of the disc fill (the ring is drawn at `ringOpacity`).
    public var fillOpacity = 0.35
    public var ringOpacity = 0.95
    /// A dark outline that keeps markers visible on light backgrounds; 0 turns it off.
    public var shadowOpacity = 0.35
    /// A thin outline around the ring in black or white, whichever contrasts more with the
    /// marker's colour, so markers read on any background and in compressed video.
    public var markerOutline = false
    /// Draw the contact ellipse when the input reports a contact shape.
    public var showContactShape = true

    // Ripples
    public var ripplesEnabled = true
    /// Distance travelled between two ripples (not events, so every device looks alike).
    public var rippleSpacing = 28.0
    public var rippleDuration = 0.4
    /// Scale a ripple shrinks to, relative to the marker radius, as it fades to nothing.
    public var rippleEndScale = 0.2
    public var rippleOpacity = 0.6
    /// The most ripples one move may leave: a finger that jumps far in one event gets a trail
    /// of this many at its end, so no move costs more than a bounded amount of work.
    public var maximumRipplesPerMove = 32

    // Fades
    /// How long a lifted or cancelled finger's marker takes to fade out.
    public var liftFadeDuration = 0.3
    /// A marker whose touch sends nothing for this long fades out (a lost up event).
    public var staleTimeout = 5.0
    /// A marker stays fully shown at least this long after its finger went down, however
    /// short the touch: a 60 ms tap would otherwise land in at most two frames of a 30 fps
    /// recording. The default, 120 ms, is four such frames.
    public var minimumVisibleDuration = 0.12

    // Gesture cues
    public var showCues: Set<GestureKind> = Set(GestureKind.allCases)
    public var cueColor = Color.white
    public var cueDuration = 0.45
    /// The long press fill starts this long after the press (so quick taps show no arc); it
    /// completes when the long-press recognizer's press is due.
    public var longPressArcDelay = 0.15
    /// How long a finger rests before it is a long press (applied to the recognizers through
    /// `GestureSettings`).
    public var longPressDuration = GestureDefaults.longPressDuration
    public var cueLineWidth = 3.0
    /// What each gesture's caption says, and how captions look.
    public var captions = CaptionStyle()
    /// The pointer-location HUD (`--hud`).
    public var hud = HUDStyle()

    // Pools
    public var maximumMarkers = 20
    public var maximumRipples = 256
    public var maximumCues = 32

    public init() {}

    /// The style with its relative sizes resolved for an output whose shorter side is `side`
    /// logical px (radius at least 1 px, ring width at least 0.5, captions at least 4 px).
    public func resolved(shorterSide side: Double) -> VisualizerStyle {
        var style = self
        if let share = markerRadiusShare, side.isFinite { style.markerRadius = max(1, share * side) }
        if let share = ringWidthShare, side.isFinite { style.ringWidth = max(0.5, share * side) }
        if let share = captions.sizeShare, side.isFinite { style.captions.size = max(4, share * side) }
        return style
    }

    /// The colour of finger slot `slot` (0-based).
    public func color(forSlot slot: Int) -> Color {
        palette.isEmpty ? .white : palette[slot % palette.count]
    }
}
