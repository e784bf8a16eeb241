import TouchCore

/// What a view that changes UIKit's hit-testing changed, stated as data, so that the overlay's
/// input region can be computed from frames (`InputRegion`) instead of by hit-testing a grid.
/// Every view that overrides `point(inside:with:)` or `hitTest(_:with:)` adopts it and says the
/// same thing here; `InputRegionPropertyTests` holds the two to each other over random trees.
@MainActor
public protocol HitArea: View {
    /// Where `point(inside:with:)` answers true, in the view's own coordinates.
    var touchArea: Rect { get }
    /// True for a container whose `hitTest` never answers the view itself, only its subviews:
    /// the touches that miss them go through, to the apps below.
    var passesTouchesThrough: Bool { get }
}
