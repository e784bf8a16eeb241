import Annotation
@testable import Stage
import Renderer
import Testing
import TouchCore
import TouchlightConfig
import Visualizer

/// A hovering pen on an overlay's scene: in draw mode a dot of the ink's colour shows where it
/// would draw (a ring the eraser's reach for the eraser end), and each move redraws only the
/// places it left and reached; in pass mode, or with `[annotate] pen_hover = false`, nothing.
@MainActor
@Suite struct PenHoverSceneTests {
    static func scene(mode: AnnotationMode, penHover: Bool = true, width: Double = 16) -> OverlayScene {
        let scene = testScene(size: Size(width: 200, height: 100)) { ($0.mode, $0.penHover, $0.ink.width) = (mode, penHover, width) }
        _ = scene.prepareFrame(now: 0, pixelWidth: 200, pixelHeight: 100, renderScale: 1)
        return scene
    }

    static func drawn(_ scene: OverlayScene, at time: Double) -> (canvas: Canvas, damage: [Rect]) {
        let damage = scene.prepareFrame(now: time, pixelWidth: 200, pixelHeight: 100, renderScale: 1)
        let canvas = Canvas(width: 200, height: 100)
        _ = scene.draw(into: canvas, damage: [Rect(x: 0, y: 0, width: 200, height: 100)])
        return (canvas, damage)
    }

    static func alpha(_ canvas: Canvas, _ x: Int, _ y: Int) -> UInt32 { canvas.pixel(x: x, y: y) >> 24 }

    @Test func theTipShowsADotOfTheInksColourWhereItWouldDraw() {
        let scene = Self.scene(mode: .draw)
        scene.ink.penHover = PenHover(point: Point(x: 50, y: 50), erases: false)
        let (canvas, damage) = Self.drawn(scene, at: 0.1)
        let centre = canvas.pixel(x: 50, y: 50)
        #expect(centre >> 24 == 0xFF && (centre >> 16) & 0xFF > 0xD0 && (centre >> 8) & 0xFF < 0x60, "the ink's red: \(String(centre, radix: 16))")
        #expect(Self.alpha(canvas, 50, 62) == 0, "no larger than the stroke's width")
        #expect(damage.contains { $0.contains(Point(x: 50, y: 50)) }, "\(damage)")
        // It moves: the place it left and the place it reached are redrawn, and no more.
        scene.ink.penHover = PenHover(point: Point(x: 150, y: 50), erases: false)
        let (moved, moveDamage) = Self.drawn(scene, at: 0.2)
        #expect(Self.alpha(moved, 50, 50) == 0 && Self.alpha(moved, 150, 50) == 0xFF)
        #expect(moveDamage.count == 2 && moveDamage.allSatisfy { $0.width < 30 }, "\(moveDamage)")
        #expect(Self.drawn(scene, at: 0.3).damage.isEmpty, "a frame without a move redraws nothing")
    }

    @Test func theEraserEndShowsARingOfItsReach() {
        let scene = Self.scene(mode: .draw)
        scene.ink.penHover = PenHover(point: Point(x: 50, y: 50), erases: true)
        let (canvas, _) = Self.drawn(scene, at: 0.1)
        #expect(Self.alpha(canvas, 50, 50) == 0, "a ring: the middle stays clear")
        #expect(Self.alpha(canvas, 58, 50) > 0x80 && Self.alpha(canvas, 42, 50) > 0x80, "the ring at half the width (8 px) from the tip")
    }

    @Test func nothingShowsInPassModeOrWhenTurnedOff() {
        for scene in [Self.scene(mode: .pass), Self.scene(mode: .draw, penHover: false)] {
            scene.ink.penHover = PenHover(point: Point(x: 50, y: 50), erases: false)
            let (canvas, damage) = Self.drawn(scene, at: 0.1)
            #expect(Self.alpha(canvas, 50, 50) == 0 && damage.isEmpty)
        }
        // Switching from draw to pass takes it away.
        let scene = Self.scene(mode: .draw)
        scene.ink.penHover = PenHover(point: Point(x: 50, y: 50), erases: false)
        _ = Self.drawn(scene, at: 0.1)
        _ = scene.setMode(.pass)
        #expect(Self.alpha(Self.drawn(scene, at: 0.2).canvas, 50, 50) == 0)
    }
}
