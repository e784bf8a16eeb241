import Testing
import TestSupport
import TouchCore
import Visualizer
@testable import Renderer

/// Every element and cue, rendered at scale 1 and 2 and compared with its golden image.
@Suite struct GoldenImageTests {
    static func render(_ scene: GoldenScene, scale: Double, text: TextRenderer? = nil) -> Canvas {
        let canvas = Canvas(width: Int(scene.size.width * scale), height: Int(scene.size.height * scale))
        let renderer = MarkerRenderer(scale: scale)
        renderer.text = text
        text?.scale = scale
        renderer.drawAll(scene.items(text: text), into: canvas)
        return canvas
    }

    @Test(arguments: GoldenScene.all, [1.0, 2.0])
    func matchesItsGolden(_ scene: GoldenScene, scale: Double) throws {
        let canvas = Self.render(scene, scale: scale)
        let drawn = (0..<canvas.height).contains { y in (0..<canvas.width).contains { canvas.pixel(x: $0, y: y) != 0 } }
        #expect(drawn, "\(scene.name) draws something")
        try GoldenImage.check(canvas, named: "\(scene.name)@\(Int(scale))x")
    }

    /// Captions at scales 1, 2 and 1.5: text measured and drawn at each scale's device size.
    @Test(arguments: GoldenScene.captioned, [1.0, 2.0, 1.5])
    func captionsMatchTheirGoldens(_ scene: GoldenScene, scale: Double) throws {
        let text = try TextRendererTests.renderer()
        let canvas = Self.render(scene, scale: scale, text: text)
        let items = scene.items(text: text)
        #expect(items.contains { if case .text = $0.shape { true } else { false } }, "\(scene.name) has its caption")
        let suffix = scale == 1.5 ? "1.5x" : "\(Int(scale))x"
        try GoldenImage.check(canvas, named: "\(scene.name)@\(suffix)")
    }
}
