import CPixman
import CText

/// One font at one size in device pixels: its FreeType face, its HarfBuzz font for shaping,
/// and the rasterization of its glyphs (filled, or stroked for the outline) into pixman's
/// glyph cache, where each glyph is rendered once.
final class TextFace {
    let face: FT_Face
    let font: OpaquePointer  // hb_font_t
    /// The keys this face's glyphs have in the glyph cache: the filled ones and the outlines.
    let fillKey: UnsafeMutableRawPointer
    let outlineKey: UnsafeMutableRawPointer
    /// Ascent and descent in device px (positive), from the face's metrics.
    let ascent: Double
    let descent: Double
    private let stroker: FT_Stroker?

    /// `pixels`: the em size in device px; `outlineWidth`: the outline's width in device px.
    init(library: FT_Library, font: FontMatch, pixels: Double, outlineWidth: Double, keys: (UnsafeMutableRawPointer, UnsafeMutableRawPointer)) throws(TextError) {
        var face: FT_Face?
        guard FT_New_Face(library, font.path, FT_Long(font.index), &face) == 0, let face else { throw .cannotOpen(font.path) }
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72) == 0 else {
            FT_Done_Face(face)
            throw .cannotOpen(font.path)
        }
        self.face = face
        self.font = hb_ft_font_create_referenced(face)
        (fillKey, outlineKey) = keys
        let metrics = face.pointee.size.pointee.metrics
        ascent = Double(metrics.ascender) / 64
        descent = Double(-metrics.descender) / 64
        var stroker: FT_Stroker?
        if outlineWidth > 0, FT_Stroker_New(library, &stroker) == 0, let stroker {
            FT_Stroker_Set(stroker, FT_Fixed((outlineWidth * 64).rounded()), FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 0)
        }
        self.stroker = stroker
    }

    deinit {
        hb_font_destroy(font)
        if let stroker { FT_Stroker_Done(stroker) }
        FT_Done_Face(face)
    }

    /// The cached glyph `index` (filled or outline), rasterizing and inserting it on a miss.
    /// The cache must be frozen. Nil for a glyph FreeType cannot load.
    func glyph(_ index: UInt32, outline: Bool, in cache: OpaquePointer, hit: inout Bool) -> UnsafeRawPointer? {
        let key = outline ? outlineKey : fillKey
        let glyphKey = UnsafeMutableRawPointer(bitPattern: UInt(index) + 1)
        if let cached = pixman_glyph_cache_lookup(cache, key, glyphKey) {
            hit = true
            return cached
        }
        hit = false
        guard FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_BITMAP)) == 0 else { return nil }
        var glyph: FT_Glyph?
        guard FT_Get_Glyph(face.pointee.glyph, &glyph) == 0, glyph != nil else { return nil }
        defer { FT_Done_Glyph(glyph) }
        if outline, let stroker { FT_Glyph_StrokeBorder(&glyph, stroker, 0, 1) }
        guard FT_Glyph_To_Bitmap(&glyph, FT_RENDER_MODE_NORMAL, nil, 1) == 0, let glyph else { return nil }
        let bitmapGlyph = UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_BitmapGlyphRec.self)
        let bitmap = bitmapGlyph.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        // An empty glyph (a space) is cached as a 1×1 transparent image.
        let image = pixman_image_create_bits(PIXMAN_a8, Int32(max(1, width)), Int32(max(1, height)), nil, 0)
        defer { pixman_image_unref(image) }
        if width > 0, height > 0, let source = bitmap.buffer, let destination = pixman_image_get_data(image) {
            let stride = Int(pixman_image_get_stride(image))
            for row in 0..<height {
                (UnsafeMutableRawPointer(destination) + row * stride)
                    .copyMemory(from: source + row * Int(bitmap.pitch), byteCount: width)
            }
        }
        return pixman_glyph_cache_insert(cache, key, glyphKey, -bitmapGlyph.pointee.left, bitmapGlyph.pointee.top, image)
    }
}

/// Why text cannot be drawn.
public enum TextError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(String)
    case noFreeType

    public var description: String {
        switch self {
        case .cannotOpen(let path): "FreeType cannot open the font \(path)"
        case .noFreeType: "FreeType did not start"
        }
    }
}
