import Testing
import TestSupport
import TouchCore
@testable import Visualizer

/// Caption placement: over thousands of random scenes a caption is never over a marker and
/// always wholly on the output; with room, it sits just above the gesture's centroid.
@Suite struct CaptionPlacementTests {
    @Test func neverOverAMarkerAlwaysOnTheOutput() {
        var rng = SplitMix(state: 0x7E47)
        var placed = 0, refused = 0
        for _ in 0..<20_000 {
            let bounds = Rect(x: 0, y: 0, width: .random(in: 200...2_000, using: &rng), height: .random(in: 200...1_500, using: &rng))
            let markers = (0..<Int.random(in: 0...10, using: &rng)).map { _ in
                let r = Double.random(in: 10...60, using: &rng)
                return Rect(x: .random(in: -50...bounds.width, using: &rng) - r, y: .random(in: -50...bounds.height, using: &rng) - r,
                            width: 2 * r, height: 2 * r)
            }
            let anchor = Point(x: .random(in: 0...bounds.width, using: &rng), y: .random(in: 0...bounds.height, using: &rng))
            let size = Size(width: .random(in: 20...320, using: &rng), height: .random(in: 12...48, using: &rng))
            guard let caption = CaptionPlacement.place(size, near: anchor, avoiding: markers, in: bounds) else {
                refused += 1
                continue
            }
            placed += 1
            #expect(bounds.contains(caption), "caption \(caption) leaves the output \(bounds)")
            #expect(!markers.contains { $0.intersects(caption) }, "caption \(caption) covers a marker of \(markers)")
            #expect(caption.size == size)
        }
        // Ten markers on a small output can leave no room; on most scenes there is.
        #expect(placed > 19_000, "placed \(placed), refused \(refused)")
    }

    /// Bug 29.18: on KWin, "pinch ×2.8" and "rotate 22°" were drawn over each other and a
    /// pinch cue's line ran through a caption. Over random scenes with several captions placed
    /// one after another (each keeping off the ones before), no two captions intersect, none is
    /// crossed by a cue line, none covers a marker.
    @Test func captionsKeepOffEachOtherAndOffCueLines() {
        var rng = SplitMix(state: 0x2918)
        var placed = 0, refused = 0
        for _ in 0..<4_000 {
            let bounds = Rect(x: 0, y: 0, width: .random(in: 400...2_000, using: &rng), height: .random(in: 300...1_500, using: &rng))
            func somewhere() -> Point { Point(x: .random(in: 0...bounds.width, using: &rng), y: .random(in: 0...bounds.height, using: &rng)) }
            let markers = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                let p = somewhere()
                return Rect(x: p.x - 40, y: p.y - 40, width: 80, height: 80)
            }
            let lines = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                CaptionPlacement.Line(from: somewhere(), to: somewhere(), width: .random(in: 1...6, using: &rng))
            }
            var avoiding = markers
            var captions: [Rect] = []
            let anchor = somewhere()
            for _ in 0..<Int.random(in: 2...4, using: &rng) {
                let size = Size(width: .random(in: 40...220, using: &rng), height: .random(in: 14...40, using: &rng))
                // Simultaneous gestures share their fingers: their captions' anchors are close.
                let near = Point(x: anchor.x + .random(in: -30...30, using: &rng), y: anchor.y + .random(in: -30...30, using: &rng))
                guard let caption = CaptionPlacement.place(size, near: near, avoiding: avoiding, lines: lines, in: bounds) else {
                    refused += 1
                    continue
                }
                placed += 1
                #expect(bounds.contains(caption))
                #expect(!captions.contains { $0.intersects(caption) }, "\(caption) overlaps another caption of \(captions)")
                #expect(!markers.contains { $0.intersects(caption) }, "\(caption) covers a marker")
                #expect(!lines.contains { $0.crosses(caption) }, "a cue line crosses \(caption)")
                captions.append(caption)
                avoiding.append(caption)
            }
        }
        #expect(placed > 9 * refused, "placed \(placed), refused \(refused)")
    }

    @Test func aLineCrossesARectangleExactlyWhenItTouchesIt() {
        let rect = Rect(x: 10, y: 10, width: 20, height: 10)
        #expect(CaptionPlacement.Line(from: Point(x: 0, y: 15), to: Point(x: 40, y: 15), width: 1).crosses(rect), "straight through")
        #expect(CaptionPlacement.Line(from: Point(x: 15, y: 12), to: Point(x: 16, y: 13), width: 1).crosses(rect), "wholly inside")
        #expect(!CaptionPlacement.Line(from: Point(x: 0, y: 0), to: Point(x: 40, y: 5), width: 1).crosses(rect), "above it")
        #expect(CaptionPlacement.Line(from: Point(x: 0, y: 0), to: Point(x: 40, y: 5), width: 12).crosses(rect), "above it, but wide enough to touch")
        #expect(!CaptionPlacement.Line(from: Point(x: 0, y: 40), to: Point(x: 40, y: 0), width: 1).crosses(Rect(x: 30, y: 30, width: 5, height: 5)), "past the corner")
    }

    @Test func withRoomItSitsJustAboveAndOtherwiseMovesAside() {
        let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        let size = Size(width: 100, height: 20)
        let above = CaptionPlacement.place(size, near: Point(x: 400, y: 300), avoiding: [], in: bounds, gap: 8)
        #expect(above == Rect(x: 350, y: 272, width: 100, height: 20))
        // A marker right above the centroid: below instead.
        let marker = Rect(x: 360, y: 200, width: 80, height: 90)
        let below = CaptionPlacement.place(size, near: Point(x: 400, y: 300), avoiding: [marker], in: bounds, gap: 8)
        #expect(below == Rect(x: 350, y: 308, width: 100, height: 20))
        // At the top edge there is no room above: below.
        let top = CaptionPlacement.place(size, near: Point(x: 400, y: 5), avoiding: [], in: bounds, gap: 8)
        #expect(top == Rect(x: 350, y: 13, width: 100, height: 20))
        // Larger than the output, or a NaN centroid: nowhere.
        #expect(CaptionPlacement.place(Size(width: 900, height: 20), near: Point(x: 400, y: 300), avoiding: [], in: bounds) == nil)
        #expect(CaptionPlacement.place(size, near: Point(x: .nan, y: 300), avoiding: [], in: bounds) == nil)
    }
}
