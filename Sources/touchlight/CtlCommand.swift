import ArgumentParser
import Foundation
import OverlayClient

/// `touchlight ctl COMMAND`: controls the overlay running on this display, over its private
/// socket. Wayland has no global hotkeys, so this is what desktop key bindings run.
struct Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Control the running overlay: annotation mode, tool, colour, undo, save, pause.",
        discussion: """
            Commands: mode draw|pass|off|toggle, tool NAME, colour #RRGGBB, width N, undo, redo, \
            clear, save [DIR], pause, resume, status, reload. The reply is one line of JSON; the \
            exit status is 1 when the command was refused. Bind them to keys in your compositor, \
            for example in sway: bindsym $mod+d exec touchlight ctl mode toggle
            """)

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The command and its argument.", valueName: "command"))
    var words: [String] = []

    func validate() throws {
        guard !words.isEmpty else { throw ValidationError("say what to do, for example `touchlight ctl mode toggle`; commands: \(ControlCommand.words.joined(separator: ", "))") }
    }

    func run() throws {
        let line = words.joined(separator: " ")
        do {
            _ = try ControlCommand(line: line)
        } catch {
            printToStandardError("touchlight ctl: \(error)")
            throw ExitCode(2)
        }
        let reply: String
        do {
            reply = try ControlSocket.send(line, environment: ProcessInfo.processInfo.environment)
        } catch {
            printToStandardError("touchlight ctl: \(error)")
            throw ExitCode(1)
        }
        print(reply)
        let parsed = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any]
        if parsed?["ok"] as? Bool != true { throw ExitCode(1) }
    }
}
