/// Adding, removing and reordering subviews (UIKit's view hierarchy API).
extension View {
    /// Adds `view` on top of the other subviews, taking it from its former superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in `subviews` (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        let oldWindow = view.window
        var index = index
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            if current < index { index -= 1 }
        } else {
            view.detachFromSuperview()
        }
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        didAddSubview(view)
        view.windowChanged(from: oldWindow)
        window?.noteViewTreeChanged()
    }

    /// Inserts `view` just below `sibling`, or on top when `sibling` is not a subview.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        let index = subviews.firstIndex { $0 === sibling } ?? subviews.count
        insertSubview(view, at: index)
    }

    /// Inserts `view` just above `sibling`, or on top when `sibling` is not a subview.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: index)
    }

    /// Removes the view from its superview; gesture recognizers in its subtree that were
    /// recognizing are cancelled when it leaves a window.
    public func removeFromSuperview() {
        let oldWindow = window
        detachFromSuperview()
        windowChanged(from: oldWindow)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        let window = parent.window
        parent.subviews.removeAll { $0 === self }
        superview = nil
        window?.noteViewTreeChanged()
    }

    /// Tells the subtree it moved between windows; recognizers leaving a window are cancelled.
    func windowChanged(from oldWindow: Window?) {
        let newWindow = window
        guard oldWindow !== newWindow else { return }
        forEachInSubtree { view in
            if oldWindow != nil {
                for recognizer in view.recognizers { recognizer.abandon() }
            }
            view.didMoveToWindow()
        }
    }

    /// Calls `body` for this view and every descendant, depth first.
    public func forEachInSubtree(_ body: (View) -> Void) {
        body(self)
        for subview in subviews { subview.forEachInSubtree(body) }
    }
}
