import Foundation
import Testing
import TouchCore
@testable import Annotation

/// Bug 29.17: a smooth sine drawn with one finger showed a notch just after every peak and
/// trough (the 1€ filter ran each axis on its own: at a peak one axis stopped, lagged, then
/// caught up at once). Over smooth curves (sines, circles, spirals) sampled at 60, 120 and
/// 240 Hz, slow and fast, the drawn centreline stays near the input curve, and it never turns
/// between neighbouring segments by more than the input curve does over the same length.
@Suite struct SmoothCurveTests {
    struct Curve: CustomStringConvertible {
        let name: String
        /// The finger's position at time t, for t in 0...duration.
        let at: @Sendable (Double) -> Point
        /// The largest curvature along it (1/px).
        let maximumCurvature: Double
        var description: String { name }
    }

    static func curves(speed: Double) -> [Curve] {
        // A sine of amplitude a and wavelength w, travelled at about `speed` px/s along x.
        let (a, w) = (80.0, 320.0)
        let sine = Curve(name: "sine at \(Int(speed)) px/s", at: { t in Point(x: 40 + speed * t, y: 300 + a * sin(2 * .pi * speed * t / w)) },
                         maximumCurvature: a * pow(2 * .pi / w, 2))
        // A circle of radius r, at `speed` along it.
        let r = 150.0
        let circle = Curve(name: "circle at \(Int(speed)) px/s", at: { t in Point(x: 400 + r * cos(speed * t / r), y: 300 + r * sin(speed * t / r)) },
                           maximumCurvature: 1 / r)
        // A spiral from radius 60 outwards, about `speed` along it.
        let spiral = Curve(name: "spiral at \(Int(speed)) px/s", at: { t in
            let angle = speed * t / 120, radius = 60 + 12 * angle
            return Point(x: 400 + radius * cos(angle), y: 300 + radius * sin(angle))
        }, maximumCurvature: 1 / 60.0)
        return [sine, circle, spiral]
    }

    static let cases: [(rate: Double, speed: Double)] = [(60, 120), (60, 900), (120, 120), (120, 900), (240, 120), (240, 900)]

    @Test(arguments: cases)
    func theCentrelineFollowsSmoothCurvesWithoutKinks(rate: Double, speed: Double) {
        for curve in Self.curves(speed: speed) {
            var settings = InkDocument.Settings()
            settings.holdsProvisionalInk = false
            let ink = InkDocument(settings: settings)
            let duration = 3.0
            ink.begin(contact: 1, at: curve.at(0), time: 0)
            for i in 1...Int(duration * rate) { ink.move(contact: 1, to: curve.at(Double(i) / rate), time: Double(i) / rate) }
            ink.end(contact: 1, time: duration)
            let line = ink.strokes[0].polylines[0].map(\.point)
            #expect(line.count > 100)

            // Near the curve: within 1.5 px of it everywhere.
            let dense = (0...6_000).map { curve.at(duration * Double($0) / 6_000) }
            let farthest = line.map { p in dense.map { $0.distance(to: p) }.min()! }.max()!
            #expect(farthest <= 1.5, "\(curve), \(Int(rate)) Hz: \(farthest) px from the curve")

            // No kink: the turn between neighbouring segments, per px of their length, stays
            // within the curve's own largest curvature (with a margin for the fitting).
            var worst = (ratio: 0.0, at: Point(x: 0, y: 0))
            for i in 1..<(line.count - 1) {
                let (l1, l2) = (line[i].distance(to: line[i - 1]), line[i + 1].distance(to: line[i]))
                guard l1 > 0.05, l2 > 0.05 else { continue }
                let a = atan2(line[i].y - line[i - 1].y, line[i].x - line[i - 1].x)
                let b = atan2(line[i + 1].y - line[i].y, line[i + 1].x - line[i].x)
                var turn = abs(b - a)
                if turn > .pi { turn = 2 * .pi - turn }
                let ratio = turn / ((l1 + l2) / 2) / curve.maximumCurvature
                if ratio > worst.ratio { worst = (ratio, line[i]) }
            }
            #expect(worst.ratio <= 1.6, "\(curve), \(Int(rate)) Hz: turns \(worst.ratio)× the curve's sharpest bend at \(worst.at)")
        }
    }
}
