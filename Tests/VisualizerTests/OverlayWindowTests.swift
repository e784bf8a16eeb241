import Testing
import TouchCore
@testable import Visualizer

@MainActor @Suite struct OverlayWindowTests {
    @Test func markerLayerStaysFrontmostAndNeverTakesATouch() {
        let scheduler = ManualScheduler()
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: scheduler)
        #expect(window.subviews.last === window.markerLayer)
        let panel = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(panel)
        #expect(window.subviews.last === window.markerLayer, "brought back to the front")
        #expect(window.hitTest(Point(x: 300, y: 300), with: nil) == nil, "pass-through: nothing is hit")
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === panel)
        panel.removeFromSuperview()
        window.isCapturing = true
        #expect(window.hitTest(Point(x: 300, y: 300), with: nil) === window.captureSurface)
    }

    @Test func everyTouchDrivesAMarkerAndGesturesBecomeCues() {
        let scheduler = ManualScheduler()
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: scheduler)
        let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        dispatcher.down(id: 1, at: Point(x: 200, y: 200), time: 0)
        dispatcher.frame()
        #expect(window.visualizer.activeMarkerCount == 1, "drawn although no view was hit")
        scheduler.advance(to: 0.05)
        dispatcher.up(id: 1, time: 0.05)
        dispatcher.frame()
        scheduler.advance(to: 1)  // the double tap's wait runs out: it is a single tap
        #expect(window.visualizer.cues.live.map { window.visualizer.cues[$0].kind } == [.tap])
        window.resize(to: Size(width: 1024, height: 768))
        #expect(window.markerLayer.frame == Rect(x: 0, y: 0, width: 1024, height: 768))
    }

    /// With no cue to show (markers only), the lens recognizes nothing: its recognizers see
    /// no touch, and a gesture under way when the cues are turned off lets go of its touches.
    @Test func withNoCueToShowTheLensStandsAside() {
        let scheduler = ManualScheduler()
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: scheduler)
        let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        dispatcher.down(id: 1, at: Point(x: 200, y: 200), time: 0)
        dispatcher.down(id: 2, at: Point(x: 400, y: 200), time: 0)
        dispatcher.frame()
        #expect(window.lens.dispatcher.activeTouches.count == 2, "the lens follows both fingers")
        var style = window.visualizer.style
        style.showCues = []
        window.visualizer.style = style
        dispatcher.motion(id: 1, at: Point(x: 150, y: 200), time: 0.02)
        dispatcher.frame()
        #expect(window.lens.dispatcher.activeTouches.isEmpty, "turned off mid-gesture: the lens let go")
        #expect(window.visualizer.activeMarkerCount == 2, "the markers still follow")
        dispatcher.down(id: 3, at: Point(x: 300, y: 400), time: 0.04)
        dispatcher.frame()
        #expect(window.lens.dispatcher.activeTouches.isEmpty && window.lens.gestures.pinch.state == .possible)
        #expect(window.visualizer.activeMarkerCount == 3)
    }

    @Test func gestureSettingsReachTheLensRecognizers() {
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: ManualScheduler())
        #expect(window.lens.gestures.longPress.minimumPressDuration == GestureDefaults.longPressDuration)
        window.apply(GestureSettings(longPressDuration: 0.8, doubleTapInterval: 0.25))
        #expect(window.lens.gestures.longPress.minimumPressDuration == 0.8)
        #expect(window.lens.gestures.doubleTap.maximumIntervalBetweenTaps == 0.25)
    }

    /// The fill follows the long-press recognizer: it shows while the press can still happen
    /// and goes when the recognizer fails (a second finger, a move past the slop) or begins.
    @Test func longPressFillFollowsTheRecognizer() {
        let scheduler = ManualScheduler()
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: scheduler)
        window.apply(GestureSettings(longPressDuration: 0.8, doubleTapInterval: 0.25))
        let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        dispatcher.down(id: 4, at: Point(x: 200, y: 200), time: 0.1)
        dispatcher.frame()
        #expect(window.visualizer.pendingPress == PendingPress(key: 4, start: 0.1, duration: 0.8))
        dispatcher.motion(id: 4, at: Point(x: 205, y: 200), time: 0.2)
        dispatcher.frame()
        #expect(window.visualizer.pendingPress?.key == 4, "a move within the slop keeps the press")
        scheduler.advance(to: 0.9)
        #expect(window.visualizer.pendingPress == nil, "the press began: the cue takes over")
        #expect(window.visualizer.cues.live.map { window.visualizer.cues[$0].kind } == [.longPress])
        dispatcher.up(id: 4, time: 1.0)
        dispatcher.frame()

        dispatcher.down(id: 5, at: Point(x: 200, y: 200), time: 2)
        dispatcher.frame()
        #expect(window.visualizer.pendingPress?.key == 5)
        dispatcher.down(id: 6, at: Point(x: 400, y: 200), time: 2.1)
        dispatcher.frame()
        #expect(window.visualizer.pendingPress == nil, "two fingers: no long press can come")
        dispatcher.up(id: 5, time: 2.2)
        dispatcher.up(id: 6, time: 2.2)
        dispatcher.frame()

        dispatcher.down(id: 7, at: Point(x: 200, y: 200), time: 3)
        dispatcher.frame()
        dispatcher.motion(id: 7, at: Point(x: 240, y: 200), time: 3.1)
        dispatcher.frame()
        #expect(window.visualizer.pendingPress == nil, "moved past the slop: no long press")
    }
}
