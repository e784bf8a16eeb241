import Annotation
import Foundation
import Testing
import TouchCore

/// The text tool on headless sway, typed for real: a replayed tap opens a box, wtype (through
/// sway's virtual-keyboard protocol) types "Hello ", a dead tilde and n, holds x for a second
/// (it repeats), then Enter. The words
/// show where the tap was, in the ink's colour; `ctl undo` takes them away; and `touchlight
/// render` draws the recording (ctl's undo is not in it) as the screen showed it, decoded by ffmpeg.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct TypedTextTests {
        static let tap = """
            touchlight-trace 6
            output 800 600 1
            0 set mode draw
            0 set tool text
            0 set color ff0000
            0 set width 8
            0.3 1 down 300 200
            0.35 1 up 300 200

            """
        static let config = "[annotate]\ntoolbar = false\nmarkers_while_drawing = false\n"


        /// The tap trace and the configuration written into the session, and where `record` writes.
        static func files(in sway: Desktop) throws -> (tap: String, config: String, recorded: String) {
            let directory = sway.runtimeDirectory.path
            let files = (directory + "/tap.trace", directory + "/text.toml", directory + "/typed.trace")
            try tap.write(toFile: files.0, atomically: true, encoding: .utf8)
            try config.write(toFile: files.1, atomically: true, encoding: .utf8)
            return files
        }

        /// wtype, started: headless sway has no keyboard until wtype makes its virtual one, and
        /// wtype holds it (reading standard input, which the test closes) before it types `keys`.
        static func keyboard(in sway: Desktop, then keys: [String]) throws -> (process: Process, input: Pipe) {
            let wtype = Process(), input = Pipe()
            wtype.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            wtype.arguments = try sway.session.asSessionUser(["env"] + sway.environment.map { "\($0.key)=\($0.value)" } + ["wtype", "-"] + keys)
            wtype.standardInput = input
            try wtype.run()
            return (wtype, input)
        }

        /// The words of each box a recording put down, its `set text` edits replayed as a replay does.
        static func typedWords(_ text: String) throws -> [String] {
            var box = TextBox(origin: .zero, color: .white, size: 20), words: [String] = []
            for setting in try TouchTrace(text: text).settings where setting.name == TextBox.settingName {
                switch TextBox.parse(settingValue: setting.value) {
                case .edited(let start, let removed, let inserted, let caret)?: _ = box.replace(from: start, removing: removed, with: inserted, caret: caret)
                case .typed(let text, let caret)?: box.set(text: text, caret: caret)
                case .commit?, .cancel?:
                    if case .commit? = TextBox.parse(settingValue: setting.value) { words.append(box.text) }
                    box = TextBox(origin: .zero, color: .white, size: 20)
                case nil: Issue.record("unreadable: \(setting.value.prefix(80))")
                }
            }
            return words
        }

        @Test func typedWordsShowWhereTheTapWasAndRenderAlike() throws {
            guard Desktop.which("wtype") != nil else {
                Issue.record("NOT RUN: wtype is not installed (scripts/install-deps test installs it)")
                return
            }
            let sway = try Desktop()
            defer { sway.stop() }
            let (tap, config, recorded) = try Self.files(in: sway)
            let baseline = try sway.screenshot("text-before")
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["record", recorded, "--replay", tap, "--config", config, "--verbose"], stderr: log)
            var printed = waitForLine(in: log, containing: "text box opened")
            #expect(printed.contains("text box opened"), "\(printed.suffix(1500))")

            // wtype types once the overlay has the keyboard's focus.
            // x is held for a second: it repeats at sway's rate (25 a second after 600 ms).
            let (wtype, input) = try Self.keyboard(in: sway, then: ["Hello ", "-k", "dead_tilde", "n", "-P", "x", "-s", "1000", "-p", "x", "-k", "Return"])
            printed += waitForLine(in: log, containing: "keyboard focus taken")
            try input.fileHandleForWriting.close()
            #expect(waitForExit(wtype, timeout: 5) && wtype.terminationStatus == 0, "wtype: \(wtype.terminationStatus)")
            printed += waitForLine(in: log, containing: "text box closed")
            #expect(printed.contains("text box closed"), "Enter commits: \(printed.suffix(1500))")

            func redCount(_ shot: Image, _ xs: Range<Int>, _ ys: Range<Int>) -> Int { xs.reduce(0) { n, x in n + ys.filter { shot[x, $0].isRedText }.count } }
            let typed = try sway.screenshot("text-typed") { redCount($0, 300..<420, 180..<222) > 80 }
            #expect(redCount(typed, 300..<420, 180..<222) > 80, "red words from the tap rightwards")
            #expect(redCount(typed, 0..<295, 0..<600) == 0 && redCount(typed, 300..<800, 230..<600) == 0, "nowhere else")
            #expect(try sway.ctl("status").output.contains(#""strokes":1"#))
            #expect(try sway.ctl("undo").status == 0)
            let undone = try sway.screenshot("text-undone") { $0.differences(from: baseline).isEmpty }
            #expect(undone.differences(from: baseline).isEmpty, "undo removes the words")

            // The recording has what the keys made, the composed ñ included, and renders alike.
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
            let trace = try String(contentsOfFile: recorded, encoding: .utf8)
            #expect(trace.hasPrefix("touchlight-trace \(TouchTrace.formatVersion)") && trace.contains("set text 7:6:0:%C3%B1") && trace.contains("set text commit"),
                    "each key is one edit: \(trace.suffix(600))")
            let words = try Self.typedWords(trace).first ?? ""
            let repeats = words.filter { $0 == "x" }.count
            #expect(words.hasPrefix("Hello ñx") && (4...20).contains(repeats), "x held for 1 s typed \(repeats) times (the first press and the compositor's repeat): \(words)")
            let frames = sway.runtimeDirectory.path + "/frames/"
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", recorded, "--out", frames, "--config", config])
            #expect(status == 0, "\(output)")
            let last = try #require(try FileManager.default.contentsOfDirectory(atPath: frames).sorted().last)
            let rendered = try Export.decode(frames + last, width: 800, height: 600)
            var opaque = 0, differing = 0
            for y in 150..<260 {
                for x in 250..<500 where rendered.alpha(x, y) == 255 {
                    opaque += 1
                    let p = typed[x, y]
                    if abs(Int(p.r) - Int(rendered.red(x, y))) > 8 || abs(Int(p.g) - Int(rendered.green(x, y))) > 8 { differing += 1 }
                }
            }
            #expect(opaque > 80 && differing <= opaque / 50, "render's opaque text pixels match the screen's: \(differing) of \(opaque) differ")

        }

        /// An input method (a minimal input-method-v2 client, as fcitx5 or squeekboard are on
        /// wlroots) types through text-input-v3, which sway relays: its composition, then its
        /// committed words, go into the box; pass mode puts them down; the recording has them.
        @Test func anInputMethodTypesIntoTheBox() throws {
            guard Desktop.which("wtype") != nil, InputMethodDriver.missingPrerequisite == nil else {
                Issue.record("NOT RUN: \(InputMethodDriver.missingPrerequisite ?? "wtype is not installed (scripts/install-deps test installs it)")")
                return
            }
            let sway = try Desktop()
            defer { sway.stop() }
            let (tap, config, recorded) = try Self.files(in: sway)
            // A keyboard (wtype's, held until the end), so that the overlay can have the focus the
            // text input follows; and the input method, before the box opens.
            let (wtype, keys) = try Self.keyboard(in: sway, then: [])
            defer { wtype.terminate() }
            let (method, methodInput, methodOutput) = try InputMethodDriver.start(committing: "Grüße IM", composing: "composing…", on: sway)
            defer { method.terminate() }
            var heard = waitForLine(in: methodOutput, containing: "ready")
            #expect(heard.contains("ready"), "the input method: \(heard)")
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["record", recorded, "--replay", tap, "--config", config, "--verbose"], stderr: log)
            var printed = waitForLine(in: log, containing: "keyboard focus taken")
            heard += waitForLine(in: methodOutput, containing: "committed")
            func redCount(_ shot: Image) -> Int { (300..<460).reduce(0) { n, x in n + (180..<222).filter { shot[x, $0].isRedText }.count } }
            #expect(heard.contains("preedit") && heard.contains("committed"), "the input method was activated: \(heard)\n\(printed.suffix(800))")
            let shown = try sway.screenshot("text-input-method-box") { redCount($0) > 80 }
            #expect(redCount(shown) > 80, "the input method's words in the box")
            // Pass mode puts the box down as ink.
            #expect(try sway.ctl("mode", "pass").status == 0)
            printed += waitForLine(in: log, containing: "text box closed")
            let shot = try sway.screenshot("text-input-method") { redCount($0) > 80 }
            #expect(redCount(shot) > 80, "the input method's words where the tap was")
            try methodInput.fileHandleForWriting.close()
            try keys.fileHandleForWriting.close()
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0)
            let trace = try String(contentsOfFile: recorded, encoding: .utf8)
            #expect(trace.contains("set text 8:0:0:Gr%C3%BC%C3%9Fe%20IM") && trace.contains("set text commit") && !trace.contains("composing"),
                    "the committed words are recorded, the composition is not: \(trace.suffix(300))\n\(printed.suffix(1500))")
        }
    }
}
