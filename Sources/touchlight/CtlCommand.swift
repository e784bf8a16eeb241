import ArgumentParser
import FoundationEssentials
import Glibc
import Annotation
import OverlayClient

/// `touchlight ctl COMMAND`: controls the overlay running on this display, over its private
/// socket. Wayland has no global hotkeys, so this is what desktop key bindings run.
struct Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Control the running overlay: annotation mode, tool, colour, undo, board and pages, save, pause.",
        discussion: """
            Commands: \(ControlCommand.usage). The reply is one line of JSON; the \
            exit status is 1 when the command was refused. A relative directory for save is \
            taken from the directory ctl runs in. Bind them to keys in your compositor, \
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

    /// The words, with `save`'s directory (or session or PDF file) made absolute against this process's working
    /// directory (the overlay's is another).
    var resolvedWords: [String] {
        guard let last = words.last, words.count >= 2, CommandWord(spelled: words[0]) == .save,
              last != CommandWord.allPagesFlag, last != CommandWord.sessionFlag, last != CommandWord.pdfFlag,
              !last.hasPrefix("/") else { return words }
        let base = FileManager.default.currentDirectoryPath
        return words.dropLast() + [URL(fileURLWithPath: last, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL.path]
    }
}
