import Foundation
import HeadlessSession
import Testing
import TestSupport

/// Issue 56's losses of ink, on headless sway with the real session file: ink drawn after a
/// restore was never saved; a large drawing was lost at SIGTERM; two touchlights on one state
/// folder overwrote each other's ink unseen.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct SessionKeepingTests {
        /// A session file with `strokes` pen strokes of `samples` samples on HEADLESS-1, the first
        /// across (150…630, 150); the others, when there are more, in rows down the output.
        static func sessionFile(strokes: Int, samples: Int = 2) -> Data {
            var text = #"{"format":"touchlight-session","version":2,"settings":[["tool","pen"]],"outputs":[{"name":"HEADLESS-1","pages":[["#
            text.reserveCapacity(strokes * (60 + samples * 16))
            for index in 0..<strokes {
                if index > 0 { text += "," }
                text += ##"{"tool":"pen","color":"#E53935FF","samples":["##
                let y = index == 0 ? 150 : 200 + index % 380
                for step in 0..<samples {
                    if step > 0 { text += "," }
                    let x = 150 + (index == 0 ? step * 480 / max(1, samples - 1) : step * 24 + index % 7)
                    text += "\(x).5,\(y),8"
                }
                text += "]}"
            }
            text += "]]}]}"
            return Data(text.utf8)
        }

        /// The kept session's folder in `sway`'s session, made and handed to the test user as
        /// touchlight's state folder is.
        static func stateFolder(_ sway: Desktop) throws -> URL {
            let folder = SessionTests.sessionFile(sway).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = try Desktop.run("/usr/bin/chown", ["-R", Desktop.testUser, sway.runtimeDirectory.appendingPathComponent(".local").path])
            return folder
        }

        /// Waits (up to `timeout`) for the kept session to hold `count` strokes; how many it holds.
        static func strokes(in file: URL, becoming count: Int, timeout: Double = 4) -> Int? {
            var held: Int?
            _ = eventually(timeout: timeout) {
                held = (try? Data(contentsOf: file)).flatMap { try? InkFile.strokes(in: $0) }
                return held == count
            }
            return held
        }

        /// 56.1: from the second start on, new strokes and `ctl clear` were never saved: the
        /// overlays were made, while the saved session was put back, without the keeper that
        /// saves them. Restored, then drawn on with an emulated pen, cleared, stopped; and the
        /// same after `--open`, whose file stays as it was.
        @Test(.enabled(if: PenDisplay.missingPrerequisite == nil, "SKIPPED LOUDLY: \(PenDisplay.missingPrerequisite ?? "")"))
        func inkDrawnAfterARestoreIsSaved() throws {
            let pen = try PenDisplay()
            defer { pen.stop() }
            let sway = pen.sway
            let file = SessionTests.sessionFile(sway)
            _ = try Self.stateFolder(sway)
            try Self.sessionFile(strokes: 1).write(to: file)
            var touchlight = try SessionTests.start(sway, onScreen: true)
            _ = try SessionTests.inked(sway, "restored-before-drawing", at: 150)
            _ = try pen.play([SessionTests.stroke(at: 300)])
            _ = try SessionTests.inked(sway, "restored-and-drawn", at: 300)
            #expect(Self.strokes(in: file, becoming: 2) == 2, "the new stroke is saved within the second")
            #expect(try sway.ctl("clear").status == 0)
            #expect(Self.strokes(in: file, becoming: 0) == 0, "and so is the clearing")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 8) && touchlight.terminationStatus == 0)
            #expect(Self.strokes(in: file, becoming: 0, timeout: 0) == 0, "after SIGTERM too")

            let lesson = sway.runtimeDirectory.appendingPathComponent("lesson.json")
            let prepared = Self.sessionFile(strokes: 1)
            try prepared.write(to: lesson)
            touchlight = try SessionTests.start(sway, arguments: ["--open", lesson.path], onScreen: true)
            _ = try SessionTests.inked(sway, "opened-before-clearing", at: 150)
            #expect(try sway.ctl("clear").status == 0)
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 8) && touchlight.terminationStatus == 0)
            #expect(Self.strokes(in: file, becoming: 0, timeout: 0) == 0, "what was done to an opened drawing is saved")
            #expect(try Data(contentsOf: lesson) == prepared, "the opened file stays as it was")
        }

        /// 56.2: `--open` of a 50,000-stroke drawing, SIGTERM 2 s later, ended with no session
        /// at all. Now the opened file is the session at once, start-up's reading finishes
        /// before the stop, and the last save at exit has a deadline of its own: after a change,
        /// a SIGTERM at once still writes the whole drawing.
        @Test func aLargeDrawingIsKeptThroughSIGTERM() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let folder = try Self.stateFolder(sway)
            let file = SessionTests.sessionFile(sway)
            let big = sway.runtimeDirectory.appendingPathComponent("big.json")
            let drawing = Self.sessionFile(strokes: 50_000, samples: 20)
            try drawing.write(to: big)
            let log = Pipe()
            let started = Date()
            var touchlight = try sway.start(Desktop.touchlight.path, ["annotate", "--open", big.path], stderr: log)
            usleep(2_000_000)
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 15), "SIGTERM ends it")
            let stopped = Date().timeIntervalSince(started)
            let said = drain(log)
            #expect(touchlight.terminationStatus == 0, "status \(touchlight.terminationStatus): \(said.suffix(1500))")
            #expect(Self.strokes(in: file, becoming: 50_000, timeout: 0) == 50_000, "the opened drawing is the session, whole (stopped after \(stopped) s)")
            #expect(try Data(contentsOf: file) == drawing, "as it was opened")

            let again = Pipe()
            touchlight = try sway.start(Desktop.touchlight.path, ["annotate"], stderr: again)
            #expect(eventually(timeout: 30) { (try? sway.ctl("status").status) == 0 }, "the kept drawing is read back")
            #expect(try sway.ctl("page", "new").status == 0, "a change")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 15) && touchlight.terminationStatus == 0, "\(drain(again).suffix(1500))")
            let saved = try Data(contentsOf: file)
            #expect(try InkFile.strokes(in: saved) == 50_000 && InkFile.settings(in: saved)["page"] == "2", "the change and the whole drawing")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
            #expect(left.isEmpty, "no partial file: \(left)")
        }

        /// 56.4: two touchlights (two displays here; the unit and one started by hand, or two
        /// seats, alike) on one state folder: the last writer won, silently. Now the second
        /// says who keeps the drawing and keeps none itself; the first's is saved whole.
        @Test func aSecondTouchlightOnTheSameStateFolderKeepsNoSession() throws {
            let first = try Desktop(), second = try Desktop()
            defer { first.stop(); second.stop() }
            let state = first.runtimeDirectory.appendingPathComponent("shared-state")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            let file = state.appendingPathComponent("touchlight/session.json")
            let environment = ["XDG_STATE_HOME": state.path]
            let keeper = try SessionTests.start(first, environment: environment)
            #expect(try first.ctl("tool", "highlighter").status == 0)
            #expect(eventually(timeout: 4) { (try? InkFile.settings(in: Data(contentsOf: file)))?["tool"] == "highlighter" }, "the first keeps the session")

            let log = Pipe()
            let other = try SessionTests.start(second, log, environment: environment)
            #expect(try second.ctl("tool", "arrow").status == 0, "the second runs, and takes commands")
            usleep(2_000_000)
            #expect(try InkFile.settings(in: Data(contentsOf: file))["tool"] == "highlighter", "the second writes nothing over it")
            other.terminate()
            #expect(waitForExit(other, timeout: 8) && other.terminationStatus == 0)
            let said = drain(log)
            #expect(said.contains("another touchlight (pid \(keeper.processIdentifier), on display ") && said.contains("keeps the drawing in \(file.path)")
                    && said.contains("keeps none"), "\(said.suffix(1500))")
            keeper.terminate()
            #expect(waitForExit(keeper, timeout: 8) && keeper.terminationStatus == 0)
            #expect(try InkFile.settings(in: Data(contentsOf: file))["tool"] == "highlighter", "the first's session, whole")
        }
    }
}
