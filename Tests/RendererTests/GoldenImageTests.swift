import Testing
import TouchCore
import Visualizer
@testable import Renderer

/// Every element and cue, rendered at scale 1 and 2 and compared with its golden image.
@Suite struct GoldenImageTests {
    /// A scene: what to feed the visualizer and when to take the frame.
    struct Scene: Sendable, CustomStringConvertible {
        let name: String
        let size: Size
        let time: Double
        let build: @Sendable (TouchVisualizer) -> Void
        var description: String { name }
    }

    static let scenes: [Scene] = [
        Scene(name: "marker", size: Size(width: 96, height: 96), time: 0.05) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 0)
        },
        Scene(name: "marker-second-finger", size: Size(width: 96, height: 96), time: 0.05) { v in
            v.touchDown(key: 1, at: Point(x: -200, y: -200), time: 0)
            v.touchDown(key: 2, at: Point(x: 48, y: 48), time: 0)
        },
        Scene(name: "marker-contact-shape", size: Size(width: 96, height: 96), time: 0.05) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 0, shape: ContactShape(major: 16, minor: 9, orientation: 0.6))
        },
        Scene(name: "marker-fading", size: Size(width: 96, height: 96), time: 1.15) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 1)
            v.touchUp(key: 1, time: 1.0)
        },
        Scene(name: "ripple-trail", size: Size(width: 200, height: 96), time: 0.2) { v in
            v.touchDown(key: 1, at: Point(x: 40, y: 48), time: 0)
            v.touchMoved(key: 1, to: Point(x: 100, y: 48), time: 0.1)
            v.touchMoved(key: 1, to: Point(x: 160, y: 48), time: 0.2)
            v.touchUp(key: 1, time: 0.2)
        },
        Scene(name: "long-press-fill", size: Size(width: 96, height: 96), time: 0.35) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 0)
            v.pendingPress = PendingPress(key: 1, start: 0, duration: GestureDefaults.longPressDuration)
        },
        Scene(name: "cue-tap", size: Size(width: 128, height: 128), time: 0.1) { v in
            v.showTap(at: Point(x: 64, y: 64), time: 0)
        },
        Scene(name: "cue-double-tap", size: Size(width: 128, height: 128), time: 0.2) { v in
            v.showDoubleTap(at: Point(x: 64, y: 64), time: 0)
        },
        Scene(name: "cue-long-press", size: Size(width: 160, height: 160), time: 0.15) { v in
            v.showLongPress(at: Point(x: 80, y: 80), time: 0)
        },
        Scene(name: "cue-pan-trail", size: Size(width: 200, height: 120), time: 0.3) { v in
            for i in 0..<12 { v.updatePan(at: Point(x: 20 + Double(i) * 14, y: 60 + 30 * sine(Double(i) / 2)), time: Double(i) * 0.02) }
        },
        Scene(name: "cue-pinch", size: Size(width: 200, height: 160), time: 0.1) { v in
            v.updatePinch(Point(x: 50, y: 100), Point(x: 150, y: 60), time: 0)
        },
        Scene(name: "cue-rotation", size: Size(width: 200, height: 200), time: 0.1) { v in
            v.updateRotation(Point(x: 60, y: 100), Point(x: 140, y: 100), rotation: 1.2, time: 0)
        },
        Scene(name: "cue-swipe", size: Size(width: 200, height: 96), time: 0.1) { v in
            v.showSwipe(from: Point(x: 30, y: 48), to: Point(x: 130, y: 48), time: 0)
        },
        Scene(name: "cue-edge-swipe", size: Size(width: 160, height: 160), time: 0.1) { v in
            v.updateEdgeSwipe(from: Point(x: 2, y: 80), to: Point(x: 110, y: 80), time: 0)
        },
    ]

    static func render(_ scene: Scene, scale: Double) -> Canvas {
        let visualizer = TouchVisualizer()
        scene.build(visualizer)
        visualizer.update(to: scene.time, bounds: Rect(origin: .zero, size: scene.size))
        let canvas = Canvas(width: Int(scene.size.width * scale), height: Int(scene.size.height * scale))
        MarkerRenderer(scale: scale).drawAll(visualizer.items, into: canvas)
        return canvas
    }

    @Test(arguments: scenes, [1.0, 2.0])
    func matchesItsGolden(_ scene: Scene, scale: Double) throws {
        let canvas = Self.render(scene, scale: scale)
        let drawn = (0..<canvas.height).contains { y in (0..<canvas.width).contains { canvas.pixel(x: $0, y: y) != 0 } }
        #expect(drawn, "\(scene.name) draws something")
        try GoldenImage.check(canvas, named: "\(scene.name)@\(Int(scale))x")
    }
}

import Foundation
func sine(_ x: Double) -> Double { sin(x) }
