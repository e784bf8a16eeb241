import Annotation
@testable import Stage
import Testing
import Visualizer
@testable import OverlayClient

/// The control protocol's parsing: every command, and specific errors for bad lines.
@Suite struct ControlCommandTests {
    @Test func everyCommandParses() throws {
        #expect(try ControlCommand(line: "mode draw") == .mode(.set(.draw)))
        #expect(try ControlCommand(line: "mode toggle") == .mode(.toggle))
        #expect(try ControlCommand(line: "  tool   highlighter ") == .tool(.highlighter))
        #expect(try ControlCommand(line: "colour #00ff00") == .color(Color(hex: "#00ff00")!))
        #expect(try ControlCommand(line: "color #00FF0080") == .color(Color(hex: "#00FF0080")!))
        #expect(try ControlCommand(line: "width 12.5") == .width(12.5))
        #expect(try ControlCommand(line: "UNDO") == .undo)
        #expect(try ControlCommand(line: "save") == .save(directory: nil))
        #expect(try ControlCommand(line: "save /tmp/ink") == .save(directory: "/tmp/ink"))
        #expect(try ControlCommand(line: "tool stamp") == .tool(.stamp))
        #expect(try ControlCommand(line: "stamp reset") == .stampReset)
        #expect(try ControlCommand(line: "save --pdf") == .savePDF(path: nil))
        #expect(try ControlCommand(line: "save --pdf /tmp/hand.pdf") == .savePDF(path: "/tmp/hand.pdf"))
        #expect(ControlCommand.savePDF(path: "/tmp/a b.pdf").words == ["save", "--pdf", "/tmp/a b.pdf"])
        #expect(try ControlCommand(line: "screenshot") == .screenshot(path: nil))
        #expect(try ControlCommand(line: "screenshot /tmp/shot.png") == .screenshot(path: "/tmp/shot.png"))
        #expect(ControlCommand.screenshot(path: "/tmp/a b.png").words == ["screenshot", "/tmp/a b.png"])
        #expect(ControlCommand.screenshot(path: nil).keepsTextBox, "a screenshot shows the box being typed in")
        #expect(ControlCommand.stampReset.record! == ("stamp", "reset"), "a recording keeps a reset")
        #expect(try ControlCommand(recordName: "stamp", value: "reset") == .stampReset)
        for (line, command) in [("redo", ControlCommand.redo), ("clear", .clear), ("pause", .pause), ("resume", .resume),
                                ("status", .status), ("reload", .reload)] {
            #expect(try ControlCommand(line: line) == command)
        }
    }

    @Test func badLinesGetErrorsThatListWhatIsValid() {
        func message(_ line: String) -> String {
            do { _ = try ControlCommand(line: line); return "accepted" } catch { return error.description }
        }
        #expect(message("paint") == "unknown command \"paint\"; commands: \(ControlCommand.words.joined(separator: ", "))")
        #expect(message("save --pdf hand.pdf").hasPrefix("save --pdf takes at most one absolute file name"))
        #expect(message("screenshot shot.png").hasPrefix("screenshot takes at most one absolute file name"))
        #expect(message("screenshot /tmp/a.png /tmp/b.png").hasPrefix("screenshot takes at most one absolute file name"))
        #expect(message("screenshot /tmp/").hasPrefix("screenshot takes at most one absolute file name"), "a folder is no file")
        #expect(message("stamp again") == "stamp takes reset, not \"again\"")
        #expect(message("tool crayon") == "tool takes pen, highlighter, arrow, line, rectangle, ellipse, eraser, laser, text, stamp or select, not \"crayon\"")
        #expect(message("mode sideways") == "mode takes off, draw, pass or toggle, not \"sideways\"")
        #expect(message("colour red").contains("is not a colour"))
        #expect(message("width 0") == "width must be a number from 0.5 to 200.0, not \"0\"")
        #expect(message("width nan").hasPrefix("width must be a number"))
        #expect(message("width 1e999").hasPrefix("width must be a number"))
        #expect(message("undo now") == "undo takes no argument")
        #expect(message("tool") == "tool takes one argument: \(Tool.names.joined(separator: "|"))")
        #expect(message("") .hasPrefix("empty command"))
        #expect(message("\u{1}\u{2}binary") == "unknown command \"??binary\"; commands: \(ControlCommand.words.joined(separator: ", "))")
        #expect(message(String(repeating: "x", count: 10_000)).count < 300, "a huge word makes a short message")
        for odd in ["0x10", "1e1", "+3", "-2", "1.5.5", "٣", "."] {
            #expect(message("width \(odd)").hasPrefix("width must be a number"), "width \(odd): a plain decimal only")
        }
        for odd in ["0x2", "+2", "2.0"] { #expect(message("page \(odd)").hasPrefix("page takes"), "page \(odd)") }
    }

    /// Letter case means nothing in any word: each command and each of its names.
    @Test func letterCaseIsTheSameForEveryWord() throws {
        #expect(try ControlCommand(line: "MODE DRAW") == .mode(.set(.draw)))
        #expect(try ControlCommand(line: "Mode Toggle") == .mode(.toggle))
        #expect(try ControlCommand(line: "Tool Highlighter") == .tool(.highlighter))
        #expect(try ControlCommand(line: "BOARD Grid") == .board(.grid))
        #expect(try ControlCommand(line: "Spotlight ON") == .spotlight(.on))
        #expect(try ControlCommand(line: "zoom Toggle") == .zoom(.toggle))
        #expect(try ControlCommand(line: "PAGE Next") == .page(.next))
        #expect(try ControlCommand(line: "Colour #ABCDEF") == .color(Color(hex: "#abcdef")!))
    }

    /// Bugs 29.6–8: the wire carries each argument whole, so a newline cannot start a second
    /// command and a space stays inside its directory; a relative directory is the caller's
    /// business, never resolved against the overlay's working directory.
    @Test func theWireCarriesAnyArgumentWhole() throws {
        let sneaky = ["save", "/home/u/pics\npause"]
        let line = ControlCommand.wireLine(sneaky)
        #expect(!line.contains("\n"), "one line: \(line)")
        #expect(try ControlCommand(wireLine: line) == .save(directory: "/home/u/pics\npause"))
        #expect(try ControlCommand(wireLine: ControlCommand.wireLine(["save", "/home/u/my pics"])) == .save(directory: "/home/u/my pics"))
        #expect(try ControlCommand(wireLine: #"["mode","draw"]"#) == .mode(.set(.draw)))
        for bad in ["mode draw", "{\"mode\":1}", "[1,2]", "", "[\"mode\""] {
            do {
                _ = try ControlCommand(wireLine: bad)
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.description.hasPrefix("not a command: send one line holding a JSON array of strings"), "\(error)")
            }
        }
        #expect(throws: ControlError("save needs an absolute directory, not \"pics\" (touchlight ctl resolves a relative one)")) {
            try ControlCommand(words: ["save", "pics"])
        }
        #expect(try ControlCommand(line: "board grid") == .board(.grid))
        #expect(try ControlCommand(line: "page next") == .page(.next) && ControlCommand(line: "page prev") == .page(.previous))
        #expect(try ControlCommand(line: "page new") == .page(.new) && ControlCommand(line: "page 3") == .page(.number(3)))
        #expect(throws: ControlError("page takes next, prev, new or a number from 1 to 100, not \"0\"")) { try ControlCommand(line: "page 0") }
        #expect(throws: ControlError.self) { try ControlCommand(line: "page 101") }
        #expect(try ControlCommand(line: "save --all") == .save(directory: nil, allPages: true))
        #expect(try ControlCommand(line: "save --all /tmp/ink") == .save(directory: "/tmp/ink", allPages: true))
        #expect(throws: ControlError("save takes at most --all and a directory")) { try ControlCommand(line: "save /a /b") }
        #expect(try ControlCommand(line: "BOARD off") == .board(.off))
        #expect(throws: ControlError("board takes off, white, black or grid, not \"green\"")) { try ControlCommand(line: "board green") }
        #expect(throws: ControlError("board takes one argument: off|white|black|grid")) { try ControlCommand(line: "board") }
        #expect(try ControlCommand(line: "spotlight ON") == .spotlight(.on))
        #expect(try ControlCommand(line: "zoom toggle") == .zoom(.toggle))
        #expect(throws: ControlError("zoom takes on, off or toggle, not \"2\"")) { try ControlCommand(line: "zoom 2") }
        #expect(try ControlCommand(words: ["spotlight", "toggle"]) == .spotlight(.toggle))
        #expect(throws: ControlError("spotlight takes on, off or toggle, not \"dim\"")) { try ControlCommand(line: "spotlight dim") }
        #expect(throws: ControlError("spotlight takes one argument: on|off|toggle")) { try ControlCommand(line: "spotlight") }
    }

    @Test func repliesAreOneLineOfJSON() {
        let failure = ControlReply.failure("unknown tool \"a\nb\"").json
        #expect(!failure.contains("\n") && failure.hasPrefix("{\"error\":") && failure.contains("\"ok\":false"))
        let status = ControlReply(status: .init(pid: 7, mode: "draw", paused: false, tool: "pen", color: "#FF0000", width: 4,
                                                board: "grid", spotlight: true, outputs: [.init(name: "HEADLESS-1", strokes: 2, canUndo: true, canRedo: false, page: 2, pages: 3)])).json
        #expect(status == ##"{"ok":true,"status":{"board":"grid","color":"#FF0000","mode":"draw","outputs":[{"canRedo":false,"canUndo":true,"name":"HEADLESS-1","page":2,"pages":3,"strokes":2}],"paused":false,"pid":7,"spotlight":true,"tool":"pen","width":4}}"##)
    }

    @Test func theSocketPathIsPrivateAndPerDisplay() throws {
        #expect(try ControlSocket.path(environment: ["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-1"]) == "/run/user/1000/touchlight-wayland-1.sock")
        #expect(try ControlSocket.path(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/touchlight-wayland-0.sock")
        #expect(try ControlSocket.path(environment: ["XDG_RUNTIME_DIR": "/r", "WAYLAND_DISPLAY": "/tmp/x/wayland-9"]) == "/r/touchlight-wayland-9.sock")
        #expect(throws: ControlError.self) { try ControlSocket.path(environment: ["WAYLAND_DISPLAY": "wayland-1"]) }
        #expect(throws: ControlError.self) { try ControlSocket.path(environment: ["XDG_RUNTIME_DIR": "/" + String(repeating: "d", count: 200)]) }
    }
}

/// `touchlight ctl` resolves a relative file or folder against its own working directory; the
/// vocabulary says which arguments are paths, so ctl knows no command's words.
struct CommandPathTests {
    @Test func theVocabularySaysWhichArgumentsArePaths() {
        #expect(CommandWord.save.pathIndices(in: ["pics"]) == [0])
        #expect(CommandWord.save.pathIndices(in: ["--all", "pics"]) == [1])
        #expect(CommandWord.save.pathIndices(in: ["--all"]) == [])
        #expect(CommandWord.save.pathIndices(in: ["--pdf"]) == [])
        #expect(CommandWord.save.pathIndices(in: ["--session", "talk.session"]) == [1])
        #expect(CommandWord.screenshot.pathIndices(in: ["shot.png"]) == [0])
        #expect(CommandWord.screenshot.pathIndices(in: []) == [])
        #expect(CommandWord.tool.pathIndices(in: ["pen"]) == [])
        #expect(CommandWord.colour.pathIndices(in: ["#ff0000"]) == [])
    }
}
