import Foundation
import HeadlessSession
import Testing
import TestSupport

/// What a presenter draws survives the process (`[annotate] keep = "session"`, the default):
/// on headless sway with an emulated pen display (real strokes through sway's libinput and the
/// tablet protocol), ink drawn on two pages comes back after SIGTERM, and after SIGKILL a
/// second and a half after the last stroke, pixel for pixel. A damaged or later session is
/// moved aside and the overlay starts clean; a read-only folder or a full disk is said once
/// while the overlay goes on.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil && PenDisplay.missingPrerequisite == nil,
                                 "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? PenDisplay.missingPrerequisite ?? "")"))
    struct SessionTests {
        static let config = "[annotate]\nwidth = 8.0\nmarkers_while_drawing = false\ntoolbar = false\n"

        /// Where the session is kept in a test session (its HOME is its runtime directory).
        static func sessionFile(_ sway: Desktop) -> URL {
            sway.runtimeDirectory.appendingPathComponent(".local/state/touchlight/session.json")
        }

        /// touchlight annotate in draw mode, once it answers ctl; `onScreen`: once its overlay
        /// has committed its first frame, for a pen to find (with --verbose, which says so).
        static func start(_ sway: Desktop, _ log: Pipe = Pipe(), arguments: [String] = [], onScreen: Bool = false,
                          environment: [String: String] = [:]) throws -> SessionProcess {
            let config = sway.runtimeDirectory.appendingPathComponent("session.toml").path
            try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
            let touchlight = try sway.start(Desktop.touchlight.path, ["annotate", "--mode", "draw", "--config", config] + arguments + (onScreen ? ["--verbose"] : []),
                                            stderr: log, environment: environment)
            if onScreen { _ = waitForLine(in: log, containing: "first frame committed") }
            #expect(eventually { (try? sway.ctl("status").status) == 0 }, "touchlight answers")
            return touchlight
        }

        /// A pen stroke across the output at height `y`.
        static func stroke(at y: Double) -> PenDisplay.Stroke {
            PenDisplay.Stroke(points: (0...24).map { (x: 150 + Double($0) * 20, y: y, pressure: 0.6) })
        }

        /// The screen once it shows ink at (300, y) and has stopped changing.
        static func inked(_ sway: Desktop, _ name: String, at y: Int) throws -> Image {
            let shot = try sway.stillScreenshot(name, until: { $0[300, y].isInk })
            #expect(shot[300, y].isInk, "\(name): ink at (300, \(y)): \(shot[300, y])")
            return shot
        }

        /// Two pages drawn, SIGTERM, started again: the same pixels on each page. Then `ctl save
        /// --session` writes the drawing as a lesson file, `ctl clear --all` forgets every page,
        /// `--open` the lesson brings it back, and `--fresh` starts clean, leaving the session.
        @Test func everyPageComesBackAfterSIGTERM() throws {
            let pen = try PenDisplay()
            defer { pen.stop() }
            let sway = pen.sway
            var touchlight = try Self.start(sway, onScreen: true)
            _ = try pen.play([Self.stroke(at: 150), Self.stroke(at: 300)], pause: 3)
            let first = try Self.inked(sway, "session-page-1", at: 150)
            #expect(try sway.ctl("page", "new").status == 0)
            let second = try Self.inked(sway, "session-page-2", at: 300)
            #expect(!second[300, 150].isInk, "page 2 holds only its own ink")

            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
            #expect(try InkFile.strokes(in: Data(contentsOf: Self.sessionFile(sway))) == 2, "both strokes saved")
            touchlight = try Self.start(sway, onScreen: true)
            let back = try Self.inked(sway, "session-back-page-2", at: 300)
            #expect(back.differences(from: second).isEmpty, "page 2 as it was: \(back.differences(from: second).prefix(5))")
            #expect(try sway.ctl("page", "1").status == 0)
            let backFirst = try sway.stillScreenshot("session-back-page-1", until: { $0[300, 150].isInk && !$0[300, 300].isInk })
            #expect(backFirst.differences(from: first).isEmpty, "page 1 as it was: \(backFirst.differences(from: first).prefix(5))")

            // The drawing as a lesson file; then every page forgotten; then the lesson opened.
            let lesson = sway.runtimeDirectory.appendingPathComponent("lesson.json")
            #expect(try sway.ctl("save", "--session", lesson.path).status == 0)
            #expect(try InkFile.strokes(in: Data(contentsOf: lesson)) == 2, "both pages in the lesson")
            #expect(try sway.ctl("clear", "--all").status == 0)
            let cleared = try sway.stillScreenshot("session-cleared", until: { !$0[300, 150].isInk })
            #expect(!cleared[300, 150].isInk && cleared.differences(from: first).count > 1000, "every page forgotten")
            let status = try sway.ctl("status").output
            #expect(status.contains(#""page":1,"pages":1"#), "one page left: \(status)")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
            #expect(try InkFile.strokes(in: Data(contentsOf: Self.sessionFile(sway))) == 0, "the forgetting is saved")
            touchlight = try Self.start(sway, arguments: ["--open", lesson.path], onScreen: true)
            let opened = try Self.inked(sway, "session-opened", at: 150)
            #expect(opened.differences(from: first).isEmpty, "the lesson's page 1: \(opened.differences(from: first).prefix(5))")

            // --fresh starts clean and leaves the saved session as it is while nothing changes.
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5))
            let saved = try Data(contentsOf: Self.sessionFile(sway))
            touchlight = try Self.start(sway, arguments: ["--fresh"], onScreen: true)
            let fresh = try sway.stillScreenshot("session-fresh")
            #expect(!fresh[300, 150].isInk && !fresh[300, 300].isInk, "no ink with --fresh")
            #expect(try InkFile.strokes(in: saved) == 2, "what --open opened became the session")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
            #expect(try Data(contentsOf: Self.sessionFile(sway)) == saved, "the saved session is untouched")
        }

        @Test func theLastStrokeSurvivesSIGKILLASecondLater() throws {
            let pen = try PenDisplay()
            defer { pen.stop() }
            let sway = pen.sway
            var touchlight = try Self.start(sway, onScreen: true)
            let played = Date()
            let ends = try pen.play([Self.stroke(at: 200), Self.stroke(at: 400)], pause: 0.5)
            let drawn = try Self.inked(sway, "session-before-kill", at: 400)
            let lifted = played.addingTimeInterval(ends.last ?? 0)
            usleep(UInt32(max(0, lifted.addingTimeInterval(1.5).timeIntervalSinceNow) * 1_000_000))  // 1.5 s after the last lift
            kill(touchlight.processIdentifier, SIGKILL)
            #expect(waitForExit(touchlight, timeout: 5))
            touchlight = try Self.start(sway, onScreen: true)
            let back = try Self.inked(sway, "session-after-kill", at: 400)
            #expect(back.differences(from: drawn).isEmpty, "after SIGKILL: \(back.differences(from: drawn).prefix(5))")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
        }

        @Test(arguments: [
            ("not json", "not a touchlight session"),
            (#"{"format":"touchlight-session","version":7,"settings":[],"outputs":[]}"#, "written by a later touchlight (format 7"),
            (#"{"format":"touchlight-session","version":1,"settings":[],"outputs":[{"name":"HEADLESS-1","pages":[[{"tool":"pen"#, "damaged"),
        ])
        func anUnreadableSessionIsMovedAsideAndTheOverlayStartsClean(_ content: String, _ reason: String) throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let file = Self.sessionFile(sway)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: file, atomically: true, encoding: .utf8)
            _ = try Desktop.run("/usr/bin/chown", ["-R", Desktop.testUser, sway.runtimeDirectory.appendingPathComponent(".local").path])
            let log = Pipe()
            let touchlight = try Self.start(sway, log)
            #expect(try sway.ctl("tool", "highlighter").status == 0, "a change, which is saved")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
            let printed = drain(log)
            #expect(printed.contains(file.path) && printed.contains(reason) && printed.contains("moved it aside"), "\(printed.suffix(1500))")
            let aside = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).filter { $0.hasPrefix("session.json.unread-") }
            #expect(aside.count == 1, "\(aside)")
            if let name = aside.first {
                #expect(try String(contentsOf: file.deletingLastPathComponent().appendingPathComponent(name), encoding: .utf8) == content, "kept as it was")
            }
            #expect(try InkFile.settings(in: Data(contentsOf: file))["tool"] == "highlighter", "the new session is saved in its place")
        }

        /// A folder the session cannot be written to, mounted over the state folder: read-only,
        /// or full (a 16 KiB tmpfs, filled). Mounting needs root, which CI has.
        @Test(.enabled(if: getuid() == 0, "SKIPPED LOUDLY: mounting a read-only or full tmpfs needs root (CI runs as root)"),
              arguments: ["ro", "full"])
        func aFolderThatTakesNothingIsSaidOnceAndDrawingGoesOn(_ kind: String) throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let folder = Self.sessionFile(sway).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = try Desktop.run("/usr/bin/mount", ["-t", "tmpfs", "-o", (kind == "ro" ? "ro," : "") + "size=16k,mode=0777", "tmpfs", folder.path])
            defer { _ = try? Desktop.run("/usr/bin/umount", [folder.path]) }
            if kind == "full" {
                _ = try? Desktop.run("/usr/bin/dd", ["if=/dev/zero", "of=\(folder.path)/filler", "bs=4096", "count=64"])
            }
            let log = Pipe()
            let touchlight = try Self.start(sway, log)
            for tool in ["highlighter", "arrow", "pen"] {
                #expect(try sway.ctl("tool", tool).status == 0)
                usleep(1_300_000)  // each change is tried within the second
            }
            #expect(try sway.ctl("status").status == 0, "still running")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
            let printed = drain(log)
            let said = printed.components(separatedBy: "could not be saved").count - 1
            #expect(said == 1, "said once, not at every change: \(said) times in \(printed.suffix(2000))")
            #expect(printed.contains(Self.sessionFile(sway).path) && printed.contains(kind == "ro" ? "Read-only file system" : "No space left on device"),
                    "\(printed.suffix(1500))")
            #expect(!FileManager.default.fileExists(atPath: Self.sessionFile(sway).path))
            // The session's lock (issue 56.4) is the one file touchlight keeps there, when the folder takes it.
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "filler" && $0 != "session.lock" }
            #expect(left.isEmpty, "no partial file left behind: \(left)")
        }
    }
}

/// What a session file holds, read with Foundation's own JSON reader (not touchlight's).
enum InkFile {
    static func settings(in data: Data) throws -> [String: String] {
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pairs = try #require(file["settings"] as? [[String]])
        return Dictionary(pairs.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }) { $1 }
    }

    static func strokes(in data: Data) throws -> Int {
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outputs = try #require(file["outputs"] as? [[String: Any]])
        return outputs.reduce(0) { sum, output in sum + ((output["pages"] as? [[Any]])?.reduce(0) { $0 + $1.count } ?? 0) }
    }
}
