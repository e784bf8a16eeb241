/// An indented log of one hit-test traversal: which views were asked, in order, with the point
/// in their own coordinates, why each one said no, and what each answered.
///
///     Window (0, 0, 800×600) at (120, 40)
///       inside, asking 2 subviews front to back
///       MarkerLayer (0, 0, 800×600) at (120, 40)
///         user interaction disabled → nil
///       → nil
///       Button#1 (100, 30, 40×20) at (20, 10)
///         inside, no subviews
///       → Button#1 (100, 30, 40×20)
///     → Button#1 (100, 30, 40×20)
@MainActor
public final class HitTestTrace: @MainActor CustomStringConvertible {
    /// The trace being recorded by `Window.traceHitTest(at:)`, if any.
    static var recording: HitTestTrace?

    public let point: Point
    /// The view the traversal returned.
    public internal(set) var result: View?
    /// The log, one entry a line, with its indentation depth.
    public private(set) var lines: [(depth: Int, text: String)] = []
    private var depth = 0

    init(point: Point) { self.point = point }

    func ask(_ view: View, at point: Point) {
        lines.append((depth, "\(view) at \(point)"))
        depth += 1
    }

    func note(_ text: String) {
        lines.append((depth, text))
    }

    func answer(_ hit: View?) {
        depth = max(0, depth - 1)
        lines.append((depth, "→ \(hit.map { "\($0)" } ?? "nil")"))
    }

    public var description: String {
        lines.map { String(repeating: "  ", count: $0.depth) + $0.text }.joined(separator: "\n")
    }
}
