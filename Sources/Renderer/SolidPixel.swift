import CPixman
import Visualizer

/// A 1×1 repeating pixman image whose one pixel can be changed: pixman treats it as a solid
/// colour (or, in a8, a constant opacity mask), without allocating an image per use.
final class SolidPixel {
    let image: OpaquePointer
    private let pixel: UnsafeMutablePointer<UInt32>

    /// `format` is `PIXMAN_a8r8g8b8` for a colour or `PIXMAN_a8` for an opacity.
    init(format: pixman_format_code_t) {
        pixel = .allocate(capacity: 1)
        pixel.initialize(to: 0)
        guard let image = pixman_image_create_bits(format, 1, 1, pixel, 4) else {
            fatalError("pixman could not create a 1×1 image")
        }
        pixman_image_set_repeat(image, PIXMAN_REPEAT_NORMAL)
        self.image = image
    }

    deinit {
        pixman_image_unref(image)
        pixel.deallocate()
    }

    /// The pixel: premultiplied ARGB8888, or for a8 the opacity in the lowest byte.
    var value: UInt32 {
        get { pixel.pointee }
        set { pixel.pointee = newValue }
    }
}

extension Color {
    /// The colour as a premultiplied ARGB8888 value.
    public var premultipliedARGB: UInt32 {
        let a = max(0, min(1, alpha))
        func channel(_ v: Double) -> UInt32 { UInt32((max(0, min(1, v)) * a * 255).rounded()) }
        return UInt32((a * 255).rounded()) << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue)
    }

    /// The alpha as a byte (0…255).
    public var alphaByte: UInt8 { UInt8((max(0, min(1, alpha)) * 255).rounded()) }
}
