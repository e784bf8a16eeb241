import Foundation
import Testing
import TouchCore
import Visualizer
@testable import Renderer

/// Text through fontconfig, HarfBuzz, FreeType and pixman's glyph cache, with DejaVu Sans
/// (fonts-dejavu-core, installed by scripts/install-deps).
@Suite struct TextRendererTests {
    static let sample = "pinch ×1.8 · rotate 35° · Ωμέγα ←"

    static func renderer() throws -> TextRenderer {
        try TextRenderer(font: FontLocator.find(nil).get())
    }

    @Test func theDefaultIsDejaVuSansAndAMissingFontNamesTheFontsFound() throws {
        let font = try FontLocator.find(nil).get()
        #expect(font.family == FontLocator.preferredDefault, "\(font)")
        #expect(try FontLocator.find("DejaVu Sans Mono").get().family == "DejaVu Sans Mono")
        #expect(try FontLocator.find("dejavu sans").get().family == "DejaVu Sans", "names match without regard to case")
        guard case .failure(.noSuchFont(let name, let available)) = FontLocator.find("Comic Sans Nowhere") else {
            Issue.record("a font that is not installed was found")
            return
        }
        #expect(name == "Comic Sans Nowhere" && available.contains("DejaVu Sans"))
        #expect("\(FontProblem.noSuchFont(name, available: available))".hasPrefix("no installed font is called \"Comic Sans Nowhere\"; fonts found: "))
    }

    /// The sample (Latin, Greek, symbols) with an outline, at scales 1, 2 and 1.5: each scale
    /// rasterizes at its own device size, so the text is crisp at all three.
    @Test(arguments: [1.0, 2.0, 1.5])
    func textMatchesItsGolden(scale: Double) throws {
        let text = try Self.renderer()
        let style = TextRenderer.Style(size: 18, color: .white, outline: .black, outlineWidth: 1.5)
        let canvas = Canvas(width: Int(320 * scale), height: Int(40 * scale))
        text.draw(Self.sample, style: style, at: Point(x: 8, y: 27), scale: scale,
                  into: canvas, clip: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        let drawn = (0..<canvas.height).reduce(0) { n, y in n + (0..<canvas.width).filter { canvas.pixel(x: $0, y: y) != 0 }.count }
        #expect(drawn > Int(1_500 * scale * scale), "\(drawn) pixels drawn")
        let name = scale == 1.5 ? "text-sample@1.5x" : "text-sample@\(Int(scale))x"
        try GoldenImage.check(canvas, named: name)
    }

    /// Each glyph of a size is rasterized once: drawing the same text again only hits the cache.
    @Test func glyphsAreRasterizedOncePerSize() throws {
        let text = try Self.renderer()
        let style = TextRenderer.Style(size: 16, outlineWidth: 1)
        let canvas = Canvas(width: 400, height: 40)
        let clip = PixelRect(x: 0, y: 0, width: 400, height: 40)
        text.draw(Self.sample, style: style, at: Point(x: 4, y: 24), scale: 1, into: canvas, clip: clip)
        let (firstLookups, firstHits) = (text.lookups, text.hits)
        #expect(firstLookups > 0 && firstHits < firstLookups, "the first draw rasterizes")
        for _ in 0..<10 { text.draw(Self.sample, style: style, at: Point(x: 4, y: 24), scale: 1, into: canvas, clip: clip) }
        #expect(text.hits - firstHits == text.lookups - firstLookups, "every later lookup hits")
        print("text: glyph cache hit rate \(text.hitRate) over \(text.lookups) lookups")
    }

    /// HarfBuzz shapes: Arabic lam and alef join into one ligature glyph; sizes scale.
    @Test func runsAreShapedAndMeasured() throws {
        let text = try Self.renderer()
        let style = TextRenderer.Style(size: 20)
        #expect(text.glyphCount("\u{0644}\u{0627}", style: style, scale: 1) == 1, "lam-alef is one glyph")
        #expect(text.glyphCount("ab", style: style, scale: 1) == 2)
        let one = text.measure(Self.sample, style: style, scale: 1), two = text.measure(Self.sample, style: style, scale: 2)
        #expect(one.width > 100 && abs(one.width - two.width) < 2, "\(one.width) vs \(two.width) logical px")
        #expect(one.ascent > 10 && one.descent > 2)
    }

    /// A text is shaped once, then measured and drawn in any number of clips (a caption over
    /// several damaged tiles) from the shaping cache, with the same pixels as a renderer that
    /// shapes it afresh; another text or size is shaped again.
    @Test func aTextIsShapedOnceForItsMeasureAndEveryDraw() throws {
        let text = try Self.renderer(), fresh = try Self.renderer()
        let style = TextRenderer.Style(size: 18, color: .white, outline: .black, outlineWidth: 1.5)
        let canvas = Canvas(width: 320, height: 40), reference = Canvas(width: 320, height: 40)
        let whole = PixelRect(x: 0, y: 0, width: 320, height: 40)
        _ = text.measure(Self.sample, style: style, scale: 1)
        for column in 0..<10 {
            text.draw(Self.sample, style: style, at: Point(x: 8, y: 27), scale: 1, into: canvas,
                      clip: PixelRect(x: column * 32, y: 0, width: 32, height: 40))
        }
        #expect(text.shapings == 1, "\(text.shapings) shapings for one measure and ten clips")
        fresh.draw(Self.sample, style: style, at: Point(x: 8, y: 27), scale: 1, into: reference, clip: whole)
        let differing = (0..<40).reduce(0) { n, y in n + (0..<320).filter { canvas.pixel(x: $0, y: y) != reference.pixel(x: $0, y: y) }.count }
        #expect(differing == 0, "\(differing) pixels differ from a fresh shaping")
        text.draw("rotate 36°", style: style, at: Point(x: 8, y: 27), scale: 1, into: canvas, clip: whole)
        text.draw(Self.sample, style: TextRenderer.Style(size: 20), at: Point(x: 8, y: 27), scale: 1, into: canvas, clip: whole)
        #expect(text.shapings == 3, "a new text and a new size are shaped: \(text.shapings)")
        text.draw("rotate 36°", style: style, at: Point(x: 8, y: 27), scale: 1, into: canvas, clip: whole)
        #expect(text.shapings == 3, "kept while a few texts alternate")
    }
}
