/// The gesture cues' shapes, named once (as Flutter names its gesture tunables in
/// `constants.dart`). Lengths are logical px, growth is in marker radii, opacities multiply
/// the cue's fade, and widths are added to the style's `cueLineWidth`.
enum CueShapes {
    /// How far a tap's ring grows past the marker as it fades.
    static let tapGrowth = 0.8
    /// A long press's ring: a bigger burst than a tap's.
    static let longPressGrowth = 1.2
    /// A double tap's two rings: the first grows this far, each next one this much further,
    /// starting this many seconds after the one before.
    static let doubleTapGrowth = 0.6
    static let doubleTapGrowthStep = 0.5
    static let doubleTapRingDelay = 0.1

    static let panTrailOpacity = 0.8
    static let pinchLineOpacity = 0.9
    /// The ring through both fingers of a pinch.
    static let pinchRingOpacity = 0.7
    static let rotationArcOpacity = 0.9
    static let rotationArcExtraWidth = 1.0

    /// How much longer a swipe's arrow grows as it fades, as a share of the swipe.
    static let swipeOvershoot = 0.4
    static let arrowOpacity = 0.9
    static let arrowExtraWidth = 1.0
    /// An arrow head's two strokes: this long, turned this far (radians) from the arrow.
    static let arrowHeadLength = 18.0
    static let arrowHeadTurn = 2.6

    /// The bar along the edge an edge swipe came from, across its direction of travel.
    static let edgeBarHalfLength = 60.0
    static let edgeBarWidth = 6.0
    static let edgeBarOpacity = 0.8
}
