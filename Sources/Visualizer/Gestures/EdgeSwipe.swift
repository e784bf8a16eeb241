import Glibc  // cos, sin
import TouchCore

/// Edge swipe: while a finger pulls in from an edge, a bar lies along that edge and an arrow
/// points inwards; captioned with the edge and the distance, where the finger is.
enum EdgeSwipe: GestureDescription {
    static let name = "edge-swipe"
    static let isLive = true
    static let measures: Set<CaptionFormat.Value> = [.edge, .distance]
    static let defaultCaption = "edge swipe from {edge}"
    /// The bar along the edge, across the direction of travel (logical px).
    static let barHalfLength = 60.0
    static let barWidth = 6.0
    static let barOpacity = 0.8

    static func captionAnchor(of cue: Cue, trail: ArraySlice<Point>) -> Point { cue.b }

    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        let direction = Swipe.drawArrow(from: cue.a, to: cue.b, frame, add: add)
        let across = direction + .pi / 2
        let p = Point(x: cue.a.x + barHalfLength * cos(across), y: cue.a.y + barHalfLength * sin(across))
        let q = Point(x: cue.a.x - barHalfLength * cos(across), y: cue.a.y - barHalfLength * sin(across))
        add(3, p, .line(to: q, width: barWidth), barOpacity * frame.fade)
    }

    @MainActor static func setUp(_ gestures: StandardGestureSet) {
        gestures.edgePan.edges = .all
    }

    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens) {
        gestures.observe(gestures.edgePan) { [unowned lens] r in
            let visualizer = lens.visualizer
            if r.isFinished { visualizer.endCue(.edgeSwipe, time: lens.now); return }
            let end = r.location(in: nil), moved = r.translation(in: nil)
            visualizer.updateEdgeSwipe(from: Point(x: end.x - moved.x, y: end.y - moved.y), to: end, time: lens.now)
            visualizer.caption(.edgeSwipe, CaptionMeasures {
                $0.edge = r.recognizedEdge ?? .left
                $0.distance = (moved.x * moved.x + moved.y * moved.y).squareRoot()
            })
        }
    }
}

extension TouchVisualizer {
    /// Edge swipe in progress: a bar along the edge and an arrow inwards.
    public func updateEdgeSwipe(from start: Point, to end: Point, time: Double) {
        guard let slot = liveCue(.edgeSwipe) ?? addCue(Cue(kind: .edgeSwipe, start: time, a: start)) else { return }
        cues[slot].b = end
        cues[slot].lastUpdate = time
    }
}
