import Annotation
@testable import Stage
import Renderer
import Testing
import TouchCore
import TouchlightConfig
import Visualizer

/// The spotlight on an overlay's scene: the screen darkened by its dim except a soft circle
/// around the newest touch, redrawn only where the circle was and is, resized by a pinch in
/// draw mode, and never taking a touch.
@MainActor
@Suite struct SpotlightSceneTests {
    static let size = Size(width: 400, height: 300)

    static func scene(mode: AnnotationMode, on: Bool = true, dim: Double = 0.6) -> OverlayScene {
        var style = VisualizerStyle()
        style.captions.isEnabled = false
        let scene = testScene(size: size, markers: false, style: style) { annotate in
            (annotate.mode, annotate.markersWhileDrawing) = (mode, false)
            annotate.spotlight = .init(isOn: on, dim: dim, radius: 60)
        }
        _ = scene.prepareFrame(now: 0, pixelWidth: 400, pixelHeight: 300, renderScale: 1)
        return scene
    }

    static func drawn(_ scene: OverlayScene, at time: Double) -> (canvas: Canvas, damage: [Rect]) {
        let damage = scene.prepareFrame(now: time, pixelWidth: 400, pixelHeight: 300, renderScale: 1)
        let canvas = Canvas(width: 400, height: 300)
        _ = scene.draw(into: canvas, damage: [Rect(x: 0, y: 0, width: 400, height: 300)])
        return (canvas, damage)
    }

    /// How much the overlay darkens what is under it at a pixel: its opacity (it is black).
    static func darkening(_ canvas: Canvas, _ x: Int, _ y: Int) -> Double { Double(canvas.pixel(x: x, y: y) >> 24) / 255 }

    static func touch(_ scene: OverlayScene, _ phase: (TouchDispatcher) -> Void) {
        phase(scene.dispatcher)
        scene.dispatcher.frame()
    }

    @Test func theScreenIsDimmedExceptACircleAroundTheNewestTouch() {
        let scene = Self.scene(mode: .pass)
        var (canvas, damage) = Self.drawn(scene, at: 0.01)
        #expect(abs(Self.darkening(canvas, 200, 150)) < 0.01, "before any touch it is in the middle")
        Self.touch(scene) { $0.down(id: 1, at: Point(x: 100, y: 100), time: 0.1) }
        (canvas, damage) = Self.drawn(scene, at: 0.1)
        #expect(abs(Self.darkening(canvas, 100, 100)) < 0.01 && abs(Self.darkening(canvas, 150, 100)) < 0.01, "inside the circle nothing changes")
        for (x, y) in [(5, 5), (390, 290), (100, 190), (200, 100)] {
            #expect(abs(Self.darkening(canvas, x, y) - 0.6) < 0.01, "dimmed by 0.6 away from the finger at (\(x), \(y)): \(Self.darkening(canvas, x, y))")
        }
        let edge = Self.darkening(canvas, 100 + 60 + 10, 100)
        #expect(edge > 0.05 && edge < 0.55, "a soft edge, darkening gradually: \(edge)")
        #expect(damage.count == 2 && damage.allSatisfy { $0.width < 170 }, "moved: the circle's old and new places only: \(damage)")

        // A second finger is the newest: followed; when it lifts, the first again.
        Self.touch(scene) { $0.down(id: 2, at: Point(x: 300, y: 200), time: 0.2) }
        canvas = Self.drawn(scene, at: 0.2).canvas
        #expect(Self.darkening(canvas, 300, 200) < 0.01 && abs(Self.darkening(canvas, 100, 100) - 0.6) < 0.01)
        Self.touch(scene) { $0.motion(id: 1, at: Point(x: 120, y: 100), time: 0.3) }
        #expect(Self.drawn(scene, at: 0.3).damage.isEmpty, "an older finger's move does not move it")
        Self.touch(scene) { $0.up(id: 2, time: 0.4) }
        canvas = Self.drawn(scene, at: 0.4).canvas
        #expect(Self.darkening(canvas, 120, 100) < 0.01, "back on the first finger")
        Self.touch(scene) { $0.up(id: 1, time: 0.5) }
        #expect(Self.darkening(Self.drawn(scene, at: 0.5).canvas, 120, 100) < 0.01, "lifted: it stays")
        #expect(Self.drawn(scene, at: 0.6).damage.isEmpty, "a frame without a move redraws nothing")

        // A hovering pen leads it while no finger is down.
        scene.ink.penHover = PenHover(point: Point(x: 300, y: 80), erases: false)
        #expect(Self.darkening(Self.drawn(scene, at: 0.7).canvas, 300, 80) < 0.01)
    }

    @Test func inPassModeItTakesNoTouch() {
        let scene = Self.scene(mode: .pass)
        for point in [Point(x: 200, y: 150), Point(x: 5, y: 5)] {
            #expect(scene.window.hitTest(point, with: nil) == nil, "every touch reaches the apps at \(point)")
        }
    }

    @Test func offItClearsEverywhereAndOnItDimsInEveryMode() {
        for mode in [AnnotationMode.off, .pass, .draw] {
            let scene = Self.scene(mode: mode)
            #expect(abs(Self.darkening(Self.drawn(scene, at: 0.1).canvas, 5, 5) - 0.6) < 0.01, "\(mode)")
            var annotate = Configuration().annotate
            (annotate.mode, annotate.toolbar) = (mode, false)
            annotate.spotlight.isOn = false
            scene.apply(scene.settings.with(annotate: annotate))
            let (canvas, damage) = Self.drawn(scene, at: 0.2)
            #expect(Self.darkening(canvas, 5, 5) == 0, "\(mode)")
            #expect(damage.contains { $0.width >= 400 && $0.height >= 300 }, "turned off: everything is redrawn")
            #expect(scene.canvasShowsNothing == (mode == .off))
        }
        let dimmer = Self.scene(mode: .off, dim: 0.25)
        #expect(abs(Self.darkening(Self.drawn(dimmer, at: 0.1).canvas, 5, 5) - 0.25) < 0.01)
    }

    @Test func aPinchInDrawModeResizesItAndDrawsNothing() {
        let scene = Self.scene(mode: .draw)
        Self.touch(scene) {
            $0.down(id: 1, at: Point(x: 180, y: 150), time: 0.1)
            $0.down(id: 2, at: Point(x: 220, y: 150), time: 0.1)
        }
        for step in 1...5 {
            let spread = 20 + Double(step) * 4  // the fingers 40 px apart, then 80
            Self.touch(scene) {
                $0.motion(id: 1, at: Point(x: 200 - spread, y: 150), time: 0.1 + Double(step) * 0.02)
                $0.motion(id: 2, at: Point(x: 200 + spread, y: 150), time: 0.1 + Double(step) * 0.02)
            }
        }
        Self.touch(scene) { $0.up(id: 1, time: 0.3); $0.up(id: 2, time: 0.3) }
        #expect(abs(scene.spotlight.radius - 120) < 1, "twice the span, twice the radius: \(scene.spotlight.radius)")
        #expect(scene.ink.document.strokes.isEmpty, "the pinch's fingers drew nothing")
        let canvas = Self.drawn(scene, at: 0.4).canvas
        #expect(Self.darkening(canvas, 200 + 110, 150) < 0.01, "110 px from the centre is inside now")

        // With the spotlight off, two fingers draw as before.
        var annotate = Configuration().annotate
        (annotate.mode, annotate.toolbar) = (.draw, false)
        scene.apply(scene.settings.with(annotate: annotate))
        Self.touch(scene) {
            $0.down(id: 3, at: Point(x: 180, y: 150), time: 1)
            $0.down(id: 4, at: Point(x: 220, y: 150), time: 1)
        }
        Self.touch(scene) {
            $0.motion(id: 3, at: Point(x: 100, y: 150), time: 1.1)
            $0.motion(id: 4, at: Point(x: 300, y: 150), time: 1.1)
        }
        Self.touch(scene) { $0.up(id: 3, time: 1.2); $0.up(id: 4, time: 1.2) }
        #expect(scene.ink.document.strokes.count == 2)
    }
}

/// The spotlight's darkening: none inside, the dim past the soft edge, smooth between.
@Suite struct SpotlightTests {
    @Test func theDarkeningRisesSmoothlyOverTheSoftEdge() {
        let spotlight = Spotlight(center: .zero, radius: 100, dim: 0.6)
        #expect(spotlight.darkening(atDistance: 50) == 0 && spotlight.darkening(atDistance: 100) == 0)
        #expect(spotlight.darkening(atDistance: 135) == 0.6 && spotlight.darkening(atDistance: 1000) == 0.6)
        #expect(abs(spotlight.darkening(atDistance: 117.5) - 0.3) < 1e-9, "half way: half the dim")
        var last = 0.0
        for d in stride(from: 100.0, through: 135, by: 1) {
            #expect(spotlight.darkening(atDistance: d) >= last)
            last = spotlight.darkening(atDistance: d)
        }
        #expect(Spotlight.clampedRadius(1) == 24 && Spotlight.clampedRadius(.infinity) == 120 && Spotlight.clampedRadius(5000) == 1200)
    }
}
