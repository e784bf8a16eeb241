import Foundation
import Testing
import TestSupport
import Visualizer
@testable import TouchlightConfig

/// Bugs 10 and 11: what the configuration file used to accept silently, or report badly.
@Suite struct ConfigurationHardeningTests {
    private func problems(_ text: String) -> [ConfigurationProblem] {
        do {
            _ = try Configuration(toml: text, file: "c.toml")
            return []
        } catch { return error.problems }
    }

    private func problems(bytes: [UInt8]) throws -> [ConfigurationProblem] {
        let path = NSTemporaryDirectory() + "touchlight-config-\(UUID().uuidString).toml"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Configuration(contentsOf: path)
            return []
        } catch { return error.problems }
    }

    @Test func aNulByteIsAnErrorAtItsPosition() throws {
        let found = try problems(bytes: Array("[marker]\nradius = 20\n\0radius = 900\n".utf8))
        #expect(found.map { "\($0.line):\($0.column)" } == ["3:1"])
        #expect(found.first?.message.contains("NUL") == true)
        #expect(problems("[marker]\nradius = 2\u{0}0\n").map(\.line) == [2])
    }

    @Test func invalidUTF8IsAnErrorAtItsPosition() throws {
        let found = try problems(bytes: Array("[marker]\ncolor = \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8))
        #expect(found.map { "\($0.line):\($0.column)" } == ["2:10"])
        #expect(found.first?.message.contains("UTF-8") == true)
    }

    /// Found by the fuzz test below: TOMLKit's parser aborts the process on these (an assertion
    /// in toml++), which would kill a running overlay on reload.
    @Test(arguments: ["[!]", "[\u{FFFD}ade]", "[ é]", "[[@a]]", "[marker]\nradius = 20\n[\u{1F600}]"])
    func tableNamesTheParserCannotTakeAreErrorsNotCrashes(text: String) {
        let found = problems(text)
        #expect(found.count == 1 && found[0].message.hasPrefix("a table name starts with a letter"), "\(found)")
    }

    @Test func ordinaryHeadersStillRead() throws {
        #expect(problems("[marker]\n[ \"ripple\" ]\n['fade']\n[input]\nreplay_file = '''\n[!]\n'''\n").isEmpty)
    }

    @Test(arguments: ["#+12345", "#-12345", "# 12345", "#12345G", "#1234567", "#ＡＢＣＤＥＦ"])
    func coloursAreValidatedStrictly(colour: String) {
        #expect(Color(hex: colour) == nil)
        #expect(problems("[gestures]\ncue_color = \"\(colour)\"\n").count == 1)
    }

    @Test func validColoursStillRead() {
        #expect(Color(hex: "#a0B1c2")?.hex == "#A0B1C2FF")
        #expect(Color(hex: "#a0B1c280")?.hex == "#A0B1C280")
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let found = try problems(bytes: [UInt8](repeating: UInt8(ascii: "#"), count: Configuration.maximumFileSize + 1))
        #expect(found.count == 1 && found[0].message.contains("over the limit of 1.0 MB"), "\(found)")
    }

    @Test func anUnreadableFileSaysWhy() throws {
        do {
            _ = try Configuration(contentsOf: "/nonexistent/touchlight.toml")
            Issue.record("read a missing file")
        } catch {
            #expect(error.description.contains("No such file or directory"), "\(error)")
        }
        do {
            _ = try Configuration(contentsOf: NSTemporaryDirectory())
            Issue.record("read a directory")
        } catch {
            #expect(error.description.contains("not a regular file"), "\(error)")
        }
    }

    /// A file just under the limit full of unknown keys used to take 8 s: it is now cheap to
    /// check, lists the first problems and counts the rest. (Functional check: the count and
    /// the cap; the cost is measured, not asserted.)
    @Test func manyUnknownKeysAreCountedNotListed() {
        var text = "[marker]\n"
        var index = 0
        while text.utf8.count < Configuration.maximumFileSize - 40 {
            text += "unknown_key_number_\(index) = 1\n"
            index += 1
        }
        let found = problems(text)
        #expect(found.count == Configuration.maximumListedProblems + 1)
        #expect(found.last?.message == "and \(index - Configuration.maximumListedProblems) more problems after this one")
        #expect(found.first.map { "\($0.line):\($0.column)" } == "2:1")
    }

    @Test func positionsOfDottedAndInlineKeysAndAfterMultiLineStrings() {
        #expect(problems("[ripple]\nspacing = 10\nmarker.bogus = 1\n").map { "\($0.line):\($0.column)" } == ["3:1"])
        let dotted = problems("marker.radius = 20\nmarker.nonsense = 1\n")
        #expect(dotted.map { "\($0.line):\($0.column)" } == ["2:1"], "\(dotted)")
        let inline = problems("\nmarker = { radius = 20, bogus = 1 }\n")
        #expect(inline.map { "\($0.line):\($0.column)" } == ["2:25"], "\(inline)")
        let afterString = problems("[input]\nreplay_file = \"\"\"\nradius = 3\n[marker]\n\"\"\"\n[marker]\nbogus = 2\n")
        #expect(afterString.map { "\($0.line):\($0.column)" } == ["7:1"], "\(afterString)")
    }
}
