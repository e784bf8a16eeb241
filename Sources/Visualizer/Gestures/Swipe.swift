import Glibc  // atan2, cos, sin
import TouchCore

/// Swipe (one or two fingers): an arrow from where it started, shooting out along the swipe
/// as it fades; captioned with its fingers and direction, where it ended.
enum Swipe: GestureDescription {
    static let name = "swipe"
    static let isLive = false
    static let measures: Set<CaptionFormat.Value> = [.fingers, .arrow, .direction]
    static let defaultCaption = "{fingers}-finger swipe {arrow}"
    /// How much longer the arrow grows as it fades, as a share of the swipe.
    static let overshoot = 0.4
    static let arrowOpacity = 0.9
    /// Added to the style's cue line width.
    static let arrowExtraWidth = 1.0
    /// The arrow head's two strokes: this long (logical px), turned this far (radians) from the arrow.
    static let arrowHeadLength = 18.0
    static let arrowHeadTurn = 2.6

    static func captionAnchor(of cue: Cue, trail: ArraySlice<Point>) -> Point { cue.b }

    static func drawShapes(of cue: Cue, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) {
        let extend = 1 + overshoot * Easing.easeOutCubic(frame.progress)
        let end = Point(x: cue.a.x + (cue.b.x - cue.a.x) * extend, y: cue.a.y + (cue.b.y - cue.a.y) * extend)
        drawArrow(from: cue.a, to: end, frame, add: add)
    }

    /// An arrow (parts 0 to 2) from `start` to `end`; the direction it points, in radians.
    @discardableResult
    static func drawArrow(from start: Point, to end: Point, _ frame: CueFrame, add: (Int, Point, DrawItem.Shape, Double) -> Void) -> Double {
        let width = frame.style.cueLineWidth + arrowExtraWidth
        add(0, start, .line(to: end, width: width), arrowOpacity * frame.fade)
        let direction = atan2(end.y - start.y, end.x - start.x)
        for (part, turn) in [(1, arrowHeadTurn), (2, -arrowHeadTurn)] {
            let head = Point(x: end.x + arrowHeadLength * cos(direction + turn), y: end.y + arrowHeadLength * sin(direction + turn))
            add(part, end, .line(to: head, width: width), arrowOpacity * frame.fade)
        }
        return direction
    }

    @MainActor static func setUp(_ gestures: StandardGestureSet) {
        for swipe in [gestures.swipe, gestures.twoFingerSwipe] { swipe.direction = [.left, .right, .up, .down] }
        gestures.twoFingerSwipe.numberOfTouchesRequired = 2
    }

    @MainActor static func observe(_ gestures: StandardGestureSet, for lens: GestureLens) {
        for swipe in [gestures.swipe, gestures.twoFingerSwipe] {
            gestures.observe(swipe) { [unowned lens] r in
                guard r.state == .ended, let start = r.startLocation else { return }
                lens.visualizer.showSwipe(from: start, to: r.location(in: nil), time: lens.now)
                lens.visualizer.caption(.swipe, CaptionMeasures {
                    $0.fingers = r.numberOfTouchesRequired
                    $0.direction = r.recognizedDirection ?? .right
                })
            }
        }
    }
}

extension TouchVisualizer {
    /// Swipe: an arrow from where it started in its direction.
    public func showSwipe(from start: Point, to end: Point, time: Double) {
        addCue(Cue(kind: .swipe, start: time, a: start, b: end))
    }
}
