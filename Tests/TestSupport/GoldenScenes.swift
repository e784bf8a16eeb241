import Foundation  // sin
import TouchCore
import Visualizer

/// A scene of the golden images (Tests/RendererTests/Goldens): what to feed the visualizer and
/// when to take the frame. Every element and cue, each at its own small size; the pixman
/// renderer is compared with the images, and the GLES renderer with pixman's images.
public struct GoldenScene: Sendable, CustomStringConvertible {
    public let name: String
    public let size: Size
    public let time: Double
    /// Changes to the default style, if any.
    public let style: @Sendable (inout VisualizerStyle) -> Void
    public let build: @Sendable (TouchVisualizer) -> Void
    public var description: String { name }

    public init(name: String, size: Size, time: Double, style: @escaping @Sendable (inout VisualizerStyle) -> Void = { _ in },
                build: @escaping @Sendable (TouchVisualizer) -> Void) {
        (self.name, self.size, self.time, self.style, self.build) = (name, size, time, style, build)
    }

    /// The scene's items at its time; captions are measured by `text` (nil: none shows).
    public func items(text: (any TextMeasuring)? = nil) -> [DrawItem] {
        var style = VisualizerStyle()
        self.style(&style)
        let visualizer = TouchVisualizer(style: style)
        visualizer.textMeasurer = text
        build(visualizer)
        visualizer.update(to: time, bounds: Rect(origin: .zero, size: size))
        return visualizer.items
    }

    /// Every scene.
    public static let all: [GoldenScene] = [
        GoldenScene(name: "marker", size: Size(width: 96, height: 96), time: 0.05) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 0)
        },
        GoldenScene(name: "marker-second-finger", size: Size(width: 96, height: 96), time: 0.05) { v in
            v.touchDown(key: 1, at: Point(x: -200, y: -200), time: 0)
            v.touchDown(key: 2, at: Point(x: 48, y: 48), time: 0)
        },
        GoldenScene(name: "marker-contact-shape", size: Size(width: 96, height: 96), time: 0.05) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 0, shape: ContactShape(major: 16, minor: 9, orientation: 0.6))
        },
        GoldenScene(name: "marker-outline", size: Size(width: 96, height: 96), time: 0.05, style: { $0.markerOutline = true; $0.palette = [Color(hex: "#FFE14D")!] }) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 0)
        },
        GoldenScene(name: "marker-relative-size", size: Size(width: 120, height: 80), time: 0.05, style: { $0.markerRadiusShare = 0.25; $0.ringWidthShare = 0.05 }) { v in
            v.touchDown(key: 1, at: Point(x: 60, y: 40), time: 0)
        },
        GoldenScene(name: "marker-fading", size: Size(width: 96, height: 96), time: 1.15) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 0.8)
            v.touchUp(key: 1, time: 1.0)
        },
        GoldenScene(name: "ripple-trail", size: Size(width: 200, height: 96), time: 0.2) { v in
            v.touchDown(key: 1, at: Point(x: 40, y: 48), time: 0)
            v.touchMoved(key: 1, to: Point(x: 100, y: 48), time: 0.1)
            v.touchMoved(key: 1, to: Point(x: 160, y: 48), time: 0.2)
            v.touchUp(key: 1, time: 0.2)
        },
        GoldenScene(name: "long-press-fill", size: Size(width: 96, height: 96), time: 0.35) { v in
            v.touchDown(key: 1, at: Point(x: 48, y: 48), time: 0)
            v.pendingPress = PendingPress(key: 1, start: 0, duration: GestureDefaults.longPressDuration)
        },
        GoldenScene(name: "cue-tap", size: Size(width: 128, height: 128), time: 0.1) { v in
            v.showTap(at: Point(x: 64, y: 64), time: 0)
        },
        GoldenScene(name: "cue-double-tap", size: Size(width: 128, height: 128), time: 0.2) { v in
            v.showDoubleTap(at: Point(x: 64, y: 64), time: 0)
        },
        GoldenScene(name: "cue-long-press", size: Size(width: 160, height: 160), time: 0.15) { v in
            v.showLongPress(at: Point(x: 80, y: 80), time: 0)
        },
        GoldenScene(name: "cue-pan-trail", size: Size(width: 200, height: 120), time: 0.3) { v in
            for i in 0..<12 { v.updatePan(at: Point(x: 20 + Double(i) * 14, y: 60 + 30 * sin(Double(i) / 2)), time: Double(i) * 0.02) }
        },
        GoldenScene(name: "cue-pinch", size: Size(width: 200, height: 160), time: 0.1) { v in
            v.updatePinch(Point(x: 50, y: 100), Point(x: 150, y: 60), time: 0)
        },
        GoldenScene(name: "cue-rotation", size: Size(width: 200, height: 200), time: 0.1) { v in
            v.updateRotation(Point(x: 60, y: 100), Point(x: 140, y: 100), rotation: 1.2, time: 0)
        },
        GoldenScene(name: "cue-swipe", size: Size(width: 200, height: 96), time: 0.1) { v in
            v.showSwipe(from: Point(x: 30, y: 48), to: Point(x: 130, y: 48), time: 0)
        },
        GoldenScene(name: "cue-edge-swipe", size: Size(width: 160, height: 160), time: 0.1) { v in
            v.updateEdgeSwipe(from: Point(x: 2, y: 80), to: Point(x: 110, y: 80), time: 0)
        },
    ]

    /// Scenes with captions (drawn by the text renderer, with DejaVu Sans): they need a text
    /// measurer, and are checked at scale 1.5 too.
    public static let captioned: [GoldenScene] = [
        GoldenScene(name: "caption-pinch", size: Size(width: 240, height: 140), time: 0.1) { v in
            let a = Point(x: 70, y: 90), b = Point(x: 170, y: 90)
            v.touchDown(key: 1, at: a, time: 0)
            v.touchDown(key: 2, at: b, time: 0)
            v.updatePinch(a, b, time: 0.1)
            var measures = CaptionMeasures()
            measures.scale = 1.84
            v.caption(.pinch, measures)
        },
        // Half way through its fade: the text and its outline at half opacity.
        GoldenScene(name: "caption-swipe-fading", size: Size(width: 260, height: 110), time: 0.8 + 0.45 / 2) { v in
            v.showSwipe(from: Point(x: 200, y: 75), to: Point(x: 130, y: 75), time: 0)
            var measures = CaptionMeasures()
            (measures.fingers, measures.direction) = (2, .left)
            v.caption(.swipe, measures)
        },
        GoldenScene(name: "caption-long-press", size: Size(width: 200, height: 140), time: 0.83,
                    style: { $0.captions.size = 14; $0.captions.color = Color(hex: "#FFE14D")! }) { v in
            v.touchDown(key: 1, at: Point(x: 100, y: 90), time: 0)
            v.showLongPress(at: Point(x: 100, y: 90), time: 0.5, pressStart: 0)
            v.caption(.longPress, CaptionMeasures())
        },
    ]
}
