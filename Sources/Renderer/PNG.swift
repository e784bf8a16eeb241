/// PNG files (8-bit RGBA, straight alpha) for exported frames, ink snapshots, screenshots and
/// golden images, through libspng.
public enum PNG {
    public struct Image: Equatable, Sendable {
        public var width: Int
        public var height: Int
        /// Straight-alpha RGBA bytes, row by row.
        public var rgba: [UInt8]

        public init(width: Int, height: Int, rgba: [UInt8]) {
            (self.width, self.height, self.rgba) = (width, height, rgba)
        }
    }

    /// Why an image could not be encoded or decoded.
    public struct CodingError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The zlib level files are written at. `TouchBench --export` on a busy 1920×1080 overlay
    /// frame: level 3 encodes in a sixth of the time of the hand-written encoder this replaced
    /// (zlib 9) for files a third larger; level 6 takes 0.4× for the same size.
    public static let defaultCompressionLevel: Int32 = 3
    /// Whether rows are filtered (libspng picks a filter per row): measured slower and larger on
    /// overlay frames, which are mostly transparent, so off.
    public static let defaultFiltering = false

    /// The image as a PNG file; `level` is zlib's, 0 (store) to 9 (smallest).
    public static func encode(_ image: Image, level: Int32 = defaultCompressionLevel, filtered: Bool = defaultFiltering) throws(CodingError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.rgba.count == image.width * image.height * 4 else {
            throw CodingError(description: "a \(image.width)×\(image.height) image needs \(max(0, image.width * image.height * 4)) RGBA bytes, not \(image.rgba.count)")
        }
        return try SPNGCodec.encode(image, level: min(9, max(0, level)), filtered: filtered)
    }

    /// Reads a PNG file of any colour type and depth into 8-bit straight-alpha RGBA.
    public static func decode(_ bytes: [UInt8]) throws(CodingError) -> Image {
        try SPNGCodec.decode(bytes)
    }
}
