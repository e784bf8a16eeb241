import Glibc  // atan2
import TouchCore

/// Rotation: while two fingers turn, an arc around their midpoint sweeps the angle turned;
/// captioned with the degrees.
enum Rotation: GestureDescription {
    static let name = "rotation"
    static let isLive = true
    static let measures: Set<CaptionFormat.Value> = [.degrees]
    static let defaultCaption = "rotate {degrees}°"
    static let arcOpacity = 0.9
    /// Added to the style's cue line width.
    static let arcExtraWidth = 1.0

    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        add(0, cue.a, .arc(radius: cue.radius, width: frame.style.cueLineWidth + arcExtraWidth, start: cue.angle, sweep: cue.sweep),
            arcOpacity * frame.fade)
    }

    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens) {
        gestures.observe(gestures.rotation) { [unowned lens] r in
            let visualizer = lens.visualizer
            if r.isFinished || r.numberOfTouches < 2 { visualizer.endCue(.rotation, time: lens.now); return }
            visualizer.updateRotation(r.location(ofTouch: 0, in: nil), r.location(ofTouch: 1, in: nil), rotation: r.rotation, time: lens.now)
            visualizer.caption(.rotation, CaptionMeasures { $0.rotation = r.rotation })
        }
    }
}

extension TouchVisualizer {
    /// Rotation in progress: an arc from the starting angle turning by `rotation` radians,
    /// around the fingers' midpoint.
    public func updateRotation(_ first: Point, _ second: Point, rotation: Double, time: Double) {
        let center = Point(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2)
        let angle = atan2(second.y - first.y, second.x - first.x)
        guard let slot = liveCue(.rotation) ?? addCue(Cue(kind: .rotation, start: time, angle: angle - rotation)) else { return }
        cues[slot].a = center
        cues[slot].radius = first.distance(to: second) / 2 + style.markerRadius
        cues[slot].sweep = rotation
        cues[slot].lastUpdate = time
    }
}
