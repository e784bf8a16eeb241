import CPixman

/// A premultiplied ARGB8888 pixel buffer the renderer draws into: memory the caller owns (a
/// shared-memory buffer) or, for tests and screenshots, memory the canvas allocates.
public final class Canvas {
    /// The longest side a canvas, a rendered frame or a captured screen may have, in pixels:
    /// larger ones could not even be allocated on most machines.
    public static let largestSide = 16_384

    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let stride: Int
    public let pixels: UnsafeMutableRawPointer
    let image: OpaquePointer
    private let ownsPixels: Bool

    /// Wraps `pixels` (at least `stride × height` bytes, kept alive by the caller).
    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        ownsPixels = false
        image = Self.wrap(pixels, width, height, stride)
    }

    /// A transparent canvas with its own memory.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width * 4
        pixels = .allocate(byteCount: stride * height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        ownsPixels = true
        image = Self.wrap(pixels, width, height, stride)
    }

    private static func wrap(_ pixels: UnsafeMutableRawPointer, _ width: Int, _ height: Int, _ stride: Int) -> OpaquePointer {
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                   pixels.assumingMemoryBound(to: UInt32.self), Int32(stride)) else {
            fatalError("pixman could not wrap a \(width)×\(height) buffer")
        }
        return image
    }

    deinit {
        pixman_image_unref(image)
        if ownsPixels { pixels.deallocate() }
    }

    /// The premultiplied ARGB value at (x, y).
    public func pixel(x: Int, y: Int) -> UInt32 {
        pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Sets every pixel of the rectangle (device pixels, clipped) to transparent.
    public func clear(x: Int, y: Int, width w: Int, height h: Int) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return }
        for row in y0..<y1 {
            (pixels + row * stride + x0 * 4).initializeMemory(as: UInt8.self, repeating: 0, count: (x1 - x0) * 4)
        }
    }

    /// The pixels as straight-alpha RGBA bytes, row by row (for PNG files).
    public func rgbaBytes() -> [UInt8] {
        var out: [UInt8] = []
        straightRGBA(into: &out)
        return out
    }

    /// Writes the pixels into `out` as straight-alpha RGBA bytes, row by row (the layout of PNG
    /// files and of ffmpeg's `rgba`), reusing its storage: the export writes every frame through
    /// one buffer. Premultiplied colour is divided by alpha, rounding to nearest.
    public func straightRGBA(into out: inout [UInt8]) {
        let count = width * height * 4
        if out.count != count { out = [UInt8](repeating: 0, count: count) }
        out.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                var i = y * width * 4
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    if a == 0 {
                        bytes[i] = 0; bytes[i + 1] = 0; bytes[i + 2] = 0; bytes[i + 3] = 0
                    } else if a == 255 {
                        bytes[i] = UInt8(p >> 16 & 0xFF); bytes[i + 1] = UInt8(p >> 8 & 0xFF); bytes[i + 2] = UInt8(p & 0xFF); bytes[i + 3] = 255
                    } else {
                        func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
                        bytes[i] = straight(p >> 16 & 0xFF); bytes[i + 1] = straight(p >> 8 & 0xFF); bytes[i + 2] = straight(p & 0xFF)
                        bytes[i + 3] = UInt8(a)
                    }
                    i += 4
                }
            }
        }
    }
}
