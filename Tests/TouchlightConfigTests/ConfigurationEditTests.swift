import Foundation
import Glibc
import Testing
import Visualizer
@testable import TouchlightConfig

/// `touchlight config get|set|reset` change one key in place; `config schema` lists every key.
@Suite struct ConfigurationEditTests {
    static let file = """
        # My settings.
        [fade]
        stale_ms = 20000 # long, for demos

        [annotate]
        # red ink
        color = "#ff0000"
        palette = [
            "#ff0000",
            "#00ff00",
        ]
        width = 6.0

        # the end
        """ + "\n"

    @Test func aKeyIsSetInPlaceAndEverythingElseKept() throws {
        let colour = try ConfigurationEdit.edited(Self.file, key: "annotate.color", value: "\"#00ff00\"")
        #expect(colour == Self.file.replacingOccurrences(of: "color = \"#ff0000\"", with: "color = \"#00ff00\""))
        // A list over several lines is replaced whole.
        let palette = try ConfigurationEdit.edited(Self.file, key: "annotate.palette", value: "[\"#0000ff\"]")
        #expect(palette.contains("palette = [\"#0000ff\"]\nwidth = 6.0") && !palette.contains("\"#00ff00\",\n"), "\(palette)")
        // A key not in its section goes after the section's last key; a section not in the file at the end.
        let tool = try ConfigurationEdit.edited(Self.file, key: "annotate.tool", value: "\"pen\"")
        #expect(tool.contains("width = 6.0\ntool = \"pen\"\n\n# the end"), "\(tool)")
        let radius = try ConfigurationEdit.edited(Self.file, key: "marker.radius", value: "40.0")
        #expect(radius == Self.file + "\n[marker]\nradius = 40.0\n")
        #expect(try ConfigurationEdit.edited("", key: "marker.radius", value: "40.0") == "[marker]\nradius = 40.0\n")
        // Every edit still reads as the configuration it says.
        var expected = Configuration()
        expected.annotate.ink.width = 6
        expected.style.staleTimeout = 20
        expected.annotate.ink.tool = .pen
        expected.annotate.ink.color = Color(hex: "#ff0000")!
        expected.annotate.palette = [Color(hex: "#ff0000")!, Color(hex: "#00ff00")!]
        #expect(try Configuration(toml: tool, file: "edited.toml", fonts: .anyFamily) == expected)
    }

    @Test func aResetTakesOnlyTheKeysLinesOut() throws {
        let reset = try ConfigurationEdit.edited(Self.file, key: "annotate.palette", value: nil)
        #expect(reset == Self.file.replacingOccurrences(of: "palette = [\n    \"#ff0000\",\n    \"#00ff00\",\n]\n", with: ""), "\(reset)")
        #expect(try ConfigurationEdit.edited(Self.file, key: "annotate.tool", value: nil) == Self.file, "a key not there: nothing changes")
    }

    /// A value typed on the command line is read by the key's kind, and refused as the file
    /// would refuse it, saying what the key takes.
    @Test func valuesAreReadByTheKeysKind() throws {
        func value(_ typed: String, _ key: String) -> String {
            do { return try ConfigurationEdit.value(typed, for: key, fonts: .anyFamily) } catch { return "refused: \(error)" }
        }
        #expect(value("#00ff00", "annotate.color") == "\"#00ff00\"")
        #expect(value("\"#00ff00\"", "annotate.color") == "\"#00ff00\"")
        #expect(value("12", "annotate.width") == "12.0")
        #expect(value("2.5%", "marker.radius") == "\"2.5%\"")
        #expect(value("750", "fade.lift_ms") == "750")
        #expect(value("false", "ripple.enabled") == "false")
        #expect(value("grid", "annotate.board") == "\"grid\"")
        #expect(value("#ff0000, #00ff00", "annotate.palette") == "[\"#ff0000\", \"#00ff00\"]")
        #expect(value("[\"left\", \"middle\"]", "annotate.pointer_buttons") == "[\"left\", \"middle\"]")
        #expect(value("[]", "output.only") == "[]")
        #expect(value("false", "captions.pinch") == "false")
        #expect(value("say \"hi\"", "text.font") == "\"say \\\"hi\\\"\"", "quotes escaped")
        #expect(value("a\u{1}b\\", "text.font") == "\"a\\u0001b\\\\\"", "control characters and backslashes escaped")
        #expect(value("300", "annotate.width") == "refused: annotate.width takes a number from 0.5 to 200, not 300")
        #expect(value("0x10", "annotate.width").hasPrefix("refused: "))
        #expect(value("crayon", "annotate.tool").hasPrefix("refused: annotate.tool takes one of \"pen\""))
        #expect(value("1.5", "fade.lift_ms").hasPrefix("refused: fade.lift_ms takes a whole number of milliseconds"))
        #expect(value("yes", "ripple.enabled") == "refused: ripple.enabled takes true or false, not yes")
        #expect(value("red", "annotate.colr").hasPrefix("refused: no setting annotate.colr; did you mean annotate.color?"))
        // The escaped string reads back as typed.
        let text = try ConfigurationEdit.edited("", key: "text.font", value: value("say \"hi\"", "text.font"))
        #expect(try Configuration(toml: text, file: "font.toml", fonts: .anyFamily).font == "say \"hi\"")
    }

    @Test func getSaysTheValueInForce() throws {
        var configuration = Configuration()
        #expect(try ConfigurationEdit.current("annotate.tool", in: configuration) == "\"pen\"")
        configuration.annotate.ink.tool = .laser
        #expect(try ConfigurationEdit.current("annotate.tool", in: configuration) == "\"laser\"")
        #expect(throws: ConfigurationEdit.Refusal.self) { try ConfigurationEdit.current("annotate", in: configuration) }
    }

    /// The schema comes from the settings table: every key once, with its default, and its
    /// range or names where it has them.
    @Test func theSchemaListsEveryKey() throws {
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(SettingsSchema.json().utf8)) as? [[String: Any]])
        #expect(entries.map { $0["key"] as? String } == Setting.all.map(\.key))
        let width = try #require(entries.first { $0["key"] as? String == "annotate.width" })
        #expect(width["type"] as? String == "number" && width["minimum"] as? Double == 0.5 && width["maximum"] as? Double == 200)
        #expect(width["default"] as? Double == Configuration().annotate.ink.width && (width["doc"] as? String)?.isEmpty == false)
        let tool = try #require(entries.first { $0["key"] as? String == "annotate.tool" })
        #expect(tool["type"] as? String == "choice" && (tool["choices"] as? [String])?.contains("select") == true && tool["default"] as? String == "pen")
        let palette = try #require(entries.first { $0["key"] as? String == "annotate.palette" })
        #expect(palette["type"] as? String == "colors" && palette["maximum_count"] as? Int == 12 && (palette["default"] as? [String])?.isEmpty == false)
        #expect(entries.allSatisfy { ($0["type"] as? String)?.isEmpty == false && $0["default"] != nil && ($0["doc"] as? String)?.isEmpty == false })
    }

    /// What is written: the file, or the file a link of this user's leads to; never through
    /// another user's link; its permissions kept.
    @Test func theFileIsWrittenWhereItsOwnerMeansIt() throws {
        let folder = NSTemporaryDirectory() + "touchlight-target-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/dotfiles", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try ConfigurationTarget.resolve(folder + "/new.toml") == ConfigurationTarget(path: folder + "/new.toml", exists: false, mode: 0o644))
        FileManager.default.createFile(atPath: folder + "/dotfiles/config.toml", contents: Data(), attributes: [.posixPermissions: 0o640])
        try FileManager.default.createSymbolicLink(atPath: folder + "/config.toml", withDestinationPath: folder + "/dotfiles/config.toml")
        #expect(try ConfigurationTarget.resolve(folder + "/config.toml") == ConfigurationTarget(path: folder + "/dotfiles/config.toml", exists: true, mode: 0o640))
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.toml", withDestinationPath: folder + "/missing/config.toml")
        #expect(throws: ConfigurationEdit.Refusal.self) { try ConfigurationTarget.resolve(folder + "/dangling.toml") }
        #expect(throws: ConfigurationEdit.Refusal.self) { try ConfigurationTarget.resolve(folder + "/dotfiles") }
        // Another user's link: made so here as root; a system link (root's) as anyone else.
        let others = folder + "/others.toml"
        if getuid() == 0 {
            try FileManager.default.createSymbolicLink(atPath: others, withDestinationPath: folder + "/dotfiles/config.toml")
            #expect(lchown(others, 65534, 65534) == 0)
        }
        let link = getuid() == 0 ? others : "/etc/localtime"
        #expect(throws: ConfigurationEdit.Refusal.self, "\(link)") { try ConfigurationTarget.resolve(link) }
    }
}
