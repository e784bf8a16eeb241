import TouchCore
import Visualizer

/// One output's ink: the finished strokes, the strokes growing under contacts, fading laser
/// strokes, and undo/redo. Pure Swift with explicit times, like the visualizer: the overlay
/// feeds it contacts and draws what it holds.
///
/// Conflict rules with gestures (settled by the glue's recognizers, see `InkGestures`):
/// - A contact's ink is *provisional* until it moves farther than `provisionalSlop` or
///   `confirmProvisionalInk()` is called (the tap gestures failed). Provisional ink is not drawn.
/// - `discardProvisionalInk()` drops it (a multi-finger tap was recognized): the tap leaves no dots.
public final class InkDocument {
    public struct Settings: Equatable, Sendable {
        public var tool: Tool = .pen
        public var color = Color(hex: AnnotationDefaults.palette[0])!
        public var width = AnnotationDefaults.widths[0]
        public var filter = OneEuroFilter.Parameters()
        public var laserFade = AnnotationDefaults.laserFade
        public var undoLimit = AnnotationDefaults.undoLimit
        /// Whether ink waits for the tap gestures before it shows (see the type's notes).
        public var holdsProvisionalInk = true

        public init() {}
    }

    /// What a contact reports besides its position: a pen's pressure (0...1) or a touch's
    /// contact size (its major axis, logical px), when the device knows them.
    public struct Contact: Equatable, Sendable {
        public var pressure: Double?
        public var size: Double?
        /// A tool for this contact alone (a pen's eraser end).
        public var tool: Tool?

        public init(pressure: Double? = nil, size: Double? = nil, tool: Tool? = nil) {
            (self.pressure, self.size, self.tool) = (pressure, size, tool)
        }
    }

    public var settings: Settings {
        didSet { history.limit = max(1, settings.undoLimit) }
    }
    /// Finished strokes, back to front (highlighter ink is drawn under pen ink by the renderer).
    public private(set) var strokes: [Stroke] = [] {
        didSet { onChange?() }
    }
    /// Called whenever `strokes` changed (for a saved session, which is written a moment later).
    public var onChange: (() -> Void)?
    /// Finished laser strokes, fading out.
    public private(set) var fadingLasers: [Stroke] = []
    /// Bumped whenever `strokes` changes other than by a stroke put on top (undo, redo, erase,
    /// clear). Between two bumps `strokes` only grows at its end, so a renderer that remembers
    /// the generation and the count it drew adds just the new strokes.
    public private(set) var rebuildGeneration = 0
    private var history: InkHistory
    private var live: [Int: LiveContact] = [:]
    private var nextID = 1

    public init(settings: Settings = Settings()) {
        self.settings = settings
        history = InkHistory(limit: settings.undoLimit)
    }

    // MARK: Contacts

    /// A contact went down: it starts a stroke with the current tool (or its own).
    public func begin(contact id: Int, at point: Point, time: Double, _ details: Contact = Contact()) {
        guard point.x.isFinite, point.y.isFinite else { return }
        if live[id] != nil { end(contact: id, time: time) }
        let tool = details.tool ?? settings.tool
        guard tool != .select else { return }  // `SelectTool`'s contacts draw nothing
        // A second finger on a live one-finger shape spans the shape between the two.
        if tool.isShape, var first = live.first(where: { $0.value.tool == tool && $0.value.partner == nil && $0.value.spans == nil }) {
            first.value.partner = id
            first.value.isProvisional = false
            first.value.stroke.samples[0].point = first.value.lastRaw ?? first.value.down
            first.value.stroke.samples[1].point = point
            live[first.key] = first.value
            live[id] = LiveContact(spans: first.key, tool: tool, down: point, time: time)
            return
        }
        let width = sampleWidth(details)
        var contact = LiveContact(spans: nil, tool: tool, down: point, time: time)
        contact.filter = PointFilter(settings.filter)
        let first = InkSample(contact.filter.filter(point, at: time), width: width)
        let samples = tool.isShape ? [InkSample(point, width: width), InkSample(point, width: width)] : [first]
        contact.stroke = tool == .stamp
            ? .stamp(id: nextID, number: nextStampNumber, at: point, width: settings.width, color: settings.color)
            : Stroke(id: nextID, tool: tool, color: settings.color, samples: samples)
        contact.isProvisional = settings.holdsProvisionalInk && tool != .eraser
        nextID += 1
        live[id] = contact
        if tool == .eraser { erase(around: point, width: width, contact: id) }
    }

    /// A contact moved.
    public func move(contact id: Int, to point: Point, time: Double, _ details: Contact = Contact()) {
        guard point.x.isFinite, point.y.isFinite, let index = live.index(forKey: id) else { return }
        let width = sampleWidth(details)
        // Changed in place: a copy would copy the stroke's samples on every move.
        var spanned: Int?, erases = false
        modify(&live.values[index]) { contact in
            if contact.isProvisional, point.distance(to: contact.down) > AnnotationDefaults.provisionalSlop {
                contact.isProvisional = false
            }
            contact.lastRaw = point
            if let owner = contact.spans {
                spanned = owner
                return
            }
            switch contact.tool {
            case .line, .rectangle, .ellipse:
                // Dragged: from where it went down to here. Spanned: this finger holds the first corner.
                contact.stroke.samples[contact.partner == nil ? 1 : 0].point = point
            case .eraser:
                erases = true
            case .text, .select:
                return  // their contacts are `TextTool`'s and `SelectTool`'s, which draw nothing
            case .stamp:
                contact.stroke.samples[0].point = point  // the stamp goes where the finger lifts
            case .pen, .highlighter, .arrow, .laser:
                let smoothed = contact.filter.filter(point, at: time)
                if let last = contact.stroke.samples.last, last.point.distance(to: smoothed) < AnnotationDefaults.minimumSampleSpacing { return }
                contact.stroke.samples.append(InkSample(smoothed, width: width))
            }
        }
        if let owner = spanned { live[owner]?.stroke.samples[1].point = point }
        if erases { erase(around: point, width: width, contact: id) }
    }

    private func modify(_ contact: inout LiveContact, _ body: (inout LiveContact) -> Void) { body(&contact) }

    /// A contact lifted: its stroke is finished (or waits, if still provisional).
    public func end(contact id: Int, time: Double) {
        guard var contact = live.removeValue(forKey: id) else { return }
        if let owner = contact.spans {
            // The second finger of a two-finger shape: the shape is done.
            if live[owner] != nil { end(contact: owner, time: time) }
            return
        }
        if let partner = contact.partner { live.removeValue(forKey: partner) }
        if contact.tool == .eraser {
            if !contact.erased.isEmpty { history.record(.erase(contact.erased)) }
            return
        }
        // A smoothed stroke ends where the finger lifted, not where the filter lagged.
        if contact.tool.isFreehand, let raw = contact.lastRaw, let last = contact.stroke.samples.last, raw != last.point {
            contact.stroke.samples.append(InkSample(raw, width: last.width))
        }
        contact.stroke.endTime = time
        if contact.isProvisional {
            pendingProvisional.append(contact.stroke)
        } else {
            finish(contact.stroke)
        }
    }

    /// A contact was cancelled (the compositor took it): its stroke is dropped.
    public func cancel(contact id: Int) {
        guard let contact = live.removeValue(forKey: id) else { return }
        if contact.tool == .eraser, !contact.erased.isEmpty { history.record(.erase(contact.erased)) }
        if let partner = contact.partner { live.removeValue(forKey: partner) }
        if let owner = contact.spans { live[owner]?.partner = nil }
    }

    /// Cancels every contact (the compositor took them all, or the mode changed).
    public func cancelAll() {
        for id in Array(live.keys) { cancel(contact: id) }
        pendingProvisional.removeAll()
    }

    // MARK: Provisional ink

    private var pendingProvisional: [Stroke] = []

    /// The tap gestures failed: provisional ink is real ink now.
    public func confirmProvisionalInk() {
        for id in Array(live.keys) where live[id]?.isProvisional == true { live[id]?.isProvisional = false }
        for stroke in pendingProvisional { finish(stroke) }
        pendingProvisional.removeAll()
    }

    /// A tap gesture was recognized: its contacts' ink is dropped, and they draw no more.
    public func discardProvisionalInk() {
        for id in Array(live.keys) where live[id]?.isProvisional == true { live.removeValue(forKey: id) }
        pendingProvisional.removeAll()
    }

    /// Whether any ink waits for the tap gestures.
    public var hasProvisionalInk: Bool { !pendingProvisional.isEmpty || live.values.contains { $0.isProvisional } }

    // MARK: Undo, redo, clear

    @discardableResult
    public func undo() -> Bool { changed(history.undo(&strokes)) }

    @discardableResult
    public func redo() -> Bool { changed(history.redo(&strokes)) }

    /// Removes every finished stroke (undoable).
    public func clear() {
        guard !strokes.isEmpty else { return }
        history.record(.clear(strokes))
        strokes.removeAll()
        changed(true)
    }

    public var canUndo: Bool { !history.undoable.isEmpty }

    // MARK: Stamps

    /// Stamps older than this id are not counted (`resetStamps`).
    private var stampsCountFrom = 0

    /// The number the next stamp shows: one more than the highest on the page since the last
    /// reset (undoing the last stamp gives its number again), 1 on a fresh page.
    public var nextStampNumber: Int {
        var highest = 0
        func count(_ stroke: Stroke) {
            if stroke.id >= stampsCountFrom, let number = stroke.stampNumber { highest = max(highest, number) }
        }
        strokes.forEach(count)
        pendingProvisional.forEach(count)
        live.values.forEach { count($0.stroke) }
        return highest + 1
    }

    /// The next stamp shows 1 again (`ctl stamp reset`); the stamps placed stay.
    public func resetStamps() { stampsCountFrom = nextID }

    /// Puts back finished strokes kept from an earlier run (a saved session), under new ids and
    /// with no undo history: they are where the page starts.
    public func restore(_ saved: [Stroke]) {
        strokes = saved.map { stroke in
            defer { nextID += 1 }
            return stroke.renumbered(nextID)
        }
        history = InkHistory(limit: settings.undoLimit)
        changed(true)
    }

    // MARK: Text

    /// Puts a committed text on top, as ink (undoable); its id.
    @discardableResult
    public func addText(_ content: TextContent, at origin: Point, color: Color) -> Int {
        let stroke = Stroke(id: nextID, tool: .text, color: color, samples: [InkSample(origin, width: content.size)], text: content)
        nextID += 1
        finish(stroke)
        return stroke.id
    }

    /// The topmost text at `point`, if any.
    public func text(at point: Point) -> Stroke? {
        strokes.last { $0.tool == .text && $0.bounds.contains(point) }
    }

    /// Shows `originals` under `transform`, each in place of the stroke of `shownIDs` at its
    /// index (it, or an earlier showing of it); the shown copies' ids, nil when one of
    /// `shownIDs` is gone (undone or erased meanwhile). Not yet undoable: `endTransform`.
    public func showTransform(of originals: [Stroke], by transform: Similarity, replacing shownIDs: [Int]) -> [Int]? {
        let indices = shownIDs.compactMap { id in strokes.firstIndex { $0.id == id } }
        guard indices.count == shownIDs.count, indices.count == originals.count else { return nil }
        var shown = strokes, ids: [Int] = []
        for (index, original) in zip(indices, originals) {
            shown[index] = original.transformed(by: transform, id: nextID)
            ids.append(nextID)
            nextID += 1
        }
        strokes = shown
        changed(true)
        return ids
    }

    /// The transform that shows `shownIDs` in place of `originals` is done: one undoable step.
    public func endTransform(of originals: [Stroke], shownIDs: [Int]) {
        let shown = shownIDs.compactMap { id in strokes.first { $0.id == id } }
        guard shownIDs != originals.map(\.id), shown.count == originals.count else { return }
        history.record(.replace(old: originals, new: shown))
    }

    /// The transform is cancelled: `originals` are back in place of `shownIDs`.
    public func cancelTransform(of originals: [Stroke], shownIDs: [Int]) {
        guard shownIDs != originals.map(\.id) else { return }
        var back = strokes
        for (original, id) in zip(originals, shownIDs) {
            if let index = back.firstIndex(where: { $0.id == id }) { back[index] = original }
        }
        strokes = back
        changed(true)
    }

    /// Removes the strokes with these ids (a selection deleted): one undoable step, as an
    /// eraser's; false when none was there.
    @discardableResult
    public func delete(ids: Set<Int>) -> Bool {
        var removed: [(index: Int, stroke: Stroke)] = [], kept = strokes, index = 0
        while index < kept.count {
            if ids.contains(kept[index].id) { removed.append((index, kept.remove(at: index))) } else { index += 1 }
        }
        guard !removed.isEmpty else { return false }
        strokes = kept
        history.record(.erase(removed))
        return changed(true)
    }
    public var canRedo: Bool { !history.redoable.isEmpty }

    // MARK: What to draw

    /// Strokes growing under contacts that are drawn (not provisional), in the order they began.
    public func forEachLiveStroke(_ body: (Stroke) -> Void) {
        for contact in live.values where !contact.isProvisional && contact.spans == nil && contact.tool != .eraser {
            body(contact.stroke)
        }
    }

    /// A laser stroke's opacity at `time` (1 while drawn, then fading to 0).
    public func opacity(of laser: Stroke, at time: Double) -> Double {
        guard let end = laser.endTime, settings.laserFade > 0 else { return laser.endTime == nil ? 1 : 0 }
        return min(1, max(0, 1 - (time - end) / settings.laserFade))
    }

    /// Forgets laser strokes that have faded out by `time`; true if any are still fading.
    @discardableResult
    public func expireLasers(at time: Double) -> Bool {
        fadingLasers.removeAll { opacity(of: $0, at: time) <= 0 }
        return !fadingLasers.isEmpty
    }

    // MARK: Private

    private func finish(_ stroke: Stroke) {
        if stroke.tool == .laser {
            fadingLasers.append(stroke)
            return
        }
        strokes.append(stroke)
        history.record(.add(stroke))
    }

    @discardableResult
    private func changed(_ didChange: Bool) -> Bool {
        if didChange { rebuildGeneration &+= 1 }
        return didChange
    }

    private func erase(around point: Point, width: Double, contact id: Int) {
        var index = 0
        var erasedAny = false
        while index < strokes.count {
            if strokes[index].touches(point, radius: width / 2) {
                live[id]?.erased.append((index, strokes.remove(at: index)))
                erasedAny = true
            } else {
                index += 1
            }
        }
        if erasedAny { changed(true) }
    }

    private func sampleWidth(_ details: Contact) -> Double {
        if let pressure = details.pressure, pressure.isFinite {
            let lightest = AnnotationDefaults.lightestPressureWidth
            return settings.width * (lightest + (1 - lightest) * min(1, max(0, pressure)))
        }
        if let size = details.size, size.isFinite, size > 0 {
            return settings.width * min(2, max(0.5, size / AnnotationDefaults.referenceContactSize))
        }
        return settings.width
    }
}

/// The state of one contact that is down.
struct LiveContact {
    /// The contact whose shape this one spans (a shape's second finger), if any.
    var spans: Int?
    /// The second finger spanning this contact's shape, if any.
    var partner: Int?
    let tool: Tool
    let down: Point
    let time: Double
    var stroke = Stroke(id: 0, tool: .pen, color: .white, samples: [])
    var filter = PointFilter(OneEuroFilter.Parameters())
    var isProvisional = false
    var lastRaw: Point?
    /// What this eraser contact removed, in order.
    var erased: [(index: Int, stroke: Stroke)] = []

    init(spans: Int?, tool: Tool, down: Point, time: Double) {
        (self.spans, self.tool, self.down, self.time) = (spans, tool, down, time)
    }
}
