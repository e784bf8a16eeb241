import Testing
import TouchCore
@testable import Annotation

/// The 1€ filter and the curve fitting behind freehand ink.
@Suite struct StrokeSmoothingTests {
    /// A fixed, reproducible jitter sequence (no system randomness).
    func jitter(_ i: Int) -> Double { Double((i * 7_919) % 41) / 10 - 2 }

    @Test func aStillButJitteryFingerIsSmoothed() {
        var filter = OneEuroFilter()
        var raw: [Double] = [], smoothed: [Double] = []
        for i in 0..<240 {
            let x = 100 + jitter(i)
            raw.append(x)
            smoothed.append(filter.filter(x, at: Double(i) / 120))
        }
        func spread(_ v: ArraySlice<Double>) -> Double { v.max()! - v.min()! }
        #expect(spread(smoothed.suffix(120)) < spread(raw.suffix(120)) / 4, "jitter at rest shrinks at least fourfold")
    }

    @Test func aFastStrokeKeepsUpWithItsFinger() {
        var filter = OneEuroFilter()
        var last = 0.0
        // 1,200 px/s for half a second at 120 Hz.
        for i in 0...60 { last = filter.filter(Double(i) * 10, at: Double(i) / 120) }
        #expect(600 - last < 12, "lag at speed is small: \(600 - last) px")
    }

    @Test func theFilterTakesAStepBackOrADuplicateTimeAsItIs() {
        var filter = OneEuroFilter()
        _ = filter.filter(10, at: 1)
        #expect(filter.filter(20, at: 1) == 20)
        #expect(filter.filter(30, at: 0.5) == 30)
        #expect(filter.filter(.nan, at: 2).isNaN, "returned, never stored")
        #expect(filter.filter(30, at: 2.01).isFinite)
    }

    @Test func fittedCurvesPassThroughTheSamplesAndAreDenser() {
        let samples = [Point(x: 0, y: 0), Point(x: 40, y: 30), Point(x: 80, y: 0), Point(x: 120, y: 30)]
            .map { InkSample($0, width: 4) }
        let curve = Stroke.fitted(samples)
        #expect(curve.count > samples.count * 5)
        for sample in samples {
            #expect(curve.contains { $0.point.distance(to: sample.point) < 1e-9 }, "passes through \(sample.point)")
        }
        // Smooth: no step longer than about the curve step.
        for i in curve.indices.dropFirst() { #expect(curve[i].point.distance(to: curve[i - 1].point) < AnnotationDefaults.curveStep * 1.5) }
    }
}
