import Testing
import Foundation
@testable import TouchCore

@MainActor @Suite struct ViewHierarchyTests {
    @Test func frameCenterAndBounds() {
        let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        v.center = Point(x: 100, y: 100)
        #expect(v.frame == Rect(x: 50, y: 75, width: 100, height: 50))
        v.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == Rect(x: 0, y: 50, width: 200, height: 100), "the transform applies about the center")
        #expect(v.bounds.size == Size(width: 100, height: 50))
    }

    @Test func insertionOrderAndReordering() {
        let parent = View(frame: .zero)
        let a = View(), b = View(), c = View(), d = View()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        parent.insertSubview(d, belowSubview: a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, d, a, b].map(ObjectIdentifier.init))
        parent.insertSubview(c, aboveSubview: b)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [d, a, b, c].map(ObjectIdentifier.init))
        parent.sendSubviewToBack(c)
        parent.bringSubviewToFront(d)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b, d].map(ObjectIdentifier.init))
        parent.addSubview(a)  // re-adding moves it to the front
        #expect(parent.subviews.last === a && parent.subviews.count == 4)
        b.removeFromSuperview()
        #expect(b.superview == nil && parent.subviews.count == 3)
        let other = View()
        other.addSubview(a)  // moving to another superview removes it from the first
        #expect(a.superview === other && !parent.subviews.contains { $0 === a })
        a.addSubview(other)  // a cycle is refused
        #expect(other.superview == nil && a.subviews.isEmpty)
    }

    @Test func windowTagsAndTreeChanges() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let a = View(), b = View()
        b.tag = 42
        a.addSubview(b)
        #expect(b.window == nil)
        let before = window.viewTreeGeneration
        window.addSubview(a)
        #expect(b.window === window)
        #expect(window.viewWithTag(42) === b)
        #expect(window.viewWithTag(5) == nil)
        #expect(window.viewTreeGeneration > before)
        let g = window.viewTreeGeneration
        b.isHidden = true
        #expect(window.viewTreeGeneration > g, "visibility changes hit-testing")
        a.removeFromSuperview()
        #expect(b.window == nil)
    }

    @Test func convertingBetweenViews() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let a = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        let b = View(frame: Rect(x: 10, y: 20, width: 50, height: 50))
        let c = View(frame: Rect(x: 400, y: 0, width: 100, height: 100))
        window.addSubview(a)
        a.addSubview(b)
        window.addSubview(c)
        #expect(b.convert(Point(x: 0, y: 0), to: nil) == Point(x: 110, y: 120))
        #expect(b.convert(Point(x: 0, y: 0), to: c) == Point(x: -290, y: 120))
        #expect(c.convert(Point(x: -290, y: 120), to: b) == Point(x: 0, y: 0))
        #expect(b.convert(Point(x: 110, y: 120), from: nil) == .zero)
        a.bounds.origin = Point(x: 10, y: 20)  // content shifted up-left
        #expect(b.convert(Point.zero, to: nil) == Point(x: 100, y: 100))
        a.transform = AffineTransform(rotationAngle: .pi / 2)
        // b's origin is (-100, -100) from a's bounds center; turned clockwise: (100, -100).
        let p = b.convert(Point.zero, to: nil)
        #expect(approx(p, Point(x: 300, y: 100), 1e-9))
        #expect(approx(b.convert(p, from: nil), .zero, 1e-9))
    }
}
