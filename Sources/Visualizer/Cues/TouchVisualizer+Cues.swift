import TouchCore

/// Gesture cues: what each recognized gesture looks like on screen.
extension TouchVisualizer {
    // MARK: Feeding cues (each gesture's own in its file: `Gestures/Tap.swift`…)

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

    /// The newest cue of `kind` that has not ended.
    func liveCue(_ kind: GestureKind) -> Int? {
        cues.live.last { cues[$0].kind == kind && cues[$0].end == nil }
    }

    static func isLive(_ kind: GestureKind) -> Bool { kind.description.isLive }

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
        return time - cue.start >= cue.kind.description.shapesDuration(style)
    }

    func appendCues(at time: Double) {
        for slot in cues.live {
            var cue = cues[slot]
            // A cue kept for its caption draws no shapes once they are over.
            if cueShapesFinished(&cue, at: time) { continue }
            let owner = Owner.cue + slot * Owner.cueStride
            let color = style.cueColor
            isAnimating = isAnimating || !Self.isLive(cue.kind) || cue.end != nil
            if Self.isLive(cue.kind), cue.end == nil {
                nextDeadline = min(nextDeadline ?? .infinity, cue.staleDeadline(after: style.staleTimeout))
            }
            // Live cues are fully opaque; discrete and ended ones fade over `cueDuration`.
            let since = Self.isLive(cue.kind) ? cue.end.map { time - $0 } : time - cue.start
            let progress = since.map { min(1, max(0, $0 / style.cueDuration)) } ?? 0
            let base = slot * trailCapacity
            let frame = CueFrame(style: style, time: time, progress: progress, fade: 1 - Easing.linear(progress),
                                 trail: trailStorage[base..<(base + cue.trailCount)])
            cue.kind.description.drawShapes(of: cue, frame) { part, center, shape, opacity in
                items.append(DrawItem(identity: .init(owner: owner, part: part), center: center,
                                      shape: shape, color: color.withOpacity(opacity)))
            }
        }
    }
}
