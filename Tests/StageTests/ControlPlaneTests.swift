import Annotation
import Foundation
@testable import Stage
import Testing
import TouchCore

/// The control plane carries out a command on the scene and says what is left for the program
/// to do (`ControlEffect`): answer, write files it prepared, take screenshots, or reload.
@MainActor
@Suite struct ControlPlaneTests {
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "touchlight-plane-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    /// A shelf holding the ink of an output that went (HDMI-A-1): `text`, written on `renderer` first.
    static func inkAway(_ renderer: TraceRenderer, text: String) -> InkShelf {
        TextBoxReleaseTests.openBox(renderer.scene, typing: text)
        renderer.scene.ink.commitTextBox()
        let away = InkShelf()
        away.keep(renderer.scene.ink, output: "HDMI-A-1")
        return away
    }

    @Test func aSettingIsAnsweredAtOnceWithTheStatusAfterIt() throws {
        let (renderer, plane) = try TextBoxReleaseTests.target()
        guard case .reply(let reply) = plane.execute(.tool(.highlighter), on: [renderer]) else { Issue.record("not a reply"); return }
        #expect(reply.ok && reply.status?.tool == "highlighter", "\(reply.json)")
        guard case .reply(let refused) = plane.execute(.page(.previous), on: [renderer]) else { Issue.record("not a reply"); return }
        #expect(!refused.ok && refused.error == "this is the first page")
    }

    /// Saves are prepared on the loop, as files to write: one PNG per output of the page shown;
    /// a folder that is not one is refused at once, and nothing is to be written.
    @Test func aSaveIsFilesToWrite() throws {
        let (renderer, plane) = try TextBoxReleaseTests.target()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case .write(let save) = plane.execute(.save(directory: folder), on: [renderer]) else { Issue.record("not files to write"); return }
        let before = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(before.isEmpty, "nothing written before the program writes it: \(before)")
        let outcome = save.write()
        #expect(outcome.error == nil && outcome.saved.count == 1 && outcome.saved[0].hasPrefix(folder + "/touchlight-"), "\(outcome)")
        guard case .reply(let refused) = plane.execute(.save(directory: folder + "/missing"), on: [renderer]) else { Issue.record("not a reply"); return }
        #expect(!refused.ok && refused.error?.contains("is not a directory") == true, "\(refused.json)")
    }

    /// A session file holds the ink of outputs that are away too.
    @Test func aSessionKeepsTheInkOfOutputsAway() throws {
        let (renderer, plane) = try TextBoxReleaseTests.target()
        let away = Self.inkAway(renderer, text: "away")
        guard case .write(let save) = plane.execute(.saveSession(path: "/tmp/unused.session"), on: [], away: away) else {
            Issue.record("not files to write"); return
        }
        let session = try #require(save.session?.session)
        #expect(session.outputs["HDMI-A-1"]?.joined().isEmpty == false, "the output away is in the session, with its ink")
    }

    @Test func screenshotsAndReloadsAreTheProgramsToDo() throws {
        let (renderer, plane) = try TextBoxReleaseTests.target()
        guard case .screenshot(let path) = plane.execute(.screenshot(path: "/tmp/shot.png"), on: [renderer]) else { Issue.record("not a screenshot"); return }
        #expect(path == "/tmp/shot.png")
        guard case .reload = plane.execute(.reload, on: [renderer]) else { Issue.record("not a reload"); return }
        // Where nothing runs beside (render, tests), they are refused, saying why.
        #expect(plane.executeAtOnce(.screenshot(path: nil), on: [renderer]).error == "a screenshot is taken by the running overlay")
        #expect(plane.executeAtOnce(.reload, on: [renderer]).error == "no configuration file to reload")
    }

    /// `clear --all` forgets every page, the ink of outputs away included.
    @Test func clearAllForgetsTheInkAwayToo() throws {
        let (renderer, plane) = try TextBoxReleaseTests.target()
        let away = Self.inkAway(renderer, text: "gone")
        guard case .reply(let reply) = plane.execute(.clearAll, on: [renderer], away: away) else { Issue.record("not a reply"); return }
        #expect(reply.ok && away.outputs.isEmpty && renderer.scene.ink.document.strokes.isEmpty)
    }

    /// A trace's `set` records are scene records (`SceneRecord`) or commands' records: one
    /// vocabulary each, read once, and a value that does not read is refused, saying why.
    @Test func aTracesSetLinesAreSceneRecordsOrCommands() throws {
        func record(_ name: String, _ value: String) -> String {
            do { return try SceneRecord(TouchTrace.Setting(time: 0, name: name, value: value)).map { "\($0)" } ?? "not a scene record" } catch {
                return "refused: \(error)"
            }
        }
        #expect(record("pen_hover", "off") == "penHover(nil)")
        #expect(record("pen_hover", "left").hasPrefix("refused: "))
        #expect(record("spotlight_at", "10,20").hasPrefix("spotlightHover("))
        #expect(record("spotlight_at", "ten") == "refused: expected X,Y, not 'ten'")
        #expect(record("zoom", "2,100,50") == "zoomView(\"2,100,50\")")
        #expect(record("zoom", "on") == "not a scene record", "the zoom command's record")
        #expect(record("tool", "pen") == "not a scene record")
        let (renderer, plane) = try TextBoxReleaseTests.target()
        #expect(plane.replay(TouchTrace.Setting(time: 0, name: "tool", value: "laser"), on: [renderer]) == nil)
        #expect(plane.settings.ink.tool == .laser, "a command's record is carried out as the command")
        #expect(plane.replay(TouchTrace.Setting(time: 0, name: "spotlight_at", value: "ten"), on: [renderer]) == "expected X,Y, not 'ten'")
        #expect(plane.replay(TouchTrace.Setting(time: 0, name: "no_such", value: "1"), on: [renderer]) == "unknown setting no_such")
    }
}
