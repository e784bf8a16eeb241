/// Converting points between the coordinate systems of views in one tree.
extension View {
    /// Maps a point in this view's bounds coordinates to its superview's coordinates:
    /// relative to the bounds center, through `transform`, then placed at `center`.
    public var localToSuperview: AffineTransform {
        let boundsCenter = Point(x: bounds.midX, y: bounds.midY)
        if transform.isIdentity {
            return AffineTransform(translationX: center.x - boundsCenter.x, y: center.y - boundsCenter.y)
        }
        return AffineTransform(translationX: -boundsCenter.x, y: -boundsCenter.y)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// Maps this view's coordinates to those of the root of its tree (the window, whose own
    /// coordinates are the reference: its frame is not applied).
    var localToRoot: AffineTransform {
        var result = AffineTransform.identity
        var view: View = self
        while let parent = view.superview {
            result = result.concatenating(view.localToSuperview)
            view = parent
        }
        return result
    }

    private var root: View {
        var view: View = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// `point`, given in this view's coordinates, in the coordinates of `view`
    /// (nil: the window, or the root of the tree when there is no window).
    public func convert(_ point: Point, to view: View?) -> Point {
        let target = view ?? root
        if target === self { return point }
        if target === superview { return localToSuperview.apply(to: point) }
        let inRoot = localToRoot.apply(to: point)
        return target.localToRoot.inverted().apply(to: inRoot)
    }

    /// `point`, given in the coordinates of `view` (nil: the window), in this view's coordinates.
    public func convert(_ point: Point, from view: View?) -> Point {
        let source = view ?? root
        if source === self { return point }
        if source === superview { return convertFromSuperview(point) }
        return source.convert(point, to: self)
    }

    /// `point` in the superview's coordinates, in this view's coordinates (the hit-test step).
    func convertFromSuperview(_ point: Point) -> Point {
        let b = bounds
        if transform.isIdentity {
            return Point(x: point.x - center.x + b.origin.x + b.size.width / 2,
                         y: point.y - center.y + b.origin.y + b.size.height / 2)
        }
        return localToSuperview.inverted().apply(to: point)
    }

    /// `rect` in this view's coordinates, as a bounding box in the coordinates of `view`.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let target = view ?? root
        return localToRoot.concatenating(target.localToRoot.inverted()).apply(to: rect)
    }
}
