import Testing
@testable import TouchCore

/// UIKit's hit-testing rules, each on its own.
@MainActor @Suite struct HitTestTests {
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))

    @Test func frontmostSubviewWins() {
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let front = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        window.addSubview(back)
        window.addSubview(front)
        #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === front)
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === back)
        #expect(window.hitTest(Point(x: 350, y: 50), with: nil) === window)
        #expect(window.hitTest(Point(x: 450, y: 50), with: nil) == nil)
        window.bringSubviewToFront(back)
        #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === back)
    }

    @Test func hiddenDisabledAndTransparentViewsAreSkipped() {
        let under = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let over = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(under)
        window.addSubview(over)
        over.addSubview(child)
        let p = Point(x: 10, y: 10)
        #expect(window.hitTest(p, with: nil) === child)
        over.isHidden = true
        #expect(window.hitTest(p, with: nil) === under, "hidden: neither it nor its subviews")
        over.isHidden = false
        over.isUserInteractionEnabled = false
        #expect(window.hitTest(p, with: nil) === under)
        over.isUserInteractionEnabled = true
        over.alpha = 0.009
        #expect(window.hitTest(p, with: nil) === under, "alpha below 0.01 is not hittable")
        over.alpha = 0.01
        #expect(window.hitTest(p, with: nil) === child, "alpha 0.01 itself is hittable")
    }

    @Test func subviewOutsideSuperviewBoundsIsNotHitEvenWithoutClipping() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let overhang = View(frame: Rect(x: 80, y: 80, width: 100, height: 100))
        window.addSubview(parent)
        parent.addSubview(overhang)
        #expect(parent.clipsToBounds == false)
        #expect(window.hitTest(Point(x: 90, y: 90), with: nil) === overhang)
        #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === window)
    }

    @Test func boundsOriginAndTransformAreHonoured() {
        let scroller = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let content = View(frame: Rect(x: 0, y: 150, width: 100, height: 50))
        window.addSubview(scroller)
        scroller.addSubview(content)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === scroller)
        scroller.bounds.origin = Point(x: 0, y: 150)  // scrolled down by 150
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === content)

        let rotated = View(frame: Rect(x: 200, y: 200, width: 100, height: 20))
        window.addSubview(rotated)
        rotated.transform = AffineTransform(rotationAngle: .pi / 2)  // now 20 wide, 100 tall about (250, 210)
        #expect(window.hitTest(Point(x: 250, y: 250), with: nil) === rotated)
        #expect(window.hitTest(Point(x: 290, y: 210), with: nil) === window)
    }

    /// Classic technique: a small control with a touch area grown by overriding point(inside:).
    @Test func enlargedTouchArea() {
        final class BigTargetView: View {
            override func point(inside point: Point, with event: TouchEvent?) -> Bool {
                bounds.insetBy(dx: -20, dy: -20).contains(point)
            }
        }
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let button = BigTargetView(frame: Rect(x: 100, y: 100, width: 10, height: 10))
        window.addSubview(container)
        container.addSubview(button)
        #expect(window.hitTest(Point(x: 85, y: 85), with: nil) === button)
        #expect(window.hitTest(Point(x: 75, y: 85), with: nil) === container)
    }

    /// Two same-frame children split the touch: B takes the left half, C the right half.
    @Test func siblingsSplitTheTouchArea() {
        final class HalfView: View {
            let left: Bool
            init(frame: Rect, left: Bool) { self.left = left; super.init(frame: frame) }
            override func point(inside point: Point, with event: TouchEvent?) -> Bool {
                bounds.contains(point) && (left ? point.x < bounds.midX : point.x >= bounds.midX)
            }
        }
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let b = HalfView(frame: parent.bounds, left: true)
        let c = HalfView(frame: parent.bounds, left: false)
        window.addSubview(parent)
        parent.addSubview(b)
        parent.addSubview(c)
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === b)
        #expect(window.hitTest(Point(x: 150, y: 50), with: nil) === c)
    }

    /// A coach-mark mask that lets touches through to the control below it.
    @Test func passThroughMask() {
        final class GuideMask: View {
            override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
                let hit = super.hitTest(point, with: event)
                guard hit === self, let superview else { return hit }
                isHidden = true
                defer { isHidden = false }
                return superview.hitTest(convert(point, to: superview), with: event)
            }
        }
        let control = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))
        let mask = GuideMask(frame: window.bounds)
        window.addSubview(control)
        window.addSubview(mask)
        #expect(window.hitTest(Point(x: 120, y: 120), with: nil) === control)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === window)
    }

    /// The marker layer: a full-window container with interaction disabled never takes a touch.
    @Test func nonInteractiveOverlayNeverTakesTouches() {
        let app = View(frame: window.bounds)
        let overlay = View(frame: window.bounds)
        overlay.isUserInteractionEnabled = false
        overlay.addSubview(View(frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        window.addSubview(app)
        window.addSubview(overlay)
        for point in [Point(x: 10, y: 10), Point(x: 300, y: 300)] {
            #expect(window.hitTest(point, with: nil) === app)
        }
    }

    @Test func traceExplainsTheTraversal() {
        let overlay = View(frame: window.bounds)
        overlay.isUserInteractionEnabled = false
        let button = View(frame: Rect(x: 100, y: 30, width: 40, height: 20))
        button.tag = 7
        window.addSubview(button)
        window.addSubview(overlay)
        let trace = window.traceHitTest(at: Point(x: 120, y: 40))
        #expect(trace.result === button)
        let text = trace.description
        let expected = """
        Window (0, 0, 400×400) at (120, 40)
          inside, asking 2 subviews front to back
          View (0, 0, 400×400) at (120, 40)
            user interaction disabled → nil
          → nil
          View#7 (100, 30, 40×20) at (20, 10)
            inside, no subviews
          → View#7 (100, 30, 40×20)
        → View#7 (100, 30, 40×20)
        """
        #expect(text == expected)
    }
}
