import CSPNG

/// PNG encoding and decoding through libspng (Debian's libspng0), for exported frames, ink
/// snapshots, screenshots and golden images.
enum SPNGCodec {
    /// Encodes straight-alpha RGBA at zlib `level` (0…9), with libspng's adaptive row filters
    /// or none.
    static func encode(_ image: PNG.Image, level: Int32, filtered: Bool) throws(PNG.CodingError) -> [UInt8] {
        guard let context = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw PNG.CodingError(description: "libspng: out of memory") }
        defer { spng_ctx_free(context) }
        spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1)
        spng_set_option(context, SPNG_IMG_COMPRESSION_LEVEL, level)
        spng_set_option(context, SPNG_FILTER_CHOICE, Int32(filtered ? SPNG_FILTER_CHOICE_ALL.rawValue : SPNG_FILTER_CHOICE_NONE.rawValue))
        var header = spng_ihdr(width: UInt32(image.width), height: UInt32(image.height), bit_depth: 8,
                               color_type: UInt8(SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue), compression_method: 0,
                               filter_method: 0, interlace_method: 0)
        try check(spng_set_ihdr(context, &header), "setting the header")
        try check(image.rgba.withUnsafeBytes { spng_encode_image(context, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue),
                                                                 Int32(SPNG_ENCODE_FINALIZE.rawValue)) }, "encoding")
        var length = 0, status: Int32 = 0
        guard let buffer = spng_get_png_buffer(context, &length, &status) else { throw error(status, "taking the encoded bytes") }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// Decodes any PNG libspng reads into straight-alpha 8-bit RGBA.
    static func decode(_ bytes: [UInt8]) throws(PNG.CodingError) -> PNG.Image {
        guard let context = spng_ctx_new(0) else { throw PNG.CodingError(description: "libspng: out of memory") }
        defer { spng_ctx_free(context) }
        try check(bytes.withUnsafeBytes { spng_set_png_buffer(context, $0.baseAddress, $0.count) }, "reading")
        var header = spng_ihdr()
        try check(spng_get_ihdr(context, &header), "reading the header")
        let format = Int32(SPNG_FMT_RGBA8.rawValue)
        var size = 0
        try check(spng_decoded_image_size(context, format, &size), "sizing the image")
        var rgba = [UInt8](repeating: 0, count: size)
        try check(rgba.withUnsafeMutableBytes { spng_decode_image(context, $0.baseAddress, $0.count, format, 0) }, "decoding")
        return PNG.Image(width: Int(header.width), height: Int(header.height), rgba: rgba)
    }

    private static func check(_ status: Int32, _ doing: String) throws(PNG.CodingError) {
        if status != 0 { throw error(status, doing) }
    }

    private static func error(_ status: Int32, _ doing: String) -> PNG.CodingError {
        PNG.CodingError(description: "libspng failed \(doing): \(String(cString: spng_strerror(status)))")
    }
}
