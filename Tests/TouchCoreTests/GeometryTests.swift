import Testing
import Foundation
@testable import TouchCore

@Suite struct GeometryTests {
    @Test func rectEdgesAndContainment() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.minX == 10 && r.midX == 25 && r.maxX == 40)
        #expect(r.minY == 20 && r.midY == 40 && r.maxY == 60)
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 40, y: 30)), "the maximum edge is outside")
        #expect(!r.contains(Point(x: 9.99, y: 30)))
        #expect(r.contains(Rect(x: 15, y: 25, width: 5, height: 5)))
        let negative = Rect(x: 40, y: 60, width: -30, height: -40)
        #expect(negative.minX == 10 && negative.maxY == 60)
    }

    @Test func insetUnionIntersection() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(x: 10, y: 5, width: 80, height: 40))
        #expect(r.insetBy(dx: -10, dy: 0) == Rect(x: -10, y: 0, width: 120, height: 50))
        #expect(r.insetBy(dx: 60, dy: 0).isNull)
        let s = Rect(x: 50, y: 25, width: 100, height: 100)
        #expect(r.union(s) == Rect(x: 0, y: 0, width: 150, height: 125))
        #expect(r.intersection(s) == Rect(x: 50, y: 25, width: 50, height: 25))
        #expect(r.intersection(Rect(x: 200, y: 0, width: 10, height: 10)).isNull)
        #expect(Rect.null.union(s) == s)
    }

    @Test func affineTransforms() {
        let p = Point(x: 3, y: 4)
        #expect(p.applying(.identity) == p)
        #expect(p.applying(AffineTransform(translationX: 10, y: -2)) == Point(x: 13, y: 2))
        #expect(p.applying(AffineTransform(scaleX: 2, y: 3)) == Point(x: 6, y: 12))
        // A positive angle turns clockwise on a y-down screen: +x goes to +y.
        let turned = Point(x: 1, y: 0).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(approx(turned, Point(x: 0, y: 1)))
        // concatenating applies self first, then the argument.
        let scaleThenMove = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 1, y: 0))
        #expect(p.applying(scaleThenMove) == Point(x: 7, y: 8))
        let moveThenScale = AffineTransform(translationX: 1, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(p.applying(moveThenScale) == Point(x: 8, y: 8))
        let t = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(scaleX: 2, y: 0.5))
            .concatenating(AffineTransform(translationX: 7, y: -3))
        #expect(approx(p.applying(t).applying(t.inverted()), p, 1e-12))
        let singular = AffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular, "a singular transform is returned unchanged")
    }
}
