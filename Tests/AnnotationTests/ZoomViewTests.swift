import Testing
import TouchCore
@testable import Annotation

/// The zoom's transform: a point round-trips between the output and the picture at every zoom
/// and pan; a pinch keeps the picture point under its centre in place; the view never shows
/// beyond the picture and stays within ×1…×8.
@Suite struct ZoomViewTests {
    static let size = Size(width: 800, height: 600)

    /// Random pinches and pans (a fixed seed): every output point maps to a picture point and
    /// back, and ink at a picture point shows where the picture's content is.
    @Test func pointsRoundTripThroughEveryZoomAndPan() {
        var generator = SeededGenerator(seed: 7)
        var view = ZoomView()
        for _ in 0..<500 {
            if Bool.random(using: &generator) {
                let anchor = Point(x: .random(in: 0...800, using: &generator), y: .random(in: 0...600, using: &generator))
                let before = view.toPicture(anchor)
                view.zoom(by: .random(in: 0.5...2, using: &generator), around: anchor, in: Self.size)
                let after = view.toPicture(anchor)
                // The anchor's picture point stays under it unless an edge stopped the view.
                let clamped = view.offset.x == 0 || view.offset.y == 0 || abs(view.offset.x - (800 - 800 / view.scale)) < 1e-9
                    || abs(view.offset.y - (600 - 600 / view.scale)) < 1e-9 || view.scale == 1 || view.scale == 8
                #expect(clamped || (abs(before.x - after.x) < 1e-9 && abs(before.y - after.y) < 1e-9))
            } else {
                view.pan(by: Point(x: .random(in: -300...300, using: &generator), y: .random(in: -300...300, using: &generator)), in: Self.size)
            }
            #expect((1...8).contains(view.scale))
            #expect(view.offset.x >= 0 && view.offset.y >= 0 && view.offset.x <= 800 - 800 / view.scale + 1e-9 && view.offset.y <= 600 - 600 / view.scale + 1e-9,
                    "never beyond the picture: \(view)")
            let p = Point(x: .random(in: 0...800, using: &generator), y: .random(in: 0...600, using: &generator))
            let back = view.toScreen(view.toPicture(p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
    }

    @Test func aPinchKeepsItsCentreAndATraceKeepsTheView() throws {
        var view = ZoomView()
        view.zoom(by: 2, around: Point(x: 400, y: 300), in: Self.size)
        #expect(view.scale == 2 && view.offset == Point(x: 200, y: 150) && view.toPicture(Point(x: 400, y: 300)) == Point(x: 400, y: 300))
        view.zoom(by: 100, around: .zero, in: Self.size)
        #expect(view.scale == 8, "at most ×8")
        view.zoom(by: 2, around: .zero, in: Self.size, maximum: 4)
        #expect(view.scale == 4, "or the configured maximum")
        view.pan(by: Point(x: 40, y: 0), in: Self.size)
        let read = try ZoomView.parse(settingValue: view.settingValue, in: Self.size)
        let off = try ZoomView.parse(settingValue: "off", in: Self.size)
        #expect(read == view && off == nil)
        #expect(throws: ControlError.self) { try ZoomView.parse(settingValue: "2,nan,0", in: Self.size) }
    }
}

/// A small deterministic generator (SplitMix64), so the property test runs the same each time.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
