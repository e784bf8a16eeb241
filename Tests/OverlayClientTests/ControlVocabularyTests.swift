import Foundation
import Testing
import Annotation
import TouchCore
@testable import OverlayClient

/// The ctl vocabulary is defined once (`ControlCommand.vocabulary`): every word in it parses,
/// and the README's and the reference's lists of `touchlight ctl` commands say exactly it.
@Suite struct ControlVocabularyTests {
    /// Arguments to try for what a word takes: each choice of `a|b|c`, an example otherwise.
    static func examples(for takes: String) -> [[String]] {
        switch takes {
        case "": [[]]
        case "#RRGGBB": [["#1e88e5"]]
        case "N": [["8"]]
        case "[--all] [DIR]": [[], ["/tmp"], ["--all"], ["--all", "/tmp"]]
        case "--session FILE": [["--session", "/tmp/lesson.json"]]
        case "--pdf [FILE]": [["--pdf"], ["--pdf", "/tmp/handout.pdf"]]
        case "[FILE]": [[], ["/tmp/shot.png"]]
        default: takes.split(separator: "|").map { [$0 == "N" ? "3" : String($0)] }
        }
    }

    @Test func everyWordOfTheVocabularyParses() throws {
        for (word, takes) in ControlCommand.vocabulary {
            for arguments in Self.examples(for: takes) {
                #expect(throws: Never.self, "\(word) \(arguments)") { try ControlCommand(words: [word] + arguments) }
            }
        }
        #expect(Set(ControlCommand.words).count == ControlCommand.words.count, "no word twice")
    }

    /// Every command prints as the words that parse back to it, so ctl, the toolbar and a
    /// trace's records all speak the one vocabulary; the records a recording keeps read back.
    @Test func everyCommandPrintsAsTheWordsThatGiveIt() throws {
        var seen = Set<String>()
        for (word, takes) in ControlCommand.vocabulary {
            for arguments in Self.examples(for: takes) {
                let command = try ControlCommand(words: [word] + arguments)
                #expect(try ControlCommand(words: command.words) == command, "\(word) \(arguments) prints as \(command.words)")
                #expect(command.word.rawValue == word)
                seen.insert(command.words[0])
                if let record = command.record {
                    #expect(TouchTrace.isWritable(settingName: record.name, value: record.value), "\(record)")
                    #expect(try ControlCommand(recordName: record.name, value: record.value) == command, "\(record)")
                }
            }
        }
        #expect(seen == Set(ControlCommand.words))
        #expect(try ControlCommand(recordName: "no_such_setting", value: "1") == nil)
    }

    /// The documented commands: each indented line that starts with `touchlight ctl`, split at
    /// ` | ` and at further `touchlight ctl`s, comments (`  # …`) dropped; word → the arguments shown
    /// (each use's arguments as one text).
    static func documented(in file: String) throws -> [String: Set<String>] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var commands: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("    touchlight ctl ") {
            let code = line.components(separatedBy: "  #")[0]   // a comment, not a colour
            for part in code.components(separatedBy: "touchlight ctl ").dropFirst() {
                for alternative in part.components(separatedBy: " | ") {
                    let words = alternative.split(separator: " ").map(String.init)
                    guard let word = words.first else { continue }
                    let shown = words.dropFirst().joined(separator: " ")
                    commands[word, default: []].formUnion(shown.isEmpty ? [] : [shown])
                }
            }
        }
        return commands
    }

    @Test(arguments: ["README.md", "docs/reference.md"])
    func theDocumentedListIsTheVocabulary(file: String) throws {
        let documented = try Self.documented(in: file)
        #expect(Set(documented.keys) == Set(ControlCommand.words), "\(file) lists \(documented.keys.sorted())")
        let forms = Dictionary(grouping: ControlCommand.vocabulary, by: \.word).mapValues { $0.map(\.takes) }
        for (word, takes) in forms.compactMapValues({ $0.count > 1 ? $0 : nil }) {
            // A word with several forms (`clear`, `clear --all`): each shown as it is.
            #expect(documented[word] == Set(takes.filter { !$0.isEmpty }), "\(file): \(word) shown as \(documented[word] ?? []) against \(takes)")
        }
        for (word, takes) in ControlCommand.vocabulary where forms[word]?.count == 1 {
            let shown = documented[word] ?? []
            if takes.contains("|") {
                let choices = Set(takes.split(separator: "|").map(String.init))
                let shownChoices: Set<String> = Set(shown.flatMap { $0.split(separator: "|").map(String.init) })
                #expect(shown.count == 1 && shownChoices == choices, "\(file): \(word) \(shown.sorted()) against \(takes)")
            } else if takes.isEmpty {
                #expect(shown.isEmpty, "\(file): \(word) takes nothing, shown with \(shown.sorted())")
            } else {
                #expect(shown.count == 1, "\(file): \(word) shown with \(shown.sorted())")
                for example in shown where example != takes {   // an example value must be valid
                    let value = example.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
                    #expect(throws: Never.self, "\(file): \(word) \(example)") { try ControlCommand(words: [word, value]) }
                }
            }
        }
    }
}
