import TouchCore

/// Tap: a ring that bursts from the finger as it fades; captioned with its fingers and taps.
enum Tap: GestureDescription {
    static let name = "tap"
    static let isLive = false
    static let measures: Set<CaptionFormat.Value> = [.fingers, .taps]
    static let defaultCaption = "tap"
    /// How far the ring grows past the marker as it fades, in marker radii.
    static let growth = 0.8

    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        drawBurst(of: cue, growth: growth, frame, add: add)
    }

    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens) {
        gestures.observe(gestures.tap) { [unowned lens] r in
            guard r.state == .ended else { return }
            lens.visualizer.showTap(at: r.location(in: nil), time: lens.now)
            lens.visualizer.caption(.tap, CaptionMeasures { $0.fingers = r.numberOfTouchesRequired })
        }
    }
}

extension TouchVisualizer {
    /// Tap: a quick ring burst.
    public func showTap(at position: Point, time: Double) {
        addCue(Cue(kind: .tap, start: time, a: position))
    }
}
