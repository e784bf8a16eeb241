import Annotation
import CPixman
import TouchCore

/// A frozen picture of an output (a screen capture), shown under the ink while zoomed:
/// magnified and moved as `view` says, sampled bilinearly. It wraps the captured memory
/// without copying it; `keeper` holds that memory until the picture goes.
public final class ZoomPicture: Underlay {
    public let width: Int
    public let height: Int
    /// How the picture shows.
    public var view = ZoomView()
    /// The output's logical size, which the picture spans, and the canvas's device px per logical px.
    public var logicalSize: Size
    public var scale = 1.0
    private let image: OpaquePointer
    private let yInverted: Bool
    private let keeper: AnyObject

    /// `opaque`: the pixels' fourth byte is padding (XRGB), not alpha.
    public init?(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, opaque: Bool, yInverted: Bool,
                 logicalSize: Size, keeper: AnyObject) {
        guard width > 0, height > 0, stride >= width * 4,
              let image = pixman_image_create_bits(opaque ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                   pixels.assumingMemoryBound(to: UInt32.self), Int32(stride)) else { return nil }
        (self.width, self.height, self.image, self.yInverted, self.logicalSize, self.keeper) = (width, height, image, yInverted, logicalSize, keeper)
        pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)  // the edges' pixels, never black, at the borders
    }

    deinit { pixman_image_unref(image) }

    /// Bytes the picture holds.
    public var byteCount: Int { width * height * 4 }

    /// A copy of the pixels as 32-bit XRGB rows without padding, top row first (a y-inverted
    /// picture turned upright), to be written elsewhere.
    public func pixelRows() -> [UInt32] {
        guard let data = pixman_image_get_data(image) else { return [] }
        let stride = Int(pixman_image_get_stride(image)) / 4
        var rows = [UInt32](repeating: 0, count: width * height)
        rows.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let source = data + (yInverted ? height - 1 - y : y) * stride
                (target.baseAddress! + y * width).update(from: source, count: width)
            }
        }
        return rows
    }

    /// Paints `area` of `canvas` with the picture as the view shows it (what was there is replaced).
    public func composite(into canvas: Canvas, area: PixelRect) {
        guard !area.isEmpty, logicalSize.width > 0, logicalSize.height > 0, scale > 0 else { return }
        // Canvas device px d → picture px: (d / scale / zoom + offset) × picture px per logical px.
        let kx = Double(width) / logicalSize.width, ky = Double(height) / logicalSize.height
        let ax = kx / (scale * view.scale), ay = ky / (scale * view.scale)
        let tx = view.offset.x * kx, ty = view.offset.y * ky
        let identity = abs(ax - 1) < 1e-9 && abs(ay - 1) < 1e-9 && tx == 0 && ty == 0 && !yInverted
        var transform = pixman_transform_t(matrix: (
            (Self.fixed(ax), 0, Self.fixed(tx)),
            (0, Self.fixed(yInverted ? -ay : ay), Self.fixed(yInverted ? Double(height) - ty : ty)),
            (0, 0, Self.fixed(1))))
        if identity {
            pixman_image_set_transform(image, nil)
            pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
        } else {
            pixman_image_set_transform(image, &transform)
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, image, nil, canvas.image, Int32(area.x), Int32(area.y), 0, 0,
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }

    private static func fixed(_ value: Double) -> pixman_fixed_t { pixman_fixed_t((value * 65536).rounded()) }
}
