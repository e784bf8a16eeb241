import TouchCore

/// Gesture captions: each cue can carry a line of text with its gesture's measures ("pinch
/// ×1.8"), placed near the gesture and never over a finger. A caption stays fully shown for
/// `holdDuration` after its gesture ends, then fades over the cue's duration.
extension TouchVisualizer {
    /// Sets the caption of the newest cue of `kind` from `measures`. Nothing shows when the
    /// kind has no caption, no cue (cues of that kind are off) or nothing measures text.
    public func caption(_ kind: GestureKind, _ measures: CaptionMeasures) {
        guard let slot = cues.live.last(where: { cues[$0].kind == kind }) else { return }
        cues[slot].measures = measures
        writeCaption(slot)
    }

    /// Rewrites a cue's caption from its measures; measures it only when the text changed.
    func writeCaption(_ slot: Int) {
        guard style.captions.isEnabled, let format = style.captions.formats[cues[slot].kind], let measurer = textMeasurer else {
            cues[slot].caption.removeAll()
            return
        }
        var line = TextLine(size: style.captions.size, outlineWidth: style.captions.outlineWidth)
        format.write(cues[slot].measures, into: &line)
        let old = cues[slot].caption
        if line.hasSameText(as: old), line.size == old.size, line.outlineWidth == old.outlineWidth { return }
        if !line.isEmpty { measurer.measure(&line) }
        cues[slot].caption = line
    }

    /// How long after its gesture ended a caption is gone.
    var captionLifetime: Double { style.captions.holdDuration + style.cueDuration }

    /// Whether a cue's caption (if any) has faded out.
    func captionFinished(_ cue: inout Cue, at time: Double) -> Bool {
        guard !cue.caption.isEmpty else { return true }
        if cue.captionEnd == nil, time >= cue.staleDeadline(after: style.staleTimeout) {
            cue.captionEnd = cue.staleDeadline(after: style.staleTimeout)  // its end was lost
        }
        guard let end = cue.captionEnd else { return false }
        return time - end >= captionLifetime
    }

    /// Adds each cue's caption to the frame, placed in `bounds` clear of every marker, every
    /// caption placed before it and every cue's line (called after the cues are in `items`).
    func appendCaptions(at time: Double, in bounds: Rect) {
        guard cues.live.contains(where: { !cues[$0].caption.isEmpty }) else { return }
        collectMarkerBounds()
        collectCueLines()
        for slot in cues.live where !cues[slot].caption.isEmpty {
            if cues[slot].kind == .longPress, cues[slot].captionEnd == nil {
                cues[slot].measures.seconds = time - cues[slot].pressStart  // counts while held
                writeCaption(slot)
                nextDeadline = min(nextDeadline ?? .infinity, time + 0.05)
            }
            let cue = cues[slot]
            var opacity = 1.0
            if let end = cue.captionEnd {
                let fadeStart = end + style.captions.holdDuration
                if time < fadeStart {
                    nextDeadline = min(nextDeadline ?? .infinity, fadeStart)
                } else {
                    opacity = 1 - Easing.linear(min(1, (time - fadeStart) / style.cueDuration))
                    isAnimating = true
                }
            } else {
                nextDeadline = min(nextDeadline ?? .infinity, cue.staleDeadline(after: style.staleTimeout))
            }
            let line = cue.caption, pad = line.outlineWidth + 2
            let size = Size(width: line.width + 2 * pad, height: line.height + 2 * pad)
            guard opacity > 0, let place = CaptionPlacement.place(size, near: anchor(of: cue, slot: slot), avoiding: markerBounds,
                                                                  lines: cueLines, in: bounds) else { continue }
            markerBounds.append(place)  // the next captions keep off this one
            items.append(DrawItem(identity: .init(owner: Owner.cue + slot * Owner.cueStride, part: trailCapacity),
                                  center: Point(x: place.midX, y: place.midY), shape: .text(line),
                                  color: style.captions.color.withOpacity(opacity)))
        }
    }

    /// Where a cue's caption goes near (its gesture says: the centroid, or where it ended).
    private func anchor(of cue: Cue, slot: Int) -> Point {
        let base = slot * trailCapacity
        return cue.kind.description.captionAnchor(of: cue, trail: trailStorage[base..<(base + cue.trailCount)])
    }

    /// The straight lines the cues drew this frame (a pinch's line, a swipe's arrow, a pan's
    /// trail), which captions keep off.
    private func collectCueLines() {
        cueLines.removeAll(keepingCapacity: true)
        for item in items {
            if case .line(let to, let width) = item.shape { cueLines.append(CaptionPlacement.Line(from: item.center, to: to, width: width + 2)) }
        }
    }

    /// Every shown marker's bounds, which captions keep clear of.
    private func collectMarkerBounds() {
        markerBounds.removeAll(keepingCapacity: true)
        let reach = markerLook.outerRadius + 2
        for slot in markers.live {
            let p = markers[slot].position
            markerBounds.append(Rect(x: p.x - reach, y: p.y - reach, width: 2 * reach, height: 2 * reach))
        }
    }
}
