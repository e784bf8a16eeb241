import TouchCore

/// Pinch: while two fingers pinch, a line joins them and a ring passes through both; captioned
/// with the scale, near their midpoint.
enum Pinch: GestureDescription {
    static let name = "pinch"
    static let isLive = true
    static let measures: Set<CaptionFormat.Value> = [.scale]
    static let defaultCaption = "pinch ×{scale}"
    static let lineOpacity = 0.9
    static let ringOpacity = 0.7

    static func captionAnchor(of cue: Cue, trail: ArraySlice<Point>) -> Point { midpoint(cue) }

    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        let width = frame.style.cueLineWidth
        add(0, cue.a, .line(to: cue.b, width: width), lineOpacity * frame.fade)
        add(1, midpoint(cue), .ring(radius: cue.a.distance(to: cue.b) / 2, width: width), ringOpacity * frame.fade)
    }

    private static func midpoint(_ cue: Cue) -> Point { Point(x: (cue.a.x + cue.b.x) / 2, y: (cue.a.y + cue.b.y) / 2) }

    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens) {
        gestures.observe(gestures.pinch) { [unowned lens] r in
            let visualizer = lens.visualizer
            if r.isFinished || r.numberOfTouches < 2 { visualizer.endCue(.pinch, time: lens.now); return }
            visualizer.updatePinch(r.location(ofTouch: 0, in: nil), r.location(ofTouch: 1, in: nil), time: lens.now)
            visualizer.caption(.pinch, CaptionMeasures { $0.scale = r.scale })
        }
    }
}

extension TouchVisualizer {
    /// Pinch in progress: a line joining the fingers and a circle through them.
    public func updatePinch(_ first: Point, _ second: Point, time: Double) {
        guard let slot = liveCue(.pinch) ?? addCue(Cue(kind: .pinch, start: time)) else { return }
        cues[slot].a = first
        cues[slot].b = second
        cues[slot].lastUpdate = time
    }
}
