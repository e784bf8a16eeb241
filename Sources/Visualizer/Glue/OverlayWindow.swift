import TouchCore

/// The TouchCore window of one overlay surface. It keeps the marker layer frontmost whenever
/// its tree changes, and observes every event it is sent (as iOS touch visualizers override
/// `sendEvent`): each touch drives a marker, and the gesture lens turns gestures into cues.
///
/// Its hit-testing defines the surface's input region: by default nothing is hit (the marker
/// layer is not interactive), so every touch reaches the apps below. In capture mode the
/// full-size `captureSurface` takes touches.
@MainActor
public final class OverlayWindow: Window, HitArea {
    public let markerLayer: MarkerLayerView
    /// A full-size view that is hit only while capturing.
    public let captureSurface: View
    public let visualizer: TouchVisualizer
    public let lens: GestureLens
    /// Touches on this view get no marker and no gesture cue (drawing fingers, when so
    /// configured).
    public weak var viewWithoutMarkers: View?
    /// Sees every event after the markers and cues do (the spotlight follows touches with it).
    public var observeEvent: ((TouchEvent) -> Void)?

    /// Whether the overlay takes touches itself instead of letting them through.
    public var isCapturing: Bool {
        get { captureSurface.isUserInteractionEnabled }
        set { captureSurface.isUserInteractionEnabled = newValue }
    }

    public init(size: Size, style: VisualizerStyle = VisualizerStyle(), scheduler: Scheduler) {
        let bounds = Rect(origin: .zero, size: size)
        markerLayer = MarkerLayerView(frame: bounds)
        captureSurface = View(frame: bounds)
        captureSurface.isUserInteractionEnabled = false
        captureSurface.isMultipleTouchEnabled = true
        visualizer = TouchVisualizer(style: style)
        lens = GestureLens(size: size, scheduler: scheduler, visualizer: visualizer)
        super.init(frame: bounds)
        addSubview(captureSurface)
        addSubview(markerLayer)
    }

    /// Follows a new surface size (a configure event).
    public func resize(to size: Size) {
        frame = Rect(origin: .zero, size: size)
        captureSurface.frame = bounds
        markerLayer.frame = bounds
        lens.resize(to: size)
    }

    /// The window itself never takes a touch: only views in it that are interactive do.
    public override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }

    public var touchArea: Rect { bounds }
    public var passesTouchesThrough: Bool { true }

    public override func viewTreeDidChange() {
        if let last = subviews.last, last !== markerLayer, markerLayer.superview === self {
            bringSubviewToFront(markerLayer)
        }
    }

    public override func sendEvent(_ event: TouchEvent) {
        super.sendEvent(event)
        visualize(event)
        lens.feed(event, ignoring: viewWithoutMarkers)
        observeEvent?(event)
    }

    private func visualize(_ event: TouchEvent) {
        // New fingers in id order, so simultaneous downs take palette slots predictably (sorted
        // only when there are any: frames of moves allocate nothing here).
        if event.allTouches.contains(where: { $0.phase == .began }) {
            let began = event.allTouches.filter { $0.phase == .began && !isUnmarked($0) }.sorted { $0.sourceID < $1.sourceID }
            for touch in began {
                visualizer.touchDown(key: touch.sourceID, at: touch.location(in: nil), time: touch.timestamp,
                                     shape: Self.shape(of: touch), pressure: touch.force)
            }
        }
        for touch in event.allTouches where !isUnmarked(touch) {
            switch touch.phase {
            case .moved:
                visualizer.touchMoved(key: touch.sourceID, to: touch.location(in: nil), time: touch.timestamp,
                                      shape: Self.shape(of: touch), pressure: touch.force)
            case .ended: visualizer.touchUp(key: touch.sourceID, time: touch.timestamp)
            case .cancelled: visualizer.touchCancelled(key: touch.sourceID, time: touch.timestamp)
            default: break
            }
        }
    }

    private func isUnmarked(_ touch: Touch) -> Bool {
        viewWithoutMarkers.map { touch.view === $0 } ?? false
    }

    private static func shape(of touch: Touch) -> ContactShape? {
        guard let major = touch.majorRadius, let minor = touch.minorRadius else { return nil }
        return ContactShape(major: major, minor: minor, orientation: touch.orientation ?? 0)
    }
}
