import Glibc  // cos, sin, atan2
import TouchCore

/// Gesture cues: what each recognized gesture looks like on screen.
extension TouchVisualizer {
    // MARK: Feeding cues

    /// Tap: a quick ring burst.
    public func showTap(at position: Point, time: Double) {
        addCue(Cue(kind: .tap, start: time, a: position))
    }

    /// Double tap: two rings, the second a little later and larger.
    public func showDoubleTap(at position: Point, time: Double) {
        addCue(Cue(kind: .doubleTap, start: time, a: position))
    }

    /// Long press recognized: a pulse (the fill while pressing is drawn with the marker). Its
    /// caption counts the seconds since `pressStart` (the fingers' down) until `endLongPress`.
    public func showLongPress(at position: Point, time: Double, pressStart: Double? = nil) {
        var cue = Cue(kind: .longPress, start: time, a: position)
        cue.pressStart = pressStart ?? time
        addCue(cue)
    }

    /// Swipe: an arrow from where it started in its direction.
    public func showSwipe(from start: Point, to end: Point, time: Double) {
        addCue(Cue(kind: .swipe, start: time, a: start, b: end))
    }

    /// Pan in progress: the trail of its centroid stays on screen until the pan ends.
    public func updatePan(at position: Point, time: Double) {
        let slot = liveCue(.pan) ?? addCue(Cue(kind: .pan, start: time))
        guard let slot else { return }
        cues[slot].lastUpdate = time
        var cue = cues[slot]
        let base = slot * trailCapacity
        if cue.trailCount > 0, trailStorage[base + cue.trailCount - 1].distance(to: position) < 6 { return }
        if cue.trailCount == trailCapacity {
            // Keep the newest points: drop the oldest.
            for i in 1..<trailCapacity { trailStorage[base + i - 1] = trailStorage[base + i] }
            cue.trailCount -= 1
        }
        trailStorage[base + cue.trailCount] = position
        cue.trailCount += 1
        cues[slot] = cue
    }

    /// Pinch in progress: a line joining the fingers and a circle through them.
    public func updatePinch(_ first: Point, _ second: Point, time: Double) {
        guard let slot = liveCue(.pinch) ?? addCue(Cue(kind: .pinch, start: time)) else { return }
        cues[slot].a = first
        cues[slot].b = second
        cues[slot].lastUpdate = time
    }

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

    /// Edge swipe in progress: a bar along the edge and an arrow inwards.
    public func updateEdgeSwipe(from start: Point, to end: Point, time: Double) {
        guard let slot = liveCue(.edgeSwipe) ?? addCue(Cue(kind: .edgeSwipe, start: time, a: start)) else { return }
        cues[slot].b = end
        cues[slot].lastUpdate = time
    }

    /// Ends the live cue of `kind` (pan, pinch, rotation, edge swipe): it fades out.
    public func endCue(_ kind: GestureKind, time: Double) {
        if let slot = liveCue(kind) { (cues[slot].end, cues[slot].captionEnd) = (time, time) }
    }

    @discardableResult
    func addCue(_ cue: Cue) -> Int? {
        guard style.showCues.contains(cue.kind) else { return nil }
        var cue = cue
        // A discrete gesture's caption holds from the moment it is recognized.
        if !Self.isLive(cue.kind), cue.kind != .longPress { cue.captionEnd = cue.start }
        if let slot = cues.take(cue) { return slot }
        // Cap hit: recycle the oldest finished-or-discrete cue.
        guard let oldest = cues.live.first(where: { cues[$0].end != nil || !Self.isLive(cues[$0].kind) }) else { return nil }
        cues.giveBack(oldest)
        return cues.take(cue)
    }

    private func liveCue(_ kind: GestureKind) -> Int? {
        cues.live.last { cues[$0].kind == kind && cues[$0].end == nil }
    }

    static func isLive(_ kind: GestureKind) -> Bool {
        kind == .pan || kind == .pinch || kind == .rotation || kind == .edgeSwipe
    }

    // MARK: Drawing cues

    /// Ends a live cue that has gone stale; true when the cue and its caption are over.
    func cueFinished(_ cue: inout Cue, at time: Double) -> Bool {
        let shapesFinished = cueShapesFinished(&cue, at: time)
        return captionFinished(&cue, at: time) && shapesFinished
    }

    /// Whether the cue's shapes are over (a stale live cue ends).
    func cueShapesFinished(_ cue: inout Cue, at time: Double) -> Bool {
        if Self.isLive(cue.kind) {
            if cue.end == nil, time >= cue.staleDeadline(after: style.staleTimeout) {
                cue.end = cue.staleDeadline(after: style.staleTimeout)
                cue.captionEnd = cue.captionEnd ?? cue.end
            }
            guard let end = cue.end else { return false }
            return time - end >= style.cueDuration
        }
        let length = cue.kind == .doubleTap ? style.cueDuration + CueShapes.doubleTapRingDelay : style.cueDuration
        return time - cue.start >= length
    }

    func appendCues(at time: Double) {
        for slot in cues.live {
            var cue = cues[slot]
            // A cue kept for its caption draws no shapes once they are over.
            if cueShapesFinished(&cue, at: time) { continue }
            let owner = Owner.cue + slot * Owner.cueStride
            let color = style.cueColor
            let lineWidth = style.cueLineWidth
            let r = style.markerRadius
            isAnimating = isAnimating || !Self.isLive(cue.kind) || cue.end != nil
            if Self.isLive(cue.kind), cue.end == nil {
                nextDeadline = min(nextDeadline ?? .infinity, cue.staleDeadline(after: style.staleTimeout))
            }
            // Live cues are fully opaque; discrete and ended ones fade over `cueDuration`.
            let since = Self.isLive(cue.kind) ? cue.end.map { time - $0 } : time - cue.start
            let progress = since.map { min(1, max(0, $0 / style.cueDuration)) } ?? 0
            let fade = 1 - Easing.linear(progress)
            func add(_ part: Int, _ center: Point, _ shape: DrawItem.Shape, _ opacity: Double) {
                items.append(DrawItem(identity: .init(owner: owner, part: part), center: center,
                                      shape: shape, color: color.withOpacity(opacity)))
            }
            switch cue.kind {
            case .tap, .longPress:
                let grow = cue.kind == .tap ? CueShapes.tapGrowth : CueShapes.longPressGrowth
                let burst = Easing.easeOutCubic(progress)
                add(0, cue.a, .ring(radius: r * (1 + grow * burst), width: lineWidth), fade)
            case .doubleTap:
                for ring in 0..<2 {
                    let local = min(1, max(0, (time - cue.start - Double(ring) * CueShapes.doubleTapRingDelay) / style.cueDuration))
                    guard local > 0 || ring == 0 else { continue }
                    let burst = Easing.easeOutCubic(local)
                    let growth = CueShapes.doubleTapGrowth + CueShapes.doubleTapGrowthStep * Double(ring)
                    add(ring, cue.a, .ring(radius: r * (1 + growth * burst), width: lineWidth), 1 - local)
                }
            case .pan:
                let base = slot * trailCapacity
                guard cue.trailCount > 1 else { continue }
                for i in 1..<cue.trailCount {
                    add(i, trailStorage[base + i - 1], .line(to: trailStorage[base + i], width: lineWidth), CueShapes.panTrailOpacity * fade)
                }
            case .pinch:
                let mid = Point(x: (cue.a.x + cue.b.x) / 2, y: (cue.a.y + cue.b.y) / 2)
                add(0, cue.a, .line(to: cue.b, width: lineWidth), CueShapes.pinchLineOpacity * fade)
                add(1, mid, .ring(radius: cue.a.distance(to: cue.b) / 2, width: lineWidth), CueShapes.pinchRingOpacity * fade)
            case .rotation:
                add(0, cue.a, .arc(radius: cue.radius, width: lineWidth + CueShapes.rotationArcExtraWidth, start: cue.angle, sweep: cue.sweep),
                    CueShapes.rotationArcOpacity * fade)
            case .swipe, .edgeSwipe:
                let start = cue.a
                var end = cue.b
                if cue.kind == .swipe {
                    // The arrow shoots out along the swipe while it fades.
                    let extend = 1 + CueShapes.swipeOvershoot * Easing.easeOutCubic(progress)
                    end = Point(x: start.x + (cue.b.x - start.x) * extend, y: start.y + (cue.b.y - start.y) * extend)
                }
                let arrowWidth = lineWidth + CueShapes.arrowExtraWidth
                add(0, start, .line(to: end, width: arrowWidth), CueShapes.arrowOpacity * fade)
                let direction = atan2(end.y - start.y, end.x - start.x)
                for (part, turn) in [(1, CueShapes.arrowHeadTurn), (2, -CueShapes.arrowHeadTurn)] {
                    let length = CueShapes.arrowHeadLength
                    let head = Point(x: end.x + length * cos(direction + turn), y: end.y + length * sin(direction + turn))
                    add(part, end, .line(to: head, width: arrowWidth), CueShapes.arrowOpacity * fade)
                }
                if cue.kind == .edgeSwipe {
                    // A bar along the edge the swipe came from, across the direction of travel.
                    let across = direction + .pi / 2
                    let half = CueShapes.edgeBarHalfLength
                    let p = Point(x: start.x + half * cos(across), y: start.y + half * sin(across))
                    let q = Point(x: start.x - half * cos(across), y: start.y - half * sin(across))
                    add(3, p, .line(to: q, width: CueShapes.edgeBarWidth), CueShapes.edgeBarOpacity * fade)
                }
            }
        }
    }
}
