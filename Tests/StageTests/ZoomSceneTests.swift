import Annotation
@testable import Stage
import Renderer
import Testing
import TouchCore
import TouchlightConfig
import Visualizer

/// The zoom on an overlay's scene, with a made-up picture: at ×1 the overlay shows the picture
/// as it was; a two-finger pinch magnifies it around the fingers (bilinear) and cancels their
/// ink; one finger draws in picture coordinates, so the ink stays on what it marks when the
/// zoom ends; the picture's memory goes with the zoom.
@MainActor
@Suite struct ZoomSceneTests {
    static let size = Size(width: 400, height: 300)

    /// A picture of vertical stripes 20 px wide, alternately dark and light, with a red block at (200…220, 140…160).
    static func picture() -> (ZoomPicture, Canvas) {
        let canvas = Canvas(width: 400, height: 300)
        for y in 0..<300 {
            for x in 0..<400 {
                let red = (200..<220).contains(x) && (140..<160).contains(y)
                let value: UInt32 = red ? 0xFFFF_0000 : (x / 20) % 2 == 0 ? 0xFF20_2020 : 0xFFE0_E0E0
                canvas.pixels.storeBytes(of: value, toByteOffset: y * canvas.stride + x * 4, as: UInt32.self)
            }
        }
        let picture = ZoomPicture(pixels: canvas.pixels, width: 400, height: 300, stride: canvas.stride, opaque: true, yInverted: false,
                                  logicalSize: size, keeper: canvas)!
        return (picture, canvas)
    }

    static func scene() -> OverlayScene {
        testScene(size: size, markers: false) { ($0.mode, $0.markersWhileDrawing, $0.ink.color, $0.ink.width) = (.draw, false, Color(red: 0, green: 0, blue: 1), 4) }
    }

    static func drawn(_ scene: OverlayScene, at time: Double) -> Canvas {
        _ = scene.prepareFrame(now: time, pixelWidth: 400, pixelHeight: 300, renderScale: 1)
        let canvas = Canvas(width: 400, height: 300)
        _ = scene.draw(into: canvas, damage: [Rect(x: 0, y: 0, width: 400, height: 300)])
        return canvas
    }

    static func frame(_ scene: OverlayScene, _ body: (TouchDispatcher) -> Void) {
        body(scene.dispatcher)
        scene.dispatcher.frame()
    }

    @Test func aPinchMagnifiesThePictureAndTheInkStaysOnWhatItMarks() throws {
        let scene = Self.scene()
        weak var released: Canvas?
        do {
            let (picture, canvas) = Self.picture()
            released = canvas
            scene.showZoom(picture)
        }
        var shown = Self.drawn(scene, at: 0.1)
        #expect(shown.pixel(x: 10, y: 10) == 0xFF20_2020 && shown.pixel(x: 30, y: 10) == 0xFFE0_E0E0 && shown.pixel(x: 210, y: 150) == 0xFFFF_0000,
                "at ×1 the picture as it was")
        #expect(scene.ink.toolbar.state.zoomed)

        // Two fingers around (210, 150) spread from 40 to 80 px apart: ×2 there.
        Self.frame(scene) { $0.down(id: 1, at: Point(x: 190, y: 150), time: 0.2); $0.down(id: 2, at: Point(x: 230, y: 150), time: 0.2) }
        for step in 1...10 {
            let half = 20 + Double(step) * 2
            Self.frame(scene) {
                $0.motion(id: 1, at: Point(x: 210 - half, y: 150), time: 0.2 + Double(step) * 0.01)
                $0.motion(id: 2, at: Point(x: 210 + half, y: 150), time: 0.2 + Double(step) * 0.01)
            }
        }
        Self.frame(scene) { $0.up(id: 1, time: 0.4); $0.up(id: 2, time: 0.4) }
        let view = scene.zoom.view
        #expect(abs(view.scale - 2) < 0.02, "twice the span: ×2, not \(view.scale)")
        #expect(abs(view.toPicture(Point(x: 210, y: 150)).x - 210) < 1, "around the fingers")
        #expect(scene.ink.document.strokes.isEmpty, "the pinch's fingers drew nothing")
        shown = Self.drawn(scene, at: 0.5)
        // Each shown pixel is the picture sampled bilinearly at its picture point.
        for (x, y) in [(10, 10), (100, 40), (210, 150), (395, 290), (57, 199)] {
            let p = view.toPicture(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            let expected = Self.bilinear(at: Point(x: p.x - 0.5, y: p.y - 0.5))
            let got = shown.pixel(x: x, y: y)
            for shift: UInt32 in [0, 8, 16] {
                #expect(abs(Int(got >> shift & 0xFF) - Int(expected >> shift & 0xFF)) <= 3, "(\(x), \(y)): \(String(got, radix: 16)) against \(String(expected, radix: 16))")
            }
        }

        // One finger draws across the red block as it shows now; after the zoom the ink lies on the block.
        let left = view.toScreen(Point(x: 195, y: 150)), right = view.toScreen(Point(x: 225, y: 150))
        Self.frame(scene) { $0.down(id: 3, at: left, time: 1) }
        for step in 1...10 {
            let u = Double(step) / 10
            Self.frame(scene) { $0.motion(id: 3, at: Point(x: left.x + (right.x - left.x) * u, y: left.y), time: 1 + u * 0.1) }
        }
        Self.frame(scene) { $0.up(id: 3, time: 1.2) }
        let stroke = try #require(scene.ink.document.strokes.first)
        #expect(abs(stroke.samples[0].point.x - 195) < 1 && abs(stroke.samples[0].point.y - 150) < 1, "kept in picture coordinates: \(stroke.samples[0].point)")
        scene.endZoom()
        shown = Self.drawn(scene, at: 1.5)
        #expect(shown.pixel(x: 210, y: 150) & 0xFF > 0xC0 && shown.pixel(x: 210, y: 150) >> 16 & 0xFF < 0x40, "the blue ink where the block was")
        #expect(shown.pixel(x: 10, y: 10) == 0, "the live screen again: the overlay is transparent")
        #expect(released == nil, "the picture's memory went with the zoom")
    }

    /// Where the compositor can show the picture (the live overlay's subsurface), it does
    /// while two fingers move it: the overlay then draws its ink alone, and a pinch's frames
    /// redraw only where the ink was and is. At rest the picture is drawn here again.
    @Test func whileTwoFingersMoveItTheCompositorShowsThePicture() throws {
        let scene = Self.scene()
        let (picture, _) = Self.picture()
        var applied: [ZoomView] = [], compositorShows: [Bool] = []
        scene.zoom.onViewApplied = { applied.append($0) }
        scene.zoom.onCompositorShows = { compositorShows.append($0) }
        scene.showZoom(picture)
        scene.zoom.compositorCanShow = true
        Self.frame(scene) { $0.down(id: 1, at: Point(x: 100, y: 100), time: 0.1) }
        for step in 1...6 { Self.frame(scene) { $0.motion(id: 1, at: Point(x: 100 + Double(step) * 10, y: 100), time: 0.1 + Double(step) * 0.01) } }
        Self.frame(scene) { $0.up(id: 1, time: 0.2) }
        #expect(Self.drawn(scene, at: 0.3).pixel(x: 10, y: 10) == 0xFF20_2020 && compositorShows.isEmpty, "one finger draws over the picture drawn here")

        // ×2 around (150, 120): the ink, at picture (100…160, 100), shows from (50, 80) on.
        Self.frame(scene) { $0.down(id: 2, at: Point(x: 130, y: 120), time: 1); $0.down(id: 3, at: Point(x: 170, y: 120), time: 1) }
        var damage: [[Rect]] = []
        for step in 1...10 {
            let half = 20 + Double(step) * 2
            Self.frame(scene) {
                $0.motion(id: 2, at: Point(x: 150 - half, y: 120), time: 1 + Double(step) * 0.01)
                $0.motion(id: 3, at: Point(x: 150 + half, y: 120), time: 1 + Double(step) * 0.01)
            }
            damage.append(scene.prepareFrame(now: 1 + Double(step) * 0.01, pixelWidth: 400, pixelHeight: 300, renderScale: 1))
        }
        #expect(compositorShows == [true], "the compositor shows the picture from the pinch's start")
        let midPinch = Self.drawn(scene, at: 1.15)
        #expect(midPinch.pixel(x: 390, y: 290) == 0, "meanwhile the overlay draws the ink alone, over transparency")
        let area = damage.dropFirst(2).flatMap { $0 }.reduce(0.0) { $0 + $1.width * $1.height } / Double(damage.count - 2)
        #expect(area < 400 * 300 / 8, "a pinch's frame redraws only where the ink was and is: \(Int(area)) px² a frame")
        Self.frame(scene) { $0.up(id: 2, time: 1.2); $0.up(id: 3, time: 1.2) }
        #expect(abs(scene.zoom.view.scale - 2) < 0.02 && applied.last == scene.zoom.view, "the subsurface was told each view")
        #expect(compositorShows == [true, false], "at rest the picture is drawn here again")
        let rest = Self.drawn(scene, at: 1.5)
        let ink = scene.zoom.view.toScreen(Point(x: 130, y: 100))
        #expect(rest.pixel(x: Int(ink.x), y: Int(ink.y)) & 0xFF > 0xC0 && rest.pixel(x: 390, y: 290) >> 24 == 0xFF, "the ink magnified, over the picture")
    }

    /// The stripes and block, sampled bilinearly at `p` (pixel centres at whole numbers).
    static func bilinear(at p: Point) -> UInt32 {
        func pixel(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            let x = min(max(x, 0), 399), y = min(max(y, 0), 299)
            if (200..<220).contains(x) && (140..<160).contains(y) { return (255, 0, 0) }
            let v: Double = (x / 20) % 2 == 0 ? 0x20 : 0xE0
            return (v, v, v)
        }
        let x0 = Int(p.x.rounded(.down)), y0 = Int(p.y.rounded(.down)), fx = p.x - Double(x0), fy = p.y - Double(y0)
        var out: UInt32 = 0xFF00_0000
        for (channel, shift) in [(0, 16), (1, 8), (2, 0)] as [(Int, UInt32)] {
            func c(_ x: Int, _ y: Int) -> Double { let v = pixel(x, y); return [v.0, v.1, v.2][channel] }
            let top = c(x0, y0) * (1 - fx) + c(x0 + 1, y0) * fx, bottom = c(x0, y0 + 1) * (1 - fx) + c(x0 + 1, y0 + 1) * fx
            out |= UInt32((top * (1 - fy) + bottom * fy).rounded()) << shift
        }
        return out
    }
}
