import Testing
import TouchlightConfig
@testable import OverlayClient

/// The font check the program hands the configuration code: fontconfig's, through
/// `FontLocator`. A family no installed font matches is an error naming the fonts there are;
/// the generic families take fontconfig's choice, and names match in any case.
@Suite struct FontCheckTests {
    @Test func anUnknownFontIsNamedWithTheFontsFound() throws {
        do {
            _ = try Configuration(toml: "[text]\nfont = \"No Such Font 42\"\n", file: "font.toml", fonts: .fontconfig)
            Issue.record("accepted a font that is not installed")
        } catch {
            let message = try #require(error.problems.first?.description)
            #expect(message.hasPrefix("font.toml:2:1: [text] font: found \"No Such Font 42\" (a string): no installed font is called \"No Such Font 42\"; fonts found: "))
            #expect(message.contains("DejaVu Sans"), "fonts-dejavu-core is installed by scripts/install-deps: \(message)")
        }
        #expect(try Configuration(toml: "[text]\nfont = \"monospace\"\n", file: "mono.toml", fonts: .fontconfig).font == "monospace")
        #expect(try Configuration(toml: "[text]\nfont = \"dejavu sans\"\n", file: "case.toml", fonts: .fontconfig).font == "dejavu sans")
    }
}
