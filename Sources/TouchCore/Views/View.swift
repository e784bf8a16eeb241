/// A rectangular area that takes part in hit-testing and the responder chain (UIKit's `UIView`).
///
/// Geometry follows UIKit: `center` is in the superview's coordinates, `bounds` is the view's
/// own coordinate system (a bounds origin shifts the content), and `transform` is applied about
/// the center. `frame` is derived from the three.
@MainActor
open class View: Responder {
    /// Position of the bounds center, in the superview's coordinate system.
    public var center: Point { didSet { geometryDidChange() } }
    /// The view's own coordinate system: its origin is the point shown at the top-left corner.
    public var bounds: Rect { didSet { geometryDidChange() } }
    /// Applied about the center; the identity by default.
    public var transform: AffineTransform = .identity { didSet { geometryDidChange() } }

    /// A hidden view is not hit and neither are its subviews.
    public var isHidden = false { didSet { window?.noteViewTreeChanged() } }
    /// A view with interaction disabled is not hit and neither are its subviews.
    public var isUserInteractionEnabled = true { didSet { window?.noteViewTreeChanged() } }
    /// Below 0.01 the view is not hit (UIKit's rule); 0.01 itself is hittable.
    public var alpha: Double = 1 { didSet { window?.noteViewTreeChanged() } }
    /// Drawing-only here: hit-testing never reaches a subview outside its superview's bounds anyway.
    public var clipsToBounds = false
    /// When false (the default) the view receives only the first of several simultaneous touches.
    public var isMultipleTouchEnabled = false
    /// While an exclusive-touch view tracks a touch, no other view in the window receives
    /// new touches, and an exclusive view receives none while other views track touches.
    public var isExclusiveTouch = false
    /// An integer to find the view by with `viewWithTag(_:)`.
    public var tag = 0

    /// Subviews, back to front: the last one is drawn on top and hit-tested first.
    public internal(set) var subviews: [View] = []
    /// The view this one is a subview of. Not owning (as in UIKit): a view clears its
    /// subviews' pointer when it goes away, so it never dangles, and views need no weak
    /// reference side tables, which keeps hit-testing cheap.
    public internal(set) unowned(unsafe) var superview: View?

    var recognizers: [GestureRecognizer] = []

    public init(frame: Rect) {
        center = Point(x: frame.midX, y: frame.midY)
        bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        super.init()
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    isolated deinit {
        for subview in subviews { subview.superview = nil }
    }

    /// The smallest rectangle in the superview's coordinates that contains the view.
    public var frame: Rect {
        get { localToSuperview.apply(to: bounds) }
        set {
            bounds.size = Size(width: newValue.width, height: newValue.height)
            center = Point(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The window at the root of this view's tree, if the root is a window.
    public var window: Window? {
        var view: View = self
        while let parent = view.superview { view = parent }
        return view as? Window
    }

    /// A view's next responder is its superview.
    open override var next: Responder? { superview }

    /// The gesture recognizers attached to this view, or nil when there are none (as in UIKit).
    public var gestureRecognizers: [GestureRecognizer]? { recognizers.isEmpty ? nil : recognizers }

    /// Attaches `recognizer`, taking it from any view it was attached to before.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`; one that was recognizing is cancelled.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        recognizer.abandon()
        recognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    /// Asked before one of this view's recognizers leaves the possible state; false makes it
    /// fail. The default allows every recognizer.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    /// This view, or the first of its descendants (depth first) whose tag is `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Hit-testing

    /// Whether `point` (in this view's coordinates) is inside the view. Override it to enlarge
    /// or shrink the touch area.
    open func point(inside point: Point, with event: TouchEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The farthest descendant (or this view) that contains `point`, in UIKit's order: nil for a
    /// hidden, non-interactive or nearly transparent view and for a point outside; otherwise the
    /// subviews front to back, each with the point in its own coordinates; else this view.
    open func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
        let trace = HitTestTrace.recording
        guard !isHidden else { trace?.note("hidden → nil"); return nil }
        guard isUserInteractionEnabled else { trace?.note("user interaction disabled → nil"); return nil }
        guard alpha >= 0.01 else { trace?.note("alpha \(alpha) below 0.01 → nil"); return nil }
        guard self.point(inside: point, with: event) else { trace?.note("point outside → nil"); return nil }
        trace?.note(subviews.isEmpty ? "inside, no subviews" : "inside, asking \(subviews.count) subviews front to back")
        for subview in subviews.reversed() {
            let local = subview.convertFromSuperview(point)
            trace?.ask(subview, at: local)
            let hit = subview.hitTest(local, with: event)
            trace?.answer(hit)
            if let hit { return hit }
        }
        return self
    }

    // MARK: Change notification

    private func geometryDidChange() {
        window?.noteViewTreeChanged()
    }

    /// Called after `subview` was added to this view.
    open func didAddSubview(_ subview: View) {}
    /// Called before `subview` is removed from this view.
    open func willRemoveSubview(_ subview: View) {}
    /// Called after the view moved into another window (or out of one: `window` is then nil).
    open func didMoveToWindow() {}
}

extension View: @MainActor CustomStringConvertible {
    public var description: String {
        let name = String(describing: type(of: self))
        return tag == 0 ? "\(name) \(frame)" : "\(name)#\(tag) \(frame)"
    }
}
