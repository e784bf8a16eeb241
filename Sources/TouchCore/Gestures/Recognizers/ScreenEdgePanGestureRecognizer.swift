/// Screen edges, for `ScreenEdgePanGestureRecognizer.edges`.
public struct RectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = RectEdge(rawValue: 1)
    public static let left = RectEdge(rawValue: 2)
    public static let bottom = RectEdge(rawValue: 4)
    public static let right = RectEdge(rawValue: 8)
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the window and moves inwards (UIKit's
/// `UIScreenEdgePanGestureRecognizer`).
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// Edges the pan may start from. Default none, as in UIKit: set it.
    public var edges: RectEdge = []
    /// How close to an edge the finger must come down.
    public var edgeWidth = GestureDefaults.edgeWidth
    /// The edge the recognized pan started from.
    public private(set) var recognizedEdge: RectEdge?

    private var startEdge: RectEdge?

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        if trackedTouches.count == touches.count, let window = view?.window {
            let p = centroid(of: touches), b = window.bounds
            var found: RectEdge = []
            if p.x - b.minX <= edgeWidth { found.insert(.left) }
            if b.maxX - p.x <= edgeWidth { found.insert(.right) }
            if p.y - b.minY <= edgeWidth { found.insert(.top) }
            if b.maxY - p.y <= edgeWidth { found.insert(.bottom) }
            startEdge = found.intersection(edges).isEmpty ? nil : found.intersection(edges)
            if startEdge == nil {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    /// Begins only when the movement points away from the edge it started at.
    override func beginAllowed() -> Bool {
        guard let startEdge else { return false }
        let t = translation(in: nil)
        let inward: [(RectEdge, Double, Double)] = [
            (.left, t.x, abs(t.y)), (.right, -t.x, abs(t.y)), (.top, t.y, abs(t.x)), (.bottom, -t.y, abs(t.x)),
        ]
        for (edge, along, across) in inward where startEdge.contains(edge) && along > across {
            recognizedEdge = edge
            return true
        }
        return false
    }

    open override func reset() {
        super.reset()
        startEdge = nil
        recognizedEdge = nil
    }
}
