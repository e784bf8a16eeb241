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

    /// The zlib level files are written at: measured (`TouchBench --png`) as the fastest level
    /// whose files stay within a few percent of the smallest for overlay frames.
    public static let defaultCompressionLevel: Int32 = 6

    /// The image as a PNG file; `level` is zlib's, 0 (store) to 9 (smallest).
    public static func encode(_ image: Image, level: Int32 = defaultCompressionLevel) throws(CodingError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.rgba.count == image.width * image.height * 4 else {
            throw CodingError(description: "a \(image.width)×\(image.height) image needs \(max(0, image.width * image.height * 4)) RGBA bytes, not \(image.rgba.count)")
        }
        return try SPNGCodec.encode(image, level: min(9, max(0, level)))
    }

    /// Reads a PNG file of any colour type and depth into 8-bit straight-alpha RGBA.
    public static func decode(_ bytes: [UInt8]) throws(CodingError) -> Image {
        try SPNGCodec.decode(bytes)
    }
}
