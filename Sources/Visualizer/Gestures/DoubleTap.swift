import TouchCore

/// Double tap: two rings, the second a little later and larger; captioned with its taps.
enum DoubleTap: GestureDescription {
    static let name = "double-tap"
    static let isLive = false
    static let measures: Set<CaptionFormat.Value> = [.fingers, .taps]
    static let defaultCaption = "×{taps}"
    /// The first ring grows this far (marker radii), each next one this much further,
    /// starting this many seconds after the one before.
    static let growth = 0.6
    static let growthStep = 0.5
    static let ringDelay = 0.1

    static func shapesDuration(_ style: VisualizerStyle) -> Double { style.cueDuration + ringDelay }

    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        let style = frame.style
        for ring in 0..<2 {
            let local = min(1, max(0, (frame.time - cue.start - Double(ring) * ringDelay) / style.cueDuration))
            guard local > 0 || ring == 0 else { continue }
            let grown = growth + growthStep * Double(ring)
            add(ring, cue.a, .ring(radius: style.markerRadius * (1 + grown * Easing.easeOutCubic(local)), width: style.cueLineWidth), 1 - local)
        }
    }

    @MainActor static func setUp(_ gestures: StandardGestureSet) {
        gestures.doubleTap.numberOfTapsRequired = 2
    }

    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens) {
        gestures.observe(gestures.doubleTap) { [unowned lens] r in
            guard r.state == .ended else { return }
            lens.visualizer.showDoubleTap(at: r.location(in: nil), time: lens.now)
            lens.visualizer.caption(.doubleTap, CaptionMeasures { $0.taps = r.numberOfTapsRequired; $0.fingers = r.numberOfTouchesRequired })
        }
    }
}

extension TouchVisualizer {
    /// Double tap: two rings, the second a little later and larger.
    public func showDoubleTap(at position: Point, time: Double) {
        addCue(Cue(kind: .doubleTap, start: time, a: position))
    }
}
