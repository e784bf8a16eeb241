@testable import Annotation
import Foundation
@testable import Stage
import Testing
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

    @Test func theSessionLivesInTheStateFolder() {
        #expect(SessionStore.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/touchlight/session.json")
        #expect(SessionStore.path(environment: ["HOME": "/h"]) == "/h/.local/state/touchlight/session.json")
        #expect(SessionStore.path(environment: [:]) == nil)
    }
}
