import Annotation
import CCairo
import TouchCore
import Visualizer

/// The pages as a PDF handout (`ctl save --pdf`), drawn by cairo's PDF surface: one PDF page
/// per ink page, at the output's logical size (a logical px is a point); strokes as vector
/// paths with their widths and alpha, texts and stamps' numbers as real text (selectable), the
/// board as the page's background. Highlighter ink goes under the other ink, as on screen.
public enum InkPDF {
    /// One page: its size, the board under it (nil: none, the paper's white) and its ink.
    public struct Page: Sendable {
        public var size: Size
        public var background: PageBackground?
        public var strokes: [Stroke]

        public init(size: Size, background: PageBackground?, strokes: [Stroke]) {
            (self.size, self.background, self.strokes) = (size, background, strokes)
        }
    }

    /// The font texts are drawn in: the overlay's font file, and its ascent in ems as the
    /// overlay's text engine measures it (where a line's baseline goes).
    public struct Font: Sendable {
        public var match: FontMatch
        public var ascent: Double

        /// `engine`'s font and ascent (measured now: the engine is the loop's).
        public init(of engine: TextRenderer) {
            match = engine.font
            ascent = engine.measure("", style: TextRenderer.Style(size: 100), scale: 1).ascent / 100
        }
    }

    /// Why cairo made no document.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The whole document, in memory (it is written atomically by the caller). Texts use
    /// `font` (the overlay's, so that they look as they did). From any thread.
    public static func document(_ pages: [Page], font: Font?) throws(Failure) -> [UInt8] {
        let sink = ByteSink()
        let first = pages.first?.size ?? Size(width: 1, height: 1)
        guard let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque(), first.width, first.height) else { throw Failure(description: "cairo made no PDF surface") }
        defer { cairo_surface_destroy(surface) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, "Touchlight pages")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Touchlight")
        let face = font.flatMap { fontFace($0.match) }
        defer { if let face { cairo_font_face_destroy(face) } }
        for page in pages {
            cairo_pdf_surface_set_size(surface, max(1, page.size.width), max(1, page.size.height))
            guard let context = cairo_create(surface) else { throw Failure(description: "cairo made no drawing context") }
            var painter = PagePainter(context: context, face: face, ascent: font?.ascent ?? 0.93)
            painter.paint(page)
            cairo_show_page(context)
            cairo_destroy(context)
        }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw Failure(description: String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }

    /// cairo's face for the font file fontconfig chose for the overlay.
    private static func fontFace(_ font: FontMatch) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        font.path.withCString { path in path.withMemoryRebound(to: FcChar8.self, capacity: font.path.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_FILE, $0) } }
        FcPatternAddInteger(pattern, FC_INDEX, Int32(font.index))
        return cairo_ft_font_face_create_for_pattern(pattern)
    }
}

/// Where cairo's stream writes go.
private final class ByteSink {
    var bytes: [UInt8] = []
}
