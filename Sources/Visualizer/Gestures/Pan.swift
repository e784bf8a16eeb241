import TouchCore

/// Pan: the trail of the fingers' centroid stays on screen until the pan ends, then fades;
/// captioned with the distance travelled, near the trail's newest point.
enum Pan: GestureDescription {
    static let name = "pan"
    static let isLive = true
    static let measures: Set<CaptionFormat.Value> = [.distance, .fingers]
    static let defaultCaption = "pan {distance} px"
    static let trailOpacity = 0.8
    /// A new trail point only this far (logical px) from the last one.
    static let trailSpacing = 6.0

    static func captionAnchor(of cue: Cue, trail: ArraySlice<Point>) -> Point { trail.last ?? cue.a }

    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        let trail = frame.trail
        guard trail.count > 1 else { return }
        for i in 1..<trail.count {
            let from = trail[trail.startIndex + i - 1], to = trail[trail.startIndex + i]
            add(i, from, .line(to: to, width: frame.style.cueLineWidth), trailOpacity * frame.fade)
        }
    }

    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens) {
        gestures.observe(gestures.pan) { [unowned lens] r in
            let visualizer = lens.visualizer
            if r.isFinished { visualizer.endCue(.pan, time: lens.now); return }
            visualizer.updatePan(at: r.location(in: nil), time: lens.now)
            let moved = r.translation(in: nil)
            visualizer.caption(.pan, CaptionMeasures { $0.distance = (moved.x * moved.x + moved.y * moved.y).squareRoot(); $0.fingers = r.numberOfTouches })
        }
    }
}

extension TouchVisualizer {
    /// Pan in progress: the trail of its centroid stays on screen until the pan ends.
    public func updatePan(at position: Point, time: Double) {
        let slot = liveCue(.pan) ?? addCue(Cue(kind: .pan, start: time))
        guard let slot else { return }
        cues[slot].lastUpdate = time
        var cue = cues[slot]
        let base = slot * trailCapacity
        if cue.trailCount > 0, trailStorage[base + cue.trailCount - 1].distance(to: position) < Pan.trailSpacing { return }
        if cue.trailCount == trailCapacity {
            // Keep the newest points: drop the oldest.
            for i in 1..<trailCapacity { trailStorage[base + i - 1] = trailStorage[base + i] }
            cue.trailCount -= 1
        }
        trailStorage[base + cue.trailCount] = position
        cue.trailCount += 1
        cues[slot] = cue
    }
}
