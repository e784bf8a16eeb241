import Testing
@testable import TouchCore

@MainActor @Suite struct ResponderChainTests {
    @Test func unhandledTouchesTravelUpToTheApplication() {
        let h = Harness()
        let app = RecordingResponder(log: h.log)
        h.window.applicationResponder = app
        #expect(h.window.next === app)
        let outer = h.view("outer", Rect(x: 0, y: 0, width: 200, height: 200))
        outer.forwards = true
        let inner = h.view("inner", Rect(x: 10, y: 10, width: 50, height: 50), in: outer)
        inner.forwards = true
        h.tap(Point(x: 20, y: 20), at: 0)
        #expect(h.log.entries == ["inner.began(1)", "outer.began(1)", "app.began",
                                  "inner.ended(1)", "outer.ended(1)", "app.ended"])
    }

    @Test func anOverrideWithoutSuperEndsTheChain() {
        let h = Harness()
        h.window.applicationResponder = RecordingResponder(log: h.log)
        let outer = h.view("outer", Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = h.view("inner", Rect(x: 10, y: 10, width: 50, height: 50), in: outer)
        inner.forwards = true  // inner passes on, outer (forwards false) stops
        h.tap(Point(x: 20, y: 20), at: 0)
        #expect(h.log.entries == ["inner.began(1)", "outer.began(1)", "inner.ended(1)", "outer.ended(1)"])
    }

    @Test func overridingNextReroutesTheChain() {
        final class Rerouted: View {
            var target: Responder?
            override var next: Responder? { target }
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
                super.touchesBegan(touches, with: event)
            }
        }
        let h = Harness()
        let sideways = h.view("sideways", Rect(x: 500, y: 500, width: 10, height: 10))
        let parent = h.view("parent", Rect(x: 0, y: 0, width: 200, height: 200))
        let child = Rerouted(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        child.target = sideways
        parent.addSubview(child)
        h.down(1, Point(x: 5, y: 5), at: 0)
        #expect(h.log.entries == ["sideways.began(1)"])
    }

    @Test func viewNextIsSuperview() {
        let parent = View(), child = View()
        parent.addSubview(child)
        #expect(child.next === parent)
        #expect(Window(frame: .zero).next == nil, "no application responder by default")
    }
}
