import TouchCore

/// The view ink is drawn with: full size, below the toolbar and the markers. In draw mode it
/// takes every touch (it is the hit-test answer wherever nothing else is); in pass and off
/// modes it takes none, so touches fall through to the apps below.
///
/// Its touches feed the ink document through the responder chain, as a UIKit drawing view's
/// would. Two tap recognizers on it turn a two-finger tap into undo and a three-finger tap
/// into redo. How taps and ink settle:
/// 1. Each contact's ink starts provisional and is not drawn (`InkDocument`).
/// 2. It becomes real ink once the contact moves past the tap slop: then it is no tap.
/// 3. A recognized tap cancels the view's touches (`cancelsTouchesInView`), which drops
///    their provisional ink, then undoes or redoes: the tap leaves no dots.
/// 4. When the last contact lifts and no tap was recognized, what is still provisional (a
///    dot, a finger that rested) becomes real ink.
///
/// The `text` and `select` tools' contacts go to `TextTool` and `SelectTool`, which draw
/// nothing; the select tool's pinch and rotation are on this view too.
///
/// Palms (`PalmRule`): while a pen is near, and for the rule's delay after it left, a finger
/// that goes down draws nothing and counts for no tap; the pen draws on.
@MainActor
public final class InkView: View, GestureRecognizerDelegate {
    /// The ink its touches draw: the page shown (`ctl page` changes it; what a finger was
    /// drawing on the page left is cancelled).
    public var document: InkDocument {
        didSet {
            guard document !== oldValue else { return }
            oldValue.cancelAll()
            selectTool.clear()
        }
    }
    /// Two fingers tapping: undo.
    public let undoTap = TapGestureRecognizer()
    /// Three fingers tapping: redo.
    public let redoTap = TapGestureRecognizer()
    /// The `text` tool's contacts: a tap opens a text box, a drag moves a text.
    public let textTool = TextTool()
    /// The `select` tool's contacts and its two-finger pinch and turn.
    public let selectTool = SelectTool()
    /// When fingers draw no ink because a pen is near (`[annotate] palm`).
    public var palmRule = PalmRule()
    /// Whether a pen is near: its hover (`penHovers`) and its contacts on this view.
    public private(set) var pens = PenProximity()
    public var mode: AnnotationMode = .off {
        didSet {
            guard mode != oldValue else { return }
            if mode != .draw { document.cancelAll() }
            isUserInteractionEnabled = mode == .draw
            isHidden = mode == .off
        }
    }

    public init(frame: Rect, document: InkDocument) {
        self.document = document
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        isUserInteractionEnabled = false
        isHidden = true
        undoTap.numberOfTouchesRequired = 2
        undoTap.name = "undo-tap"
        redoTap.numberOfTouchesRequired = 3
        redoTap.name = "redo-tap"
        _ = undoTap.addTarget { [unowned self] _ in self.tapRecognized { $0.undo() } }
        _ = redoTap.addTarget { [unowned self] _ in self.tapRecognized { $0.redo() } }
        undoTap.delegate = self
        redoTap.delegate = self
        addGestureRecognizer(undoTap)
        addGestureRecognizer(redoTap)
        selectTool.view = self
        addGestureRecognizer(selectTool.pinch)
        addGestureRecognizer(selectTool.rotation)
    }

    /// A pen started or stopped hovering over the overlay.
    public func penHovers(_ near: Bool, at time: Double) { pens.hover(near, at: time) }

    /// Whether a touch draws: a pen, the mouse, or a finger while no pen is near.
    private func draws(_ touch: Touch) -> Bool {
        touch.type != .direct || pens.fingersDraw(at: touch.timestamp, under: palmRule)
    }

    /// A finger resting while a pen is near is no tap.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { draws(touch) }

    private func tapRecognized(_ action: (InkDocument) -> Void) {
        document.discardProvisionalInk()
        action(document)
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            if Self.isPen(touch) { pens.contactBegan(touch.sourceID) }
            guard draws(touch) else { continue }  // moves and lifts of a contact never begun are ignored
            let details = Self.details(of: touch)
            switch details.tool ?? document.settings.tool {
            case .text: textTool.began(touch.sourceID, at: touch.location(in: self), in: document)
            case .select: selectTool.began(touch.sourceID, at: touch.location(in: self), in: document)
            default: document.begin(contact: touch.sourceID, at: touch.location(in: self), time: touch.timestamp, details)
            }
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            if textTool.owns(touch.sourceID) {
                textTool.moved(touch.sourceID, to: touch.location(in: self), in: document)
            } else if selectTool.owns(touch.sourceID) {
                selectTool.moved(touch.sourceID, to: touch.location(in: self), in: document)
            } else {
                document.move(contact: touch.sourceID, to: touch.location(in: self), time: touch.timestamp, Self.details(of: touch))
            }
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            if Self.isPen(touch) { pens.contactEnded(touch.sourceID, at: touch.timestamp) }
            if textTool.owns(touch.sourceID) {
                textTool.ended(touch.sourceID, in: document)
            } else if selectTool.owns(touch.sourceID) {
                selectTool.ended(touch.sourceID, in: document)
            } else {
                document.end(contact: touch.sourceID, time: touch.timestamp)
            }
        }
        settleIfAllLifted(event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            if Self.isPen(touch) { pens.contactEnded(touch.sourceID, at: touch.timestamp) }
            if textTool.owns(touch.sourceID) {
                textTool.cancelled(touch.sourceID, in: document)
            } else if selectTool.owns(touch.sourceID) {
                selectTool.cancelled(touch.sourceID, in: document)
            } else {
                document.cancel(contact: touch.sourceID)
            }
        }
        settleIfAllLifted(event)
    }

    /// Rule 4: the last contact lifted and no tap took the ink.
    private func settleIfAllLifted(_ event: TouchEvent) {
        let anyDown = event.allTouches.contains { $0.view === self && ($0.phase != .ended && $0.phase != .cancelled) }
        if !anyDown { document.confirmProvisionalInk() }
    }

    private static func isPen(_ touch: Touch) -> Bool { touch.type == .pencil || touch.type == .eraser }

    /// A touch's contact size (the panel's major axis) or pressure, when reported; a pen's
    /// eraser end erases whatever the tool.
    private static func details(of touch: Touch) -> InkDocument.Contact {
        InkDocument.Contact(pressure: touch.force, size: touch.majorRadius.map { $0 * 2 },
                            tool: touch.type == .eraser ? .eraser : nil)
    }
}
