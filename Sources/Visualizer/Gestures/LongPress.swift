import TouchCore

/// Long press: while pressing, a fill grows in the marker (drawn with it, from
/// `TouchVisualizer.pendingPress`); once recognized, a ring bursts, bigger than a tap's. Its
/// caption counts the seconds held until the fingers lift.
enum LongPress: GestureDescription {
    static let name = "long-press"
    static let isLive = false
    static let measures: Set<CaptionFormat.Value> = [.seconds, .fingers]
    static let defaultCaption = "hold {seconds} s"
    /// How far the ring grows past the marker as it fades, in marker radii.
    static let growth = 1.2

    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        drawBurst(of: cue, growth: growth, frame, add: add)
    }

    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens) {
        gestures.observe(gestures.longPress) { [unowned lens] r in
            let visualizer = lens.visualizer
            visualizer.pendingPress = nil  // began, failed or reset: no press is being timed
            if r.state == .began {
                visualizer.showLongPress(at: r.location(in: nil), time: lens.now, pressStart: r.pressStartTime)
                visualizer.caption(.longPress, CaptionMeasures { $0.fingers = r.numberOfTouchesRequired })
            } else if r.isFinished {
                visualizer.endLongPress(time: lens.now)
            }
        }
    }
}

extension TouchVisualizer {
    /// Long press recognized: a pulse (the fill while pressing is drawn with the marker). Its
    /// caption counts the seconds since `pressStart` (the fingers' down) until `endLongPress`.
    public func showLongPress(at position: Point, time: Double, pressStart: Double? = nil) {
        var cue = Cue(kind: .longPress, start: time, a: position)
        cue.pressStart = pressStart ?? time
        addCue(cue)
    }

    /// The long press's fingers lifted: its caption stops counting, holds, then fades.
    public func endLongPress(time: Double) {
        guard let slot = cues.live.last(where: { cues[$0].kind == .longPress && cues[$0].captionEnd == nil }) else { return }
        cues[slot].captionEnd = time
        cues[slot].measures.seconds = time - cues[slot].pressStart
        writeCaption(slot)
    }
}
