import Testing
import TestSupport
import TouchCore
import Visualizer

/// The input region computed from view frames against the grid of hit-tests it replaced (the
/// oracle), over random view trees: plain views, pass-through containers, enlarged and shrunk
/// touch areas, hidden, non-interactive and transparent views, shifted bounds, scaled and
/// flipped transforms, views partly or wholly outside their parents.
@MainActor @Suite struct InputRegionPropertyTests {
    static let size = Size(width: 800, height: 600)
    /// Sample points at 6.25 + 12.5 k: every edge in these trees lies on a multiple of 0.5, so no
    /// sample sits on an edge, where the two could only disagree about rounding.
    static let step = 12.5

    @Test(arguments: 0..<60 as Range<UInt64>)
    func theRegionFromFramesIsWhereTheGridFindsAView(seed: UInt64) {
        var random = SplitMix(state: seed)
        let window = OverlayWindow(size: Self.size, scheduler: ManualScheduler())
        window.isCapturing = random.next() % 10 == 0
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            window.addSubview(Self.randomTree(depth: 3, using: &random))
        }
        let rects = InputRegion.rects(of: window, size: Self.size)
        let grid = InputRegion.sampled(of: window, size: Self.size, step: Self.step)
        var disagreements: [Point] = []
        for row in 0..<Int(Self.size.height / Self.step) {
            for column in 0..<Int(Self.size.width / Self.step) {
                let point = Point(x: (Double(column) + 0.5) * Self.step, y: (Double(row) + 0.5) * Self.step)
                let inGrid = grid.contains { $0.contains(point) }, inRects = rects.contains { $0.contains(point) }
                if inGrid != inRects { disagreements.append(point) }
            }
        }
        #expect(disagreements.count == 0, "seed \(seed): \(disagreements.count) points disagree, first \(disagreements.first.map(String.init(describing:)) ?? "")")
        #expect(rects.allSatisfy { Rect(origin: .zero, size: Self.size).contains($0) }, "inside the surface")
    }

    @Test func aRotatedViewIsSampledOnTheGrid() {
        let window = OverlayWindow(size: Self.size, scheduler: ManualScheduler())
        let view = View(frame: Rect(x: 100, y: 100, width: 200, height: 80))
        view.transform = AffineTransform(rotationAngle: 0.3)
        window.addSubview(view)
        #expect(InputRegion.rects(of: window, size: Self.size) == InputRegion.sampled(of: window, size: Self.size))
    }

    @Test func aViewWithANaNFrameAddsNothing() {
        let window = OverlayWindow(size: Self.size, scheduler: ManualScheduler())
        window.addSubview(View(frame: Rect(x: .nan, y: 10, width: 100, height: 100)))
        #expect(InputRegion.rects(of: window, size: Self.size).isEmpty)
    }

    @Test func aButtonOverDrawingInkAddsNoSecondRectangle() {
        let window = OverlayWindow(size: Self.size, scheduler: ManualScheduler())
        window.addSubview(View(frame: window.bounds))
        window.addSubview(View(frame: Rect(x: 10, y: 10, width: 40, height: 40)))
        #expect(InputRegion.rects(of: window, size: Self.size) == [window.bounds])
    }

    static func randomTree(depth: Int, using random: inout SplitMix) -> View {
        let frame = Rect(x: Double(Int.random(in: -60...760, using: &random)), y: Double(Int.random(in: -60...560, using: &random)),
                         width: Double(Int.random(in: 0...320, using: &random)), height: Double(Int.random(in: 0...240, using: &random)))
        let view: View
        switch random.next() % 4 {
        case 0: view = PassThroughView(frame: frame)
        case 1: view = ReachingView(frame: frame, reach: Double(Int.random(in: -20...20, using: &random)))
        default: view = View(frame: frame)
        }
        switch random.next() % 12 {
        case 0: view.isHidden = true
        case 1: view.isUserInteractionEnabled = false
        case 2: view.alpha = [0, 0.005, 0.01, 0.5].randomElement(using: &random)!
        default: break
        }
        switch random.next() % 8 {
        case 0: view.transform = AffineTransform(scaleX: 2, y: 2)
        case 1: view.transform = AffineTransform(scaleX: -1, y: 1)
        case 2: view.transform = AffineTransform(scaleX: 1, y: -2)
        case 3: view.bounds.origin = Point(x: Double(Int.random(in: -40...40, using: &random)), y: Double(Int.random(in: -40...40, using: &random)))
        default: break
        }
        if depth > 1 {
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let child = randomTree(depth: depth - 1, using: &random)
                child.frame = child.frame.offsetBy(dx: (-frame.minX * 0.8).rounded(), dy: (-frame.minY * 0.8).rounded())   // mostly near the parent
                view.addSubview(child)
            }
        }
        return view
    }
}

/// A container like the toolbar: only its subviews take touches.
@MainActor private final class PassThroughView: View, HitArea {
    override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }

    var touchArea: Rect { bounds }
    var passesTouchesThrough: Bool { true }
}

/// A view whose touch area reaches past its bounds (or stops short of them), like a toolbar
/// button's 44 px.
@MainActor private final class ReachingView: View, HitArea {
    let reach: Double

    init(frame: Rect, reach: Double) {
        self.reach = reach
        super.init(frame: frame)
    }

    override func point(inside point: Point, with event: TouchEvent?) -> Bool { touchArea.contains(point) }

    var touchArea: Rect { bounds.insetBy(dx: -reach, dy: -reach) }
    var passesTouchesThrough: Bool { false }
}
