import CPixman
import TouchCore
import Visualizer

/// Fills a shape measured by its signed distance (not a sprite) in one colour: rasterized
/// into a scratch mask only inside the area asked for, then composited OVER once.
final class ShapePainter {
    private var scratch = MaskImage(width: 256, height: 256)
    private let paint = SolidPixel(format: PIXMAN_a8r8g8b8)

    func fill(_ shape: DeviceShape, color: Color, area: PixelRect, into canvas: Canvas) {
        fill(shape, premultiplied: color.premultipliedARGB, area: area, into: canvas)
    }

    /// `premultiplied`: the colour as a premultiplied a8r8g8b8 pixel.
    func fill(_ shape: DeviceShape, premultiplied: UInt32, area: PixelRect, into canvas: Canvas) {
        guard !area.isEmpty, premultiplied != 0 else { return }
        scratch = scratch.holding(width: area.width, height: area.height)
        scratch.rasterize(shape, originX: area.x, originY: area.y, width: area.width, height: area.height)
        paint.value = premultiplied
        pixman_image_composite32(PIXMAN_OP_OVER, paint.image, scratch.image, canvas.image,
                                 0, 0, 0, 0, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }
}
