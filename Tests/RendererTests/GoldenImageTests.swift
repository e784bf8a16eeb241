import Testing
import TestSupport
import TouchCore
import Visualizer
@testable import Renderer

/// Every element and cue, rendered at scale 1 and 2 and compared with its golden image.
@Suite struct GoldenImageTests {
    static func render(_ scene: GoldenScene, scale: Double) -> Canvas {
        let canvas = Canvas(width: Int(scene.size.width * scale), height: Int(scene.size.height * scale))
        MarkerRenderer(scale: scale).drawAll(scene.items(), into: canvas)
        return canvas
    }

    @Test(arguments: GoldenScene.all, [1.0, 2.0])
    func matchesItsGolden(_ scene: GoldenScene, scale: Double) throws {
        let canvas = Self.render(scene, scale: scale)
        let drawn = (0..<canvas.height).contains { y in (0..<canvas.width).contains { canvas.pixel(x: $0, y: y) != 0 } }
        #expect(drawn, "\(scene.name) draws something")
        try GoldenImage.check(canvas, named: "\(scene.name)@\(Int(scale))x")
    }
}
