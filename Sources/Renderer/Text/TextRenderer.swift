import CPixman
import CText
import TouchCore
import Visualizer

/// Draws text into canvases with the libraries made for it: HarfBuzz shapes each run (so any
/// script comes out right), FreeType rasterizes each glyph once per font size into pixman's
/// glyph cache, and pixman composites them. Sizes are logical px; glyphs are rasterized at the
/// device size (size × scale), so text is crisp at integer and fractional scales. An outline,
/// stroked by FreeType and drawn under the fill, keeps text readable on any background.
public final class TextRenderer: TextMeasuring {
    /// How a piece of text looks.
    public struct Style: Hashable, Sendable {
        /// The em size, logical px.
        public var size: Double
        public var color: Color
        /// The outline's colour and width (logical px; 0: none).
        public var outline: Color
        public var outlineWidth: Double

        public init(size: Double, color: Color = .white, outline: Color = .black, outlineWidth: Double = 0) {
            (self.size, self.color, self.outline, self.outlineWidth) = (size, color, outline, outlineWidth)
        }
    }

    /// A run's size in logical px: its advance, and how far it reaches above and below the baseline.
    public struct Metrics: Equatable, Sendable {
        public var width: Double
        public var ascent: Double
        public var descent: Double
        public var height: Double { ascent + descent }
    }

    public let font: FontMatch
    private let library: FT_Library
    private var cache: OpaquePointer
    private let buffer: OpaquePointer  // hb_buffer_t
    private var faces: [FaceKey: TextFace] = [:]
    private var glyphs: [pixman_glyph_t] = []
    private var shaped = ShapingCache()
    private var nextKey: UInt = 1
    private let paint = SolidPixel(format: PIXMAN_a8r8g8b8)
    /// Full coverage, the source glyphs are added with into `coverage`.
    private let opaque = SolidPixel(format: PIXMAN_a8r8g8b8)
    /// The run's coverage, accumulated glyph by glyph and composited once in the text's colour
    /// (what `pixman_composite_glyphs` does with a mask it allocates each call), grown as needed.
    private var coverage = MaskImage(width: 256, height: 64)
    /// Glyph lookups in the cache, and how many found the glyph there (the rest were rasterized).
    public private(set) var lookups = 0
    public private(set) var hits = 0
    /// How many times HarfBuzz shaped a text (the rest came from `ShapingCache`).
    public private(set) var shapings = 0
    /// The most font sizes kept at once; past it the faces (and their glyphs) start over.
    static let faceCapacity = 16

    private struct FaceKey: Hashable {
        /// Em size and outline width in 1/64 device px.
        var size: Int
        var outline: Int
    }

    public init(font: FontMatch) throws(TextError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .noFreeType }
        self.library = library
        self.font = font
        cache = pixman_glyph_cache_create()
        buffer = hb_buffer_create()
        glyphs.reserveCapacity(256)
        opaque.value = 0xFFFF_FFFF
        // Open it once now, so a file FreeType cannot read is reported at start, not at the first caption.
        do { _ = try face(for: Style(size: 12), scale: 1) } catch {
            pixman_glyph_cache_destroy(cache)
            hb_buffer_destroy(buffer)
            FT_Done_FreeType(library)
            throw error
        }
    }

    /// A text renderer for `family`, or for the default sans when that cannot be used (with a
    /// warning saying why), or none when no font can be (captions and the HUD then show nothing).
    /// The same, with a problem handed to `warn` (one warning; the default sans, or no text,
    /// instead).
    public static func loading(family: String, warn: (String) -> Void) -> TextRenderer? {
        let (renderer, warning) = loading(family: family)
        if let warning { warn(warning) }
        return renderer
    }

    public static func loading(family: String) -> (renderer: TextRenderer?, warning: String?) {
        var problem: String
        switch FontLocator.find(family) {
        case .success(let font):
            do { return (try TextRenderer(font: font), nil) } catch { problem = error.description }
        case .failure(let error): problem = error.description
        }
        if family != FontLocator.defaultFamily, case .success(let font) = FontLocator.find(nil), let fallback = try? TextRenderer(font: font) {
            return (fallback, "font \"\(family)\": \(problem); captions use \(font.family) instead")
        }
        return (nil, "font \"\(family)\": \(problem); captions and the HUD are off")
    }

    deinit {
        faces.removeAll()
        pixman_glyph_cache_destroy(cache)
        hb_buffer_destroy(buffer)
        FT_Done_FreeType(library)
    }

    /// Device px per logical px that `measure(_:)` measures at: the scale the text will be drawn at.
    public var scale = 1.0

    /// The share of glyph lookups that found the glyph already rasterized.
    public var hitRate: Double { lookups == 0 ? 0 : Double(hits) / Double(lookups) }

    /// `text`'s size in `style` at `scale` device px per logical px.
    public func measure(_ text: String, style: Style, scale: Double) -> Metrics {
        var text = text
        return text.withUTF8 { measure(utf8: $0, style: style, scale: scale) }
    }

    /// Sets `line`'s measures at `scale` (TextMeasuring).
    public func measure(_ line: inout TextLine) {
        let metrics = line.withUTF8 { measure(utf8: $0, style: Style(size: line.size, outlineWidth: line.outlineWidth), scale: scale) }
        (line.width, line.ascent, line.descent) = (metrics.width, metrics.ascent, metrics.descent)
    }

    private func measure(utf8 text: UnsafeBufferPointer<UInt8>, style: Style, scale: Double) -> Metrics {
        let scale = Self.usable(scale)
        guard let face = try? face(for: style, scale: scale) else { return Metrics(width: 0, ascent: 0, descent: 0) }
        let advance = shape(text, with: face).advance
        return Metrics(width: advance / scale, ascent: face.ascent / scale, descent: face.descent / scale)
    }

    /// Draws `line` centred on `center` (logical px; by its measured size) in `color`, its
    /// outline in `outline`, into `canvas` only inside `clip` (device px).
    public func draw(_ line: TextLine, centeredAt center: Point, color: Color, outline: Color, scale: Double,
                     into canvas: Canvas, clip: PixelRect) {
        let style = Style(size: line.size, color: color, outline: outline, outlineWidth: line.outlineWidth)
        let origin = Point(x: center.x - line.width / 2, y: center.y - line.height / 2 + line.ascent)
        line.withUTF8 { draw(utf8: $0, style: style, at: origin, scale: scale, into: canvas, clip: clip) }
    }

    /// Draws `text` with its baseline starting at `origin` (logical px) into `canvas`, only
    /// inside `clip` (device px): the outline first, then the fill.
    public func draw(_ text: String, style: Style, at origin: Point, scale: Double, into canvas: Canvas, clip: PixelRect) {
        var text = text
        text.withUTF8 { draw(utf8: $0, style: style, at: origin, scale: scale, into: canvas, clip: clip) }
    }

    private func draw(utf8 text: UnsafeBufferPointer<UInt8>, style: Style, at origin: Point, scale: Double,
                      into canvas: Canvas, clip: PixelRect) {
        let scale = Self.usable(scale)
        guard let face = try? face(for: style, scale: scale) else { return }
        let run = shape(text, with: face)
        let x = origin.x * scale, y = origin.y * scale
        pixman_glyph_cache_freeze(cache)
        defer { pixman_glyph_cache_thaw(cache) }
        if style.outlineWidth > 0 { composite(run, face, outline: true, color: style.outline, at: (x, y), into: canvas, clip: clip) }
        composite(run, face, outline: false, color: style.color, at: (x, y), into: canvas, clip: clip)
    }

    /// How many glyphs `text` shapes into (a ligature makes one of several characters).
    func glyphCount(_ text: String, style: Style, scale: Double) -> Int {
        guard let face = try? face(for: style, scale: scale) else { return 0 }
        var text = text
        return text.withUTF8 { shape($0, with: face) }.glyphs.count
    }

    /// The face for a style at a scale, made on first use.
    private func face(for style: Style, scale: Double) throws(TextError) -> TextFace {
        let pixels = max(1, min(style.size * scale, 1_000)), outline = max(0, min(style.outlineWidth * scale, 100))
        let key = FaceKey(size: Int((pixels * 64).rounded()), outline: Int((outline * 64).rounded()))
        if let face = faces[key] { return face }
        if faces.count >= Self.faceCapacity {
            faces.removeAll()
            shaped.removeAll()
            pixman_glyph_cache_destroy(cache)  // its glyphs' keys belong to the faces that went
            cache = pixman_glyph_cache_create()
        }
        let keys = (UnsafeMutableRawPointer(bitPattern: nextKey)!, UnsafeMutableRawPointer(bitPattern: nextKey + 1)!)
        nextKey += 2
        let face = try TextFace(library: library, font: font, pixels: pixels, outlineWidth: outline, keys: keys)
        faces[key] = face
        return face
    }

    /// A scale text can be drawn at (a broken one draws at 1 rather than trap or vanish).
    private static func usable(_ scale: Double) -> Double { scale.isFinite && scale > 0 ? min(scale, 16) : 1 }

    /// The glyphs of UTF-8 `text` in `face`, shaped by HarfBuzz unless they were just now.
    private func shape(_ text: UnsafeBufferPointer<UInt8>, with face: TextFace) -> ShapingCache.Entry {
        shaped.glyphs(of: text, in: face, buffer: buffer) {
            hb_buffer_clear_contents(buffer)
            guard let base = text.baseAddress, !text.isEmpty else { return }
            base.withMemoryRebound(to: CChar.self, capacity: text.count) {
                hb_buffer_add_utf8(buffer, $0, Int32(text.count), 0, Int32(text.count))
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.font, buffer, nil, 0)
            shapings += 1
        }
    }

    /// Composites the shaped glyphs (filled or outlined) in `color` with the baseline's start at `origin` (device px).
    private func composite(_ run: ShapingCache.Entry, _ face: TextFace, outline: Bool, color: Color, at origin: (x: Double, y: Double),
                           into canvas: Canvas, clip: PixelRect) {
        glyphs.removeAll(keepingCapacity: true)
        var pen = (x: origin.x * 64, y: origin.y * 64)
        for placed in run.glyphs {
            var hit = false
            let glyph = face.glyph(placed.index, outline: outline, in: cache, hit: &hit)
            lookups += 1
            if hit { hits += 1 }
            if let glyph {
                let x = pixel(((pen.x + Double(placed.xOffset)) / 64).rounded())
                let y = pixel(((pen.y - Double(placed.yOffset)) / 64).rounded())
                glyphs.append(pixman_glyph_t(x: Int32(x), y: Int32(y), glyph: glyph))
            }
            pen.x += Double(placed.xAdvance)
            pen.y -= Double(placed.yAdvance)
        }
        guard !glyphs.isEmpty else { return }
        var extents = pixman_box32_t()
        pixman_glyph_get_extents(cache, Int32(glyphs.count), &glyphs, &extents)
        let area = PixelRect(x: Int(extents.x1), y: Int(extents.y1), width: Int(extents.x2 - extents.x1), height: Int(extents.y2 - extents.y1))
            .intersection(clip).clipped(toWidth: canvas.width, height: canvas.height)
        guard !area.isEmpty else { return }
        coverage = coverage.holding(width: area.width, height: area.height)
        coverage.clear(PixelRect(x: 0, y: 0, width: area.width, height: area.height))
        pixman_composite_glyphs_no_mask(PIXMAN_OP_ADD, opaque.image, coverage.image, 0, 0, -Int32(area.x), -Int32(area.y),
                                        cache, Int32(glyphs.count), &glyphs)
        paint.value = color.premultipliedARGB
        pixman_image_composite32(PIXMAN_OP_OVER, paint.image, coverage.image, canvas.image, 0, 0, 0, 0,
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }
}
