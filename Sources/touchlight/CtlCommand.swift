import ArgumentParser
import FoundationEssentials
import Glibc
import Annotation
import OverlayClient

/// `touchlight ctl COMMAND`: controls the overlay running on this display, over its private
/// socket. Wayland has no global hotkeys, so this is what desktop key bindings run.
struct Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Control the running overlay: annotation mode, tool, colour, undo, board and pages, save, screenshot, pause.",
        discussion: """
            Commands: \(ControlCommand.usage). The reply is one line of JSON; the \
            exit status is 1 when the command was refused. A relative directory or file for \
            save and screenshot is taken from the directory ctl runs in. Bind them to keys in your compositor, \
            for example in sway: bindsym $mod+d exec touchlight ctl mode toggle
            """)

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The command and its argument.", valueName: "command"))
    var words: [String] = []

    func validate() throws {
        guard !words.isEmpty else { throw ValidationError("say what to do, for example `touchlight ctl mode toggle`; commands: \(ControlCommand.words.joined(separator: ", "))") }
    }

    func run() throws {
        do {
            _ = try ControlCommand(words: resolvedWords)  // refused here, with the reason, before any connection
        } catch {
            printToStandardError("touchlight ctl: \(error)")
            throw ExitCode(1)
        }
        let reply: String
        do {
            // A long command (a save of a large drawing) says it is under way, on a terminal.
            let onTerminal = isatty(2) == 1
            reply = try ControlSocket.send(ControlCommand.wireLine(resolvedWords), environment: ProcessInfo.processInfo.environment) { seconds in
                if onTerminal { printToStandardError("touchlight ctl: \(words[0]) under way (\(seconds) s)") }
            }
        } catch {
            printToStandardError("touchlight ctl: \(error)")
            throw ExitCode(1)
        }
        print(reply)
        struct Outcome: Decodable { let ok: Bool }
        if (try? JSONDecoder().decode(Outcome.self, from: Data(reply.utf8)))?.ok != true { throw ExitCode(1) }
    }

    /// The words, with each file or folder the command names (`CommandWord.pathIndices`) made
    /// absolute against this process's working directory (the overlay's is another).
    var resolvedWords: [String] {
        guard let word = words.first.flatMap(CommandWord.init(spelled:)) else { return words }
        var arguments = Array(words.dropFirst())
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        for index in word.pathIndices(in: arguments) where !arguments[index].hasPrefix("/") {
            arguments[index] = URL(fileURLWithPath: arguments[index], relativeTo: base).standardizedFileURL.path
        }
        return [words[0]] + arguments
    }
}
