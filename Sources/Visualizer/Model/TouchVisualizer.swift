import TouchCore

/// The visualizer's model: markers that follow fingers, ripples along their paths, fades and
/// gesture cues. It is fed touch changes and gesture cues with explicit times, and on each
/// frame produces a list of draw items and the damage since the previous frame. Markers,
/// ripples and cues come from capped pools; in steady state nothing is allocated per frame.
public final class TouchVisualizer {
    public var style: VisualizerStyle {
        didSet { styleDidChange(from: oldValue) }
    }

    /// This frame's items, back to front (valid until the next `update`).
    public internal(set) var items: [DrawItem] = []
    /// What changed since the previous frame, in logical coordinates.
    public private(set) var damage = DamageRegion()
    /// Whether the next frame will differ without new input (keep asking for frames).
    public internal(set) var isAnimating = false
    /// The next time something changes without input (a stale marker's fade), if any.
    public internal(set) var nextDeadline: Double?
    /// The press the long-press recognizer is timing, if any: its marker shows a ring that
    /// fills until the press is due. The gesture lens sets it from the recognizer itself, so
    /// the fill shows only for a press that can still happen.
    public var pendingPress: PendingPress?
    /// Measures captions' text (the renderer's text engine); without one no caption shows.
    public var textMeasurer: (any TextMeasuring)? {
        didSet { needsFullDamage = true }
    }

    var markers = SlotPool<Marker>(capacity: 0)
    var ripples = SlotPool<Ripple>(capacity: 0)
    var cues = SlotPool<Cue>(capacity: 0)
    /// Pan trail points, `trailCapacity` per cue slot.
    var trailStorage: [Point] = []
    let trailCapacity = 48
    /// This frame's marker bounds, which captions keep clear of (storage kept between frames).
    var markerBounds: [Rect] = []
    /// The cues' lines this frame, which captions keep off (storage kept between frames).
    var cueLines: [CaptionPlacement.Line] = []
    private var usedSlots: [Bool] = []
    private var previousItems: [DrawItem] = []
    private var frameDiff = FrameDiff(keys: ItemKeys(ripples: 0, cues: 0, partsPerCue: 0, markers: 0))
    /// The HUD's contacts and paths, and its text lines as last written.
    var pointerLocation = PointerLocation(capacity: 0, pathCapacity: 0)
    var hudLines: [TextLine] = []
    /// Path points kept per contact, and the HUD's lines of text.
    let hudPathCapacity = 512
    let hudLineCount = 5

    /// The identity table of this visualizer's items (every item it draws has a key in it).
    var itemKeys: ItemKeys {
        ItemKeys(ripples: style.maximumRipples, cues: style.maximumCues, partsPerCue: trailCapacity + 1,
                 markers: style.maximumMarkers, hudContacts: style.maximumMarkers,
                 partsPerHUDContact: 2 + hudPathCapacity, hudLines: hudLineCount)
    }
    private var needsFullDamage = false
    private var lastBounds = Rect.null

    public init(style: VisualizerStyle = VisualizerStyle()) {
        self.style = style
        makePools()
    }

    /// Pools sized to the style's caps, and frame arrays reserved so frames allocate nothing.
    private func makePools() {
        markers = SlotPool(capacity: style.maximumMarkers)
        ripples = SlotPool(capacity: style.maximumRipples)
        cues = SlotPool(capacity: style.maximumCues)
        trailStorage = Array(repeating: .zero, count: style.maximumCues * trailCapacity)
        usedSlots = Array(repeating: false, count: style.maximumMarkers)
        markerBounds.reserveCapacity(style.maximumMarkers + style.maximumCues)
        cueLines.reserveCapacity(style.maximumCues * (trailCapacity + 5))
        let expected = style.maximumMarkers * Owner.markerParts + style.maximumRipples + style.maximumCues * (trailCapacity + 5)
        items.reserveCapacity(expected)
        previousItems.reserveCapacity(expected)
        // A cue's parts: its shapes (a pan's trail has the most), then its caption.
        pointerLocation = PointerLocation(capacity: style.maximumMarkers, pathCapacity: hudPathCapacity)
        hudLines = Array(repeating: TextLine(size: 0), count: hudLineCount)
        items.reserveCapacity(expected + style.maximumMarkers * (hudPathCapacity + 2) + hudLineCount)
        previousItems.reserveCapacity(items.capacity)
        frameDiff = FrameDiff(keys: itemKeys)
    }

    private func styleDidChange(from old: VisualizerStyle) {
        if style.maximumMarkers != old.maximumMarkers || style.maximumRipples != old.maximumRipples
            || style.maximumCues != old.maximumCues || style.hud.isEnabled != old.hud.isEnabled {
            // Pool caps changed: start over with new pools (active markers are kept).
            let live = markers.live.map { markers[$0] }
            makePools()
            for marker in live where marker.slot < style.maximumMarkers {
                if markers.take(marker) != nil, marker.fadeStart == nil { usedSlots[marker.slot] = true }
            }
        }
        needsFullDamage = true
    }

    // MARK: Touches

    /// A finger went down. `key` identifies it until it lifts.
    /// `pressure` (0…1) and `shape`, when the source reports them, show in the HUD.
    public func touchDown(key: Int, at position: Point, time: Double, shape: ContactShape? = nil, pressure: Double? = nil) {
        if let existing = liveMarker(key) { endMarker(existing, at: time) }
        guard let slot = usedSlots.firstIndex(of: false) else { return }
        if style.hud.isEnabled {
            pointerLocation.down(key: key, colorSlot: slot, at: position, time: time, pressure: pressure, shape: shape)
        }
        var marker = Marker(key: key, slot: slot, position: position, downTime: time, lastUpdate: time)
        marker.shape = shape
        if markers.take(marker) == nil {
            // Every marker is in use: recycle the oldest fading one, if any.
            guard let fading = markers.live.first(where: { markers[$0].fadeStart != nil }) else { return }
            markers.giveBack(fading)
            _ = markers.take(marker)
        }
        usedSlots[slot] = true
    }

    public func touchMoved(key: Int, to position: Point, time: Double, shape: ContactShape? = nil, pressure: Double? = nil) {
        guard let index = liveMarker(key) else { return }
        if style.hud.isEnabled { pointerLocation.moved(key: key, to: position, time: time, pressure: pressure, shape: shape) }
        var marker = markers[index]
        let step = marker.position.distance(to: position)
        if style.ripplesEnabled, style.rippleSpacing > 0, step > 0, step.isFinite {
            let spacing = style.rippleSpacing
            let travelled = marker.travelSinceRipple + step
            // Ripples fall every `spacing` along the path; a long jump keeps only the last few.
            let due = (travelled / spacing).rounded(.down)
            let count = Int(min(due, Double(max(0, style.maximumRipplesPerMove))))
            let firstAlong = spacing - marker.travelSinceRipple + (due - Double(count)) * spacing
            for i in 0..<count {
                let f = min(1, max(0, (firstAlong + Double(i) * spacing) / step))
                let at = Point(x: marker.position.x + (position.x - marker.position.x) * f,
                               y: marker.position.y + (position.y - marker.position.y) * f)
                spawnRipple(at: at, color: style.color(forSlot: marker.slot), time: time)
            }
            marker.travelSinceRipple = min(max(travelled - due * spacing, 0), spacing)
        }
        marker.position = position
        marker.lastUpdate = time
        if shape != nil { marker.shape = shape }
        markers[index] = marker
    }

    /// The finger lifted: its marker fades out and its colour slot is free for the next finger.
    public func touchUp(key: Int, time: Double) {
        if let index = liveMarker(key) { endMarker(index, at: time) }
    }

    public func touchCancelled(key: Int, time: Double) {
        touchUp(key: key, time: time)
    }

    /// Number of markers for fingers that are down.
    public var activeMarkerCount: Int { markers.live.filter { markers[$0].fadeStart == nil }.count }

    private func liveMarker(_ key: Int) -> Int? {
        markers.live.first { markers[$0].key == key && markers[$0].fadeStart == nil }
    }

    /// The finger lifted: the marker fades from now, or once it has shown for the style's
    /// minimum visible duration.
    private func endMarker(_ index: Int, at time: Double) {
        pointerLocation.up(key: markers[index].key)
        markers[index].fadeStart = max(time, markers[index].downTime + style.minimumVisibleDuration)
        let slot = markers[index].slot
        if usedSlots.indices.contains(slot) { usedSlots[slot] = false }
    }

    private func spawnRipple(at position: Point, color: Color, time: Double) {
        let ripple = Ripple(position: position, color: color, start: time)
        if ripples.take(ripple) == nil, let oldest = ripples.oldest {
            ripples.giveBack(oldest)  // cap hit: recycle the oldest ripple
            _ = ripples.take(ripple)
        }
    }

    // MARK: Frames

    /// Advances every animation to `time`, rebuilds `items` and computes `damage`.
    /// Returns `isAnimating`.
    @discardableResult
    public func update(to time: Double, bounds: Rect) -> Bool {
        resolveRelativeSizes(in: bounds)
        swap(&items, &previousItems)
        items.removeAll(keepingCapacity: true)
        isAnimating = false
        nextDeadline = nil
        retireFinished(at: time)
        appendRipples(at: time)
        appendCues(at: time)
        appendCaptions(at: time, in: bounds)
        appendHUD(in: bounds)
        appendMarkers(at: time)
        computeDamage(bounds: bounds)
        return isAnimating
    }

    /// Sizes given as shares of the output (`radius = "2.5%"`) follow the bounds' shorter side;
    /// a change redraws everything.
    private func resolveRelativeSizes(in bounds: Rect) {
        guard style.markerRadiusShare != nil || style.ringWidthShare != nil || style.captions.sizeShare != nil,
              !bounds.isNull else { return }
        let resolved = style.resolved(shorterSide: min(bounds.width, bounds.height))
        if resolved.markerRadius != style.markerRadius || resolved.ringWidth != style.ringWidth
            || resolved.captions.size != style.captions.size { style = resolved }
    }

    private func retireFinished(at time: Double) {
        var index = 0
        while index < markers.live.count {
            let slot = markers.live[index]
            var marker = markers[slot]
            if marker.fadeStart == nil, time - marker.lastUpdate >= style.staleTimeout {
                marker.fadeStart = marker.lastUpdate + style.staleTimeout
                markers[slot] = marker
                pointerLocation.up(key: marker.key)  // its crosshair goes with it
                if usedSlots.indices.contains(marker.slot) { usedSlots[marker.slot] = false }
            }
            if let fade = marker.fadeStart, time - fade >= style.liftFadeDuration {
                markers.giveBack(slot)
            } else {
                index += 1
            }
        }
        index = 0
        while index < ripples.live.count {
            let slot = ripples.live[index]
            if time - ripples[slot].start >= style.rippleDuration { ripples.giveBack(slot) } else { index += 1 }
        }
        index = 0
        while index < cues.live.count {
            let slot = cues.live[index]
            if cueFinished(&cues[slot], at: time) { cues.giveBack(slot) } else { index += 1 }
        }
    }

    private func appendRipples(at time: Double) {
        for slot in ripples.live {
            let ripple = ripples[slot]
            let p = (time - ripple.start) / style.rippleDuration
            let scale = 1 + (style.rippleEndScale - 1) * Easing.easeOutCubic(p)
            let opacity = style.rippleOpacity * (1 - Easing.linear(p))
            items.append(DrawItem(identity: .init(owner: Owner.ripple + slot, part: 0), center: ripple.position,
                                  shape: .ring(radius: style.markerRadius * scale, width: style.ringWidth),
                                  color: ripple.color.withOpacity(opacity)))
            isAnimating = true
        }
    }

    private func appendMarkers(at time: Double) {
        for slot in markers.live {
            let m = markers[slot]
            var fade = 1.0
            if let start = m.fadeStart, time < start {
                nextDeadline = min(nextDeadline ?? .infinity, start)  // a short tap, held up to its minimum
            } else if let start = m.fadeStart {
                fade = 1 - Easing.easeInOutQuad((time - start) / style.liftFadeDuration)
                isAnimating = true
            } else {
                nextDeadline = min(nextDeadline ?? .infinity, m.lastUpdate + style.staleTimeout)
            }
            let color = style.color(forSlot: m.slot)
            let owner = Owner.marker + slot
            items.append(DrawItem(identity: .init(owner: owner, part: 0), center: m.position,
                                  shape: .marker(markerLook), color: color.withOpacity(fade)))
            if style.showContactShape, let shape = m.shape, shape.major > 0 {
                items.append(DrawItem(identity: .init(owner: owner, part: 1), center: m.position,
                                      shape: .ellipse(major: shape.major, minor: max(shape.minor, 1), angle: shape.orientation),
                                      color: color.withOpacity(0.5 * fade)))
            }
            appendLongPressProgress(for: m, owner: owner, at: time)
        }
    }

    /// The marker's look, from the style.
    var markerLook: MarkerLook {
        MarkerLook(radius: style.markerRadius, ringWidth: style.ringWidth, fillOpacity: style.fillOpacity,
                   ringOpacity: style.ringOpacity, shadowOpacity: style.shadowOpacity,
                   outlineWidth: style.markerOutline ? max(1, style.ringWidth / 2) : 0)
    }

    /// The long-press fill: a ring around the pressing finger's marker that fills from the
    /// press's start (after `longPressArcDelay`, so quick taps show none) until it is due.
    private func appendLongPressProgress(for m: Marker, owner: Int, at time: Double) {
        guard style.showCues.contains(.longPress), m.fadeStart == nil,
              let press = pendingPress, press.key == m.key else { return }
        let fillStart = press.start + style.longPressArcDelay, due = press.start + press.duration
        guard due > fillStart, time < due else { return }
        isAnimating = true
        guard time >= fillStart else {
            nextDeadline = min(nextDeadline ?? .infinity, fillStart)
            return
        }
        let progress = (time - fillStart) / (due - fillStart)
        items.append(DrawItem(identity: .init(owner: owner, part: 2), center: m.position,
                              shape: .arc(radius: style.markerRadius + 2 * style.ringWidth + 2, width: style.ringWidth,
                                          start: -.pi / 2, sweep: 2 * .pi * progress),
                              color: style.cueColor.withOpacity(0.9)))
    }

    private func computeDamage(bounds: Rect) {
        damage.removeAll()
        if needsFullDamage || bounds != lastBounds {
            damage.add(bounds)
            needsFullDamage = false
            lastBounds = bounds
        } else {
            frameDiff.addChanges(from: previousItems, to: items, into: &damage)
        }
        damage.compact()
    }

    /// Identity ranges of the item owners.
    enum Owner {
        static let ripple = 0
        static let cue = 1_000_000
        /// Owner numbers between two cue slots.
        static let cueStride = 100
        static let marker = 2_000_000
        /// Marker, contact shape, long-press fill.
        static let markerParts = 3
        /// The HUD: one owner per contact of the gesture (crosshair, then path), and its text.
        static let hud = 3_000_000
        static let hudText = 999_999
    }
}

/// A press a long-press recognizer is timing: the finger's key, when the press started and
/// how long it must last (the recognizer's `pressStartTime` and `minimumPressDuration`).
public struct PendingPress: Equatable, Sendable {
    public var key: Int
    public var start: Double
    public var duration: Double

    public init(key: Int, start: Double, duration: Double) {
        (self.key, self.start, self.duration) = (key, start, duration)
    }
}
