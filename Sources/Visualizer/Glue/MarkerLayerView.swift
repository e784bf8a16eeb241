import TouchCore

/// The view the markers are drawn in: full size, user interaction disabled, so it never takes
/// a touch and adds nothing to the overlay's input region.
@MainActor
public final class MarkerLayerView: View {
    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}
