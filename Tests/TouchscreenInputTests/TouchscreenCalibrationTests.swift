import Testing
import TestSupport
import TouchCore
@testable import TouchscreenInput

/// The learned mapping (`TouchscreenCalibration`) and the watch over the two mappings
/// (`MappingAgreement`), without a compositor.
@Suite struct TouchscreenCalibrationTests {
    /// Four targets, as `touchlight calibrate` would show them, normalized.
    static let targets = [Point(x: 0.15, y: 0.15), Point(x: 0.85, y: 0.15), Point(x: 0.85, y: 0.85), Point(x: 0.15, y: 0.85)]

    static func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// Any compositor's affine mapping (each output transform, over a random calibration
    /// matrix, on a random output size) is recovered from the four targets' touches: every
    /// point of the panel then lands where that compositor puts it, within a millionth of a px.
    @Test func theFitRecoversAnyAffineMapping() throws {
        var random = SplitMix(state: 33)
        for transform in OutputTransform.allCases {
            for _ in 0..<20 {
                let calibration = [1 + Double.random(in: -0.2...0.2, using: &random), Double.random(in: -0.1...0.1, using: &random), Double.random(in: -0.1...0.1, using: &random),
                                   Double.random(in: -0.1...0.1, using: &random), 1 + Double.random(in: -0.2...0.2, using: &random), Double.random(in: -0.1...0.1, using: &random)]
                let size = Size(width: Double.random(in: 320...3840, using: &random), height: Double.random(in: 240...2160, using: &random))
                let compositor = TouchscreenMapping(calibration: calibration, transform: transform, logicalSize: size)
                let pairs = Self.targets.map { t in
                    let p = compositor.map(x: t.x, y: t.y)
                    return (panel: t, output: Point(x: p.x / size.width, y: p.y / size.height))
                }
                let fit = try #require(TouchscreenCalibration.fit(pairs), "\(transform) \(calibration)")
                let learned = TouchscreenMapping(logicalSize: size, learned: fit.calibration)
                for _ in 0..<10 {
                    let (x, y) = (Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random))
                    let offset = Self.distance(learned.map(x: x, y: y), compositor.map(x: x, y: y))
                    #expect(offset < 1e-6, "\(transform): (\(x), \(y)) is \(offset) px off")
                }
            }
        }
    }

    /// What sway 1.7 (wlroots 0.15) does with an output turned by `transform 90`, measured with
    /// an emulated panel: it stretches the panel over the turned output without turning it
    /// (the panel's (0.25, 0.5) is delivered at (150, 400) of 600×800), where touchlight's own
    /// mapping turns it with the output (to (300, 600)). Learned from four taps, touchlight
    /// puts it where sway does.
    @Test func aCompositorThatDoesNotTurnTouchesIsLearned() throws {
        let size = Size(width: 600, height: 800)
        let sway = { (p: Point) in Point(x: p.x, y: p.y) }   // normalized, unturned
        let fit = try #require(TouchscreenCalibration.fit(Self.targets.map { (panel: $0, output: sway($0)) }))
        let own = TouchscreenMapping(transform: .rotated270, logicalSize: size)
        #expect(own.map(x: 0.25, y: 0.5) == Point(x: 300, y: 600))
        let learned = TouchscreenMapping(transform: .rotated270, logicalSize: size, learned: fit.calibration)
        #expect(Self.distance(learned.map(x: 0.25, y: 0.5), Point(x: 150, y: 400)) < 1e-9)
    }

    /// Taps are never exact: half a pixel of noise on a 1920×1080 output leaves the fitted
    /// map within a pixel everywhere on the panel, and the residual says how close it came.
    @Test func noisyTapsStillGiveAMapWithinAPixel() throws {
        var random = SplitMix(state: 7)
        let size = Size(width: 1920, height: 1080)
        let compositor = TouchscreenMapping(calibration: [0.98, 0.01, 0.01, -0.01, 1.02, -0.01], transform: .rotated90, logicalSize: size)
        let pairs = (Self.targets + [Point(x: 0.5, y: 0.5)]).map { t in
            let p = compositor.map(x: t.x, y: t.y)
            let noisy = Point(x: p.x + Double.random(in: -0.5...0.5, using: &random), y: p.y + Double.random(in: -0.5...0.5, using: &random))
            return (panel: t, output: Point(x: noisy.x / size.width, y: noisy.y / size.height))
        }
        let fit = try #require(TouchscreenCalibration.fit(pairs))
        #expect(fit.largestResidual * size.width < 1.5, "residual \(fit.largestResidual * size.width) px")
        let learned = TouchscreenMapping(logicalSize: size, learned: fit.calibration)
        for (x, y) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.5, 0.5), (0.3, 0.7)] {
            #expect(Self.distance(learned.map(x: x, y: y), compositor.map(x: x, y: y)) < 1, "(\(x), \(y))")
        }
    }

    /// Fewer than three taps, or taps on one line, say nothing about the map: no fit.
    @Test func tooFewOrCollinearTapsGiveNoFit() {
        let line = [0.1, 0.4, 0.7, 0.9].map { (panel: Point(x: $0, y: 2 * $0 - 0.1), output: Point(x: $0, y: $0)) }
        #expect(TouchscreenCalibration.fit(line) == nil)
        #expect(TouchscreenCalibration.fit(Array(line.prefix(2))) == nil)
        #expect(TouchscreenCalibration.fit([]) == nil)
        #expect(TouchscreenCalibration(matrix: [1, 0, .nan, 0, 1, 0]) == nil && TouchscreenCalibration(matrix: [1, 0, 0]) == nil)
    }

    /// Three touches in a row farther apart than the tolerance are said once, with the median
    /// offset; a touch that agrees starts the count again; nothing is said twice.
    @Test func disagreementIsSaidOnceAfterSeveralTouchesInARow() {
        var watch = MappingAgreement()
        let delivered = Point(x: 100, y: 100)
        #expect(watch.compare(mapped: Point(x: 150, y: 100), delivered: delivered) == nil)
        #expect(watch.compare(mapped: Point(x: 160, y: 100), delivered: delivered) == nil)
        #expect(watch.compare(mapped: Point(x: 102, y: 101), delivered: delivered) == nil)   // agrees: the count starts again
        #expect(watch.compare(mapped: Point(x: 150, y: 100), delivered: delivered) == nil)
        #expect(watch.compare(mapped: Point(x: 100, y: 130), delivered: delivered) == nil)
        let said = watch.compare(mapped: Point(x: 140, y: 100), delivered: delivered)
        #expect(said == "the touchscreen's touches land about 40 px from where the compositor puts them (3 touches in a row): run `touchlight calibrate`")
        #expect(watch.hasWarned)
        for _ in 0..<5 { #expect(watch.compare(mapped: Point(x: 300, y: 300), delivered: delivered) == nil) }
    }

    /// A touch that reached another output than touchlight mapped it to counts as a
    /// disagreement, and is said as such (no distance between two outputs means anything).
    @Test func touchesOnAnotherOutputAreSaidSo() {
        var watch = MappingAgreement()
        #expect(watch.compare(mapped: Point(x: 10, y: 10), delivered: nil) == nil)
        #expect(watch.compare(mapped: Point(x: 10, y: 10), delivered: nil) == nil)
        let said = watch.compare(mapped: Point(x: 10, y: 10), delivered: nil)
        #expect(said == "the touchscreen's touches land on another output than the compositor puts them (3 touches in a row): run `touchlight calibrate`")
    }
}
