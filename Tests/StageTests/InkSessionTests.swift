@testable import Annotation
import Foundation
@testable import Stage
import Testing
import TestSupport
import TouchCore
import Visualizer

/// A saved session: what it holds comes back the same, and a file that is not one (foreign,
/// later, damaged, too large) is refused with the reason, then moved aside, never deleted.
@Suite struct InkSessionTests {
    static let red = Color(hex: "#E53935FF")!

    static func session() -> InkSession {
        let pen = Stroke(id: 7, tool: .pen, color: red, samples: [InkSample(Point(x: 10, y: 20), width: 4), InkSample(Point(x: 30.25, y: 40), width: 6)])
        let box = Stroke(id: 8, tool: .rectangle, color: Color(hex: "#1E88E580")!, samples: [InkSample(Point(x: 1, y: 2), width: 3), InkSample(Point(x: 50, y: 60), width: 3)])
            .turned(by: 0.5)  // a rectangle two fingers turned
        let words = Stroke(id: 9, tool: .text, color: red, samples: [InkSample(Point(x: 100, y: 100), width: 20)],
                           text: TextContent(string: "Hello \"world\"\nsecond line", size: 20, extent: Size(width: 120, height: 50)))
        return InkSession(settings: [TouchTrace.Setting(time: 0, name: "tool", value: "highlighter"), TouchTrace.Setting(time: 0, name: "page", value: "2")],
                          outputs: ["HDMI-A-1": [[pen, box], [words, .stamp(id: 10, number: 12, at: Point(x: 300, y: 200), width: 8, color: red)]], "eDP-1": [[]]])
    }

    /// The strokes as a session keeps them: ids are given again when read, and an end time
    /// is not kept.
    static func kept(_ outputs: [String: [[Stroke]]]) -> [String: [[String]]] {
        outputs.mapValues { $0.map { $0.map { "\($0.tool) \($0.color.hex) \($0.samples.map { "\($0.point.x),\($0.point.y),\($0.width)" }) \($0.text.map { "\($0.string)|\($0.size)|\($0.extent)" } ?? "") \($0.angle)" } } }
    }

    @Test func whatIsWrittenIsReadBack() throws {
        let session = Self.session()
        let read = try InkSession(bytes: try session.encoded())
        #expect(Self.kept(read.outputs) == Self.kept(session.outputs))
        #expect(read.settings == session.settings)
        #expect(read.outputs["HDMI-A-1"]?[0].map(\.id) == [1, 2], "ids are given again, in order")
        #expect(read.outputs["HDMI-A-1"]?[1].last?.stampNumber == 12, "a numbered stamp is kept with its number")
    }

    @Test func theFileSaysWhatItIsFirst() throws {
        let text = String(decoding: try Self.session().encoded(), as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"touchlight-session","version":2,"#), "\(text.prefix(80))")
    }

    @Test(arguments: [
        (#"{"hello": 1}"#, InkSessionError.foreign),
        ("not json at all", .foreign),
        (#"{"format":"touchlight-session","version":3,"settings":[],"outputs":[]}"#, .laterVersion(3)),
    ])
    func aFileThatIsNotOneOfOursIsRefused(_ text: String, _ expected: InkSessionError) {
        #expect(throws: expected) { try InkSession(bytes: Array(text.utf8)) }
    }

    @Test(arguments: [
        ##"{"format":"touchlight-session","version":1,"settings":[],"outputs":[{"name":"A","pages":[[{"tool":"pen","color":"#FF0000FF","samples":[1,2]}]]}]}"##,
        ##"{"format":"touchlight-session","version":1,"settings":[],"outputs":[{"name":"A","pages":[[{"tool":"crayon","color":"#FF0000FF","samples":[1,2,3]}]]}]}"##,
        ##"{"format":"touchlight-session","version":1,"settings":[],"outputs":[{"name":"A","pages":[[{"tool":"pen","color":"red","samples":[1,2,3]}]]}]}"##,
        ##"{"format":"touchlight-session","version":1,"settings":[],"outputs":[{"name":"A","pages":[[{"tool":"text","color":"#FF0000FF","samples":[1,2,3]}]]}]}"##,
        ##"{"format":"touchlight-session","version":1,"settings":[["tool"]],"outputs":[]}"##,
        ##"{"format":"touchlight-session","version":2,"settings":[],"outputs":[{"name":"A","pages":[[{"tool":"select","color":"#FF0000FF","samples":[1,2,3]}]]}]}"##,
        ##"{"format":"touchlight-session","version":1,"settings":[],"outputs":[{"name":"A","pages":"##,
    ])
    func aDamagedSessionSaysWhere(_ text: String) {
        #expect {
            try InkSession(bytes: Array(text.utf8))
        } throws: { error in
            guard case .corrupt(let reason) = error as? InkSessionError else { return false }
            return !reason.isEmpty
        }
    }

    @Test func aTruncatedFileIsDamagedNotForeign() throws {
        let bytes = try Self.session().encoded()
        for cut in [bytes.count / 2, bytes.count - 1, 60] {
            #expect {
                try InkSession(bytes: Array(bytes.prefix(cut)))
            } throws: { error in
                if case .corrupt = error as? InkSessionError { true } else { false }
            }
        }
    }

    @Test func aSessionOverTheCapIsRefusedWithItsSize() {
        let bytes = [UInt8](repeating: 32, count: InkSession.maximumSize + 1)
        #expect(throws: InkSessionError.tooLarge(InkSession.maximumSize + 1)) { try InkSession(bytes: bytes) }
    }

    @Test func anUnreadableSessionIsMovedAsideNeverDeleted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("session.json").path
        #expect(SessionStore.read(path).session == nil && SessionStore.read(path).problem == nil, "no session: a clean start, nothing said")

        try Data(#"{"format":"touchlight-session","version":9}"#.utf8).write(to: URL(fileURLWithPath: path))
        let found = SessionStore.read(path)
        #expect(found.session == nil && found.mayWrite)
        let problem = try #require(found.problem)
        #expect(problem.contains(path) && problem.contains("later touchlight (format 9"), "\(problem)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("session.json.unread-") }
        #expect(aside.count == 1 && !FileManager.default.fileExists(atPath: path), "moved aside: \(aside)")
        #expect(try String(contentsOf: directory.appendingPathComponent(aside[0]), encoding: .utf8).contains(#""version":9"#), "untouched")

        try Data(try Self.session().encoded()).write(to: URL(fileURLWithPath: path))
        #expect(Self.kept(try #require(SessionStore.read(path).session).outputs) == Self.kept(Self.session().outputs))
    }

    /// A session file with one output whose pages are `pages` (each a list of stroke objects).
    static func file(version: Int = 2, pages: [String]) -> [UInt8] {
        Array(#"{"format":"touchlight-session","version":\#(version),"settings":[],"outputs":[{"name":"A","pages":[\#(pages.joined(separator: ","))]}]}"#.utf8)
    }

    static func text(_ string: String, size: Double = 20) -> String {
        let quoted = String(decoding: try! JSONSerialization.data(withJSONObject: [string], options: [.fragmentsAllowed]), as: UTF8.self).dropFirst().dropLast()
        return ##"[{"tool":"text","color":"#FF0000FF","samples":[10,10,20],"text":{"string":\##(quoted),"size":\##(size),"width":50,"height":25}}]"##
    }

    /// Issue 56.7 and 56.8: the reader holds a file to what the program makes. Each of these
    /// was read before: 1,000 pages (ctl stops at 100), version -1, a 5 MB text (425 MB of
    /// memory to draw), a text with a NUL (cut short in the PDF), ink far beyond any screen.
    @Test(arguments: [
        ("1,000 pages", file(pages: Array(repeating: "[]", count: 1000)), "1000 pages (at most 100)"),
        ("101 pages", file(pages: Array(repeating: "[]", count: 101)), "101 pages (at most 100)"),
        ("version -1", file(version: -1, pages: ["[]"]), "format -1 was never written"),
        ("version 0", file(version: 0, pages: ["[]"]), "format 0 was never written"),
        ("a 5 MB text", file(pages: [text(String(repeating: "x", count: 5_000_000))]), "a text of 5000000 bytes"),
        ("2,001 characters", file(pages: [text(String(repeating: "é", count: 2_001))]), "a text of 4002 bytes"),
        ("a NUL", file(pages: [text("Ctl\u{0}NUL after")]), "control character U+0000"),
        ("an escape", file(pages: [text("red\u{1B}[31m")]), "control character U+001B"),
        ("a text of size 1e9", file(pages: [text("big", size: 1e9)]), "a text of size 1000000000.0"),
        ("ink a million px away", file(pages: [##"[{"tool":"pen","color":"#FF0000FF","samples":[1e6,10,4]}]"##]), "more than 65536 px from the output"),
        ("a line 1e5 px wide", file(pages: [##"[{"tool":"pen","color":"#FF0000FF","samples":[10,10,1e5]}]"##]), "width is outside"),
    ])
    func whatTheProgramNeverMakesIsRefused(_ what: String, _ bytes: [UInt8], _ reason: String) {
        #expect {
            try InkSession(bytes: bytes)
        } throws: { error in
            guard case .corrupt(let said) = error as? InkSessionError else { return false }
            return said.contains(reason)
        }
    }

    /// What the program does make is read, at its limits: 100 pages, a text of 2,000
    /// characters with line breaks, ink 60,000 px away.
    @Test func theProgramsOwnLimitsAreRead() throws {
        let limits = Self.file(pages: Array(repeating: "[]", count: 98) + [Self.text(String(repeating: "ab\n", count: 666) + "ab"),
                                                                            ##"[{"tool":"pen","color":"#FF0000FF","samples":[60000,-60000,2048]}]"##])
        let session = try InkSession(bytes: limits)
        #expect(session.outputs["A"]?.count == 100)
        #expect(session.outputs["A"]?[98].first?.text?.string.count == 2_000)
    }

    /// The session's writer (`SessionWriter`) against Foundation's reader: every number comes
    /// back as the same Double, every string as the same characters, and touchlight's own
    /// reader reads the same session back.
    @Test func theWriterWritesJSONThatOthersReadTheSame() throws {
        var random = SplitMix(state: 56)
        let awkward = ["", "quote \" backslash \\ slash /", "tab\tline\nreturn\r", "\u{1}\u{1F}\u{7F}", "é 中文 🎉👩‍👩‍👧", "\u{2028}\u{2029}"]
        var strokes: [Stroke] = []
        for index in 0..<200 {
            let samples = (0..<(1 + index % 7)).map { _ in
                InkSample(Point(x: Double.random(in: -60_000...60_000, using: &random), y: [0, -0.0, 1e-300, 5e-324, 12345.125, 0.1][index % 6] + Double.random(in: 0...1, using: &random) * Double(index % 2)),
                          width: Double.random(in: 0.01...2048, using: &random))
            }
            var stroke = Stroke(id: index + 1, tool: index % 3 == 0 ? .highlighter : .pen, color: Self.red, samples: samples)
            if index % 10 == 0 { stroke = Stroke(id: index + 1, tool: .rectangle, color: Self.red, samples: [samples[0], samples[0]]).turned(by: Double.random(in: -3...3, using: &random)) }
            strokes.append(stroke)
        }
        let typed = awkward.map(TextBox.kept)  // what the text tool lets through
        let words = typed.enumerated().map { index, string in
            Stroke(id: 1000 + index, tool: .text, color: Self.red, samples: [InkSample(Point(x: 1, y: 2), width: 20)],
                   text: TextContent(string: string, size: 20.5, extent: Size(width: 30.25, height: 12)))
        }
        let session = InkSession(settings: awkward.map { TouchTrace.Setting(time: 0, name: $0, value: $0 + "!") },
                                 outputs: ["eDP-1": [strokes, words], "name \"quoted\"": [[]]])
        let bytes = try session.encoded()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(parsed["format"] as? String == "touchlight-session" && parsed["version"] as? Int == 2)
        let settings = try #require(parsed["settings"] as? [[String]])
        #expect(settings == awkward.map { [$0, $0 + "!"] })
        let outputs = try #require(parsed["outputs"] as? [[String: Any]])
        #expect(outputs.compactMap { $0["name"] as? String } == ["eDP-1", "name \"quoted\""])
        let pages = try #require(outputs[0]["pages"] as? [[[String: Any]]])
        #expect(pages[0].count == strokes.count && pages[0].allSatisfy { $0["tool"] is String && $0["color"] is String && $0["samples"] is [Any] })
        // Every number, read by Foundation's JSONDecoder (JSONSerialization reads doubles a
        // few units in the last place off, whoever wrote them), is the Double written.
        struct Numbers: Decodable {
            struct Output: Decodable { var pages: [[Stroke]] }
            struct Stroke: Decodable { var samples: [Double]; var angle: Double? }
            var outputs: [Output]
        }
        let decoded = try JSONDecoder().decode(Numbers.self, from: Data(bytes))
        for (stroke, object) in zip(strokes, decoded.outputs[0].pages[0]) {
            let expected = stroke.samples.flatMap { [$0.point.x, $0.point.y, $0.width] }
            #expect(object.samples.map(\.bitPattern) == expected.map(\.bitPattern), "stroke \(stroke.id): \(object.samples) ≠ \(expected)")
            #expect((object.angle ?? 0).bitPattern == stroke.angle.bitPattern)
        }
        #expect(pages[1].compactMap { ($0["text"] as? [String: Any])?["string"] as? String } == typed)
        let read = try InkSession(bytes: bytes)
        #expect(Self.kept(read.outputs) == Self.kept(session.outputs))
        #expect(read.settings == session.settings)
    }

    @Test func theSessionLivesInTheStateFolder() {
        #expect(SessionStore.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/touchlight/session.json")
        #expect(SessionStore.path(environment: ["HOME": "/h"]) == "/h/.local/state/touchlight/session.json")
        #expect(SessionStore.path(environment: [:]) == nil)
    }
}
