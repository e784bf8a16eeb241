import TouchCore

/// The `select` tool's contacts and gestures on the ink view. A tap on ink selects that stroke
/// (on nothing, selects nothing); a drag that starts off the selection draws a lasso, which
/// selects the strokes it encloses. One finger on the selection moves it; two fingers scale
/// and turn it around their centre (a pinch and a rotation, recognizing together). A tap on
/// the delete button removes it. Each move, pinch or delete is one undo step, made of plain
/// ink edits, so a recording's touches replay it and a session keeps it.
@MainActor
public final class SelectTool: GestureRecognizerDelegate {
    /// Two fingers scale the selection …
    public let pinch = PinchGestureRecognizer()
    /// … and turn it, at once.
    public let rotation = RotationGestureRecognizer()
    /// The selected strokes' ids, as shown now. Only while there are any do the pinch and the
    /// rotation take part at all: enabled, they would hold every lift of the ink view's other
    /// fingers until they fail (UIKit's `delaysTouchesEnded`), and a recording would miss them.
    public private(set) var selection: [Int] = [] {
        didSet {
            let enabled = !selection.isEmpty
            if pinch.isEnabled != enabled { (pinch.isEnabled, rotation.isEnabled) = (enabled, enabled) }
        }
    }
    /// The page the tool acts on, and the view whose coordinates the ink is in (the ink view's).
    weak var view: InkView?

    private enum Role { case pick, move, delete }
    private struct Contact {
        let role: Role
        let down: Point
        var isTap = true
        /// A move: the selection as it was, and the ids of its moved copies on show.
        var originals: [Stroke] = []
        var shown: [Int] = []
    }
    private var contacts: [Int: Contact] = [:]
    private var lasso: [Point] = []
    /// Two fingers at work: the selection as it was, its copies on show, where the fingers'
    /// centre was, the scale and turn so far, and the scales the selection may take.
    private var twoFingers: (originals: [Stroke], shown: [Int], centre: Point, scale: Double, rotation: Double, scales: ClosedRange<Double>)?
    /// The frame last measured, for the selection and the document's state it was measured at.
    private var measured: (selection: [Int], document: ObjectIdentifier, generation: Int, count: Int, frame: Rect?)?

    public init() {
        pinch.name = "select-pinch"
        rotation.name = "select-rotation"
        for recognizer in [pinch, rotation] as [GestureRecognizer] {
            recognizer.delegate = self
            recognizer.isEnabled = false  // until something is selected
            _ = recognizer.addTarget { [unowned self] _ in self.twoFingersMoved() }
        }
    }

    private var document: InkDocument? { view?.document }

    /// Nothing is selected any more (another tool, another page).
    public func clear() {
        selection.removeAll()
        lasso.removeAll()
    }

    /// The selected strokes as they are now (those undone or erased meanwhile are left out).
    public func selectedStrokes(in document: InkDocument) -> [Stroke] {
        let ids = Set(selection)
        return document.strokes.filter { ids.contains($0.id) }
    }

    /// What shows over the ink: the frame and delete button, and the lasso.
    public func chrome(in document: InkDocument) -> SelectionChrome {
        guard !selection.isEmpty else { return SelectionChrome(lasso: lasso) }  // every frame of every other tool
        let state = (ObjectIdentifier(document), document.rebuildGeneration, document.strokes.count)
        if let measured, measured.selection == selection, measured.document == state.0, measured.generation == state.1, measured.count == state.2 {
            return SelectionChrome(frame: measured.frame, lasso: lasso)
        }
        let strokes = selectedStrokes(in: document)
        let box = strokes.reduce(Rect.null) { $0.union($1.bounds) }
        let pad = AnnotationDefaults.selectionPadding
        let frame = strokes.isEmpty || box.isNull ? nil : box.insetBy(dx: -pad, dy: -pad)
        measured = (selection, state.0, state.1, state.2, frame)
        return SelectionChrome(frame: frame, lasso: lasso)
    }

    // MARK: One finger

    public func began(_ id: Int, at point: Point, in document: InkDocument) {
        let chrome = chrome(in: document)
        if chrome.isOnDeleteButton(point) {
            contacts[id] = Contact(role: .delete, down: point)
        } else if let frame = chrome.frame, frame.contains(point), twoFingers == nil {
            let originals = selectedStrokes(in: document)
            contacts[id] = Contact(role: .move, down: point, originals: originals, shown: originals.map(\.id))
        } else {
            contacts[id] = Contact(role: .pick, down: point)
            lasso = [point]
        }
    }

    public func moved(_ id: Int, to point: Point, in document: InkDocument) {
        guard var contact = contacts[id] else { return }
        if contact.isTap, point.distance(to: contact.down) > AnnotationDefaults.provisionalSlop { contact.isTap = false }
        switch contact.role {
        case .move where !contact.isTap && twoFingers == nil:
            let offset = Point(x: point.x - contact.down.x, y: point.y - contact.down.y)
            if let shown = document.showTransform(of: contact.originals, by: Similarity(moving: offset), replacing: contact.shown) {
                contact.shown = shown
                selection = shown
            }
        case .pick where !contact.isTap:
            if let last = lasso.last, last.distance(to: point) >= 2 { lasso.append(point) }
        default: break
        }
        contacts[id] = contact
    }

    public func ended(_ id: Int, in document: InkDocument) {
        guard let contact = contacts.removeValue(forKey: id) else { return }
        switch contact.role {
        case .delete:
            if contact.isTap, document.delete(ids: Set(selection)) { selection.removeAll() }
        case .move:
            document.endTransform(of: contact.originals, shownIDs: contact.shown)
            if contact.isTap { pick(at: contact.down, in: document) }
        case .pick:
            if contact.isTap {
                pick(at: contact.down, in: document)
            } else {
                selection = document.strokes.filter { Lasso.encloses($0, path: lasso) }.map(\.id)
            }
            lasso.removeAll()
        }
    }

    /// The compositor took the contact, or two fingers began to pinch: a move already shown is
    /// kept when the fingers go on with it, else it goes back.
    public func cancelled(_ id: Int, in document: InkDocument) {
        guard let contact = contacts.removeValue(forKey: id) else { return }
        if contact.role == .move {
            if twoFingers != nil || isTwoFingerGestureActive {
                document.endTransform(of: contact.originals, shownIDs: contact.shown)
            } else {
                document.cancelTransform(of: contact.originals, shownIDs: contact.shown)
                selection = contact.originals.map(\.id)
            }
        }
        if contact.role == .pick { lasso.removeAll() }
    }

    /// Whether `id` is one of this tool's contacts.
    public func owns(_ id: Int) -> Bool { contacts[id] != nil }

    /// The topmost stroke within a fingertip of `point` is the selection (none: nothing).
    private func pick(at point: Point, in document: InkDocument) {
        selection = document.strokes.last { $0.touches(point, radius: AnnotationDefaults.selectionReach) }.map { [$0.id] } ?? []
    }

    // MARK: Two fingers

    private var isTwoFingerGestureActive: Bool {
        [pinch.state, rotation.state].contains { $0 == .began || $0 == .changed }
    }

    private func twoFingersMoved() {
        guard let document, let view else { return }
        if twoFingers == nil, isTwoFingerGestureActive {
            let originals = selectedStrokes(in: document)
            twoFingers = (originals, originals.map(\.id), fingersCentre(in: view) ?? rotation.location(in: view), 1, 0, Self.scales(of: originals))
        }
        guard var session = twoFingers else { return }
        if [.began, .changed, .ended].contains(pinch.state) { session.scale = min(max(pinch.scale, session.scales.lowerBound), session.scales.upperBound) }
        if [.began, .changed, .ended].contains(rotation.state) { session.rotation = rotation.rotation }
        let centre = fingersCentre(in: view) ?? session.centre
        let transform = Similarity(around: session.centre, scale: session.scale, rotation: session.rotation,
                                   offset: Point(x: centre.x - session.centre.x, y: centre.y - session.centre.y))
        if let shown = document.showTransform(of: session.originals, by: transform, replacing: session.shown) {
            session.shown = shown
            selection = shown
        }
        twoFingers = session
        if !isTwoFingerGestureActive {
            document.endTransform(of: session.originals, shownIDs: session.shown)
            twoFingers = nil
        }
    }

    /// The scales a pinch may give `strokes`: a twentieth to twenty times, and never past the
    /// ink's limits, so that pinches one after another cannot grow a selection without end
    /// (nor its work to draw: a curve is fitted along its length) or shrink its lines to nothing.
    static func scales(of strokes: [Stroke]) -> ClosedRange<Double> {
        var box = Rect.null
        var widths = (thinnest: Double.infinity, widest: 0.0)
        for stroke in strokes {
            box = box.union(stroke.bounds)
            for size in stroke.samples.map(\.width) + [stroke.text?.size].compactMap({ $0 }) where size > 0 {
                widths = (min(widths.thinnest, size), max(widths.widest, size))
            }
        }
        let limits = AnnotationDefaults.inkWidths
        var largest = 20.0, smallest = 0.05
        if !box.isNull, max(box.width, box.height) > 0 { largest = min(largest, AnnotationDefaults.inkExtentLimit / max(box.width, box.height)) }
        if widths.widest > 0 { largest = min(largest, limits.upperBound / widths.widest) }
        if widths.thinnest.isFinite { smallest = max(smallest, limits.lowerBound / widths.thinnest) }
        largest = max(largest, 1)  // ink already at a limit stays as it is
        return min(smallest, 1)...largest
    }

    /// The two fingers' centre now, from whichever recognizer holds both (nil: neither does,
    /// a finger has lifted).
    private func fingersCentre(in view: View) -> Point? {
        if pinch.numberOfTouches >= 2 { return pinch.location(in: view) }
        return rotation.numberOfTouches >= 2 ? rotation.location(in: view) : nil
    }

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let document, document.settings.tool == .select else { return false }
        return !selectedStrokes(in: document).isEmpty
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        (gestureRecognizer === pinch && other === rotation) || (gestureRecognizer === rotation && other === pinch)
    }
}
