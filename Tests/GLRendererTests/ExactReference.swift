import CPixman
import TouchCore
import Visualizer
@testable import Renderer

/// pixman's own rasterization of each item at its exact position: the shapes' signed distances
/// covered as the renderer's masks cover them, composited with pixman, but without the sprite
/// cache's whole-pixel placement and quarter-pixel radii. What GL should match to the level.
enum ExactReference {
    /// Text items are drawn by `text` (the text renderer is exact already: it is what GL's textures hold).
    static func draw(_ items: [DrawItem], scale: Double, width: Int, height: Int, text: TextRenderer? = nil) -> Canvas {
        let canvas = Canvas(width: width, height: height)
        let mask = MaskImage(width: width, height: height)
        let paint = SolidPixel(format: PIXMAN_a8r8g8b8)
        let opacity = SolidPixel(format: PIXMAN_a8)
        func composite(_ shape: DeviceShape, _ color: Color, into target: Canvas) {
            paint.value = color.premultipliedARGB
            guard paint.value != 0 else { return }
            mask.rasterize(shape, originX: 0, originY: 0, width: width, height: height)
            pixman_image_composite32(PIXMAN_OP_OVER, paint.image, mask.image, target.image, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
        }
        for item in items {
            let c = Point(x: item.center.x * scale, y: item.center.y * scale)
            switch item.shape {
            case .marker(let look):
                let layer = Canvas(width: width, height: height)
                for (shape, color) in look.parts(center: c, scale: scale, color: item.color.opaque) {
                    composite(shape, color, into: layer)
                }
                opacity.value = UInt32(item.color.alphaByte)
                pixman_image_composite32(PIXMAN_OP_OVER, layer.image, opacity.image, canvas.image, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
            case .disc(let r): composite(.disc(center: c, radius: r * scale), item.color, into: canvas)
            case .ring(let r, let w): composite(.ring(center: c, radius: r * scale, width: w * scale), item.color, into: canvas)
            case .ellipse(let major, let minor, let angle):
                composite(.ellipse(center: c, major: major * scale, minor: minor * scale, angle: angle), item.color, into: canvas)
            case .arc(let r, let w, let start, let sweep):
                composite(.arc(center: c, radius: r * scale, width: w * scale, start: start, sweep: sweep), item.color, into: canvas)
            case .line(let to, let w):
                composite(.capsule(from: c, to: Point(x: to.x * scale, y: to.y * scale), width: w * scale), item.color, into: canvas)
            case .text(let line):
                text?.draw(line, centeredAt: item.center, color: item.color, outline: item.color.contrastingOutline.withOpacity(item.color.alpha),
                           scale: scale, into: canvas, clip: PixelRect(x: 0, y: 0, width: width, height: height))
            }
        }
        return canvas
    }
}
