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

    @Test func gestureSettingsReachTheLensRecognizers() {
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: ManualScheduler())
        #expect(window.lens.gestures.longPress.minimumPressDuration == GestureDefaults.longPressDuration)
        window.apply(GestureSettings(longPressDuration: 0.8, doubleTapInterval: 0.25))
        #expect(window.lens.gestures.longPress.minimumPressDuration == 0.8)
        #expect(window.lens.gestures.doubleTap.maximumIntervalBetweenTaps == 0.25)
    }
}
