import FoundationEssentials
import Glibc
import TouchCore
import Visualizer

/// One command to the overlay, whoever sends it: `touchlight ctl`, a toolbar button, or a
/// trace's `set` line. A ctl client sends a command word and its argument; on the wire it
/// is one line holding a JSON array of strings (`["save","/home/u/my pics"]`), so an argument
/// carries any text, spaces and newlines included, and stays one argument of one command.
public enum ControlCommand: Equatable, Sendable {
    case mode(ModeChange)
    case tool(Tool)
    case color(Color)
    case width(Double)
    case undo, redo, clear
    /// Every page of every output forgotten: the ink and the pages themselves (page 1 again).
    case clearAll
    /// The next numbered stamp on each output's page shows 1 again.
    case stampReset
    /// The page under the ink.
    case board(Board)
    /// One PNG of the ink per output, into this directory (nil: the default one): of the page
    /// shown, or of every page with `allPages` (`save --all`).
    case save(directory: String?, allPages: Bool = false)
    /// The drawing (every page on every output, the board, page, tool, colour and width) as a
    /// session file at this absolute path, for `touchlight annotate --open`.
    case saveSession(path: String)
    /// Every page of every output as one PDF, a page each, at this absolute path (nil: a new
    /// file in the pictures folder).
    case savePDF(path: String?)
    /// Each output as the compositor shows it, overlay included, as a PNG: at this absolute path
    /// (with several outputs, each output's name before its ending), or nil: new files in the
    /// pictures folder.
    case screenshot(path: String?)
    /// Another whiteboard page, each with its own ink and undo.
    case page(PageChange)
    /// The screen dimmed except a soft circle around the newest touch.
    case spotlight(Switch)
    /// The screen frozen and shown magnified: two fingers zoom and pan it, one draws on it.
    case zoom(Switch)
    /// Hide every marker and all ink (and take no input) until `resume`.
    case pause, resume
    case status, reload

    public enum PageChange: Equatable, Sendable {
        case next, previous, new
        /// Page N (from 1), adding blank pages up to it (how a trace records the page).
        case number(Int)
    }

    public enum Switch: String, Equatable, Sendable, CaseIterable {
        case on, off, toggle
    }

    public enum ModeChange: Equatable, Sendable {
        case set(AnnotationMode)
        /// draw ↔ pass (off goes to draw).
        case toggle
    }

    /// The vocabulary: each command word with what it takes, in the order help lists them
    /// (from `CommandWord`, where it is defined once).
    public static var vocabulary: [(word: String, takes: String)] {
        CommandWord.allCases.flatMap { word in [(word.rawValue, word.takes)] + word.otherForms.map { (word.rawValue, $0) } }
    }
    /// The command words, for messages listing the valid ones.
    public static var words: [String] { CommandWord.allCases.map(\.rawValue) }
    /// The vocabulary in one line: `mode draw|pass|off|toggle, tool NAME, …`.
    public static var usage: String {
        vocabulary.map { $0.takes.isEmpty ? $0.word : "\($0.word) \($0.takes)" }.joined(separator: ", ")
    }
    /// The widest ink accepted, in logical px.
    public static let widths = 0.5...200.0
    /// The longest line accepted (bytes, newline excluded).
    public static let maximumLineLength = 4096

    /// Whether a text box being typed in stays open through this command: a look (`status`)
    /// or a restyle (`colour`, `width`, which the box takes). Every other command puts the
    /// box down as ink first, so that the keyboard goes back to the apps.
    public var keepsTextBox: Bool {
        switch self {
        case .status, .color, .width, .screenshot: true
        default: false
        }
    }

    /// Whether a toolbar's button gives it for the output the toolbar is on alone: undo, redo
    /// and clear edit that output's ink (ctl's edit every output's).
    public var editsOneOutput: Bool {
        switch self {
        case .undo, .redo, .clear: true
        default: false
        }
    }

    /// Parses words separated by spaces (`mode draw`); the error says what was wrong and what
    /// is valid.
    public init(line: String) throws(ControlError) {
        try self.init(words: line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
    }

    /// Parses one wire line (without its newline): a JSON array of strings.
    public init(wireLine line: String) throws(ControlError) {
        guard let words = try? JSONDecoder().decode([String].self, from: Data(line.utf8)) else {
            throw ControlError("not a command: send one line holding a JSON array of strings, such as [\"mode\",\"draw\"] (touchlight ctl does)")
        }
        try self.init(words: words)
    }

    /// The wire line (without its newline) that carries `words`.
    public static func wireLine(_ words: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // An array of strings always encodes.
        return (try? encoder.encode(words)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// Parses a command word and its arguments, each argument taken whole, by what
    /// `CommandWord` says the word takes.
    public init(words: [String]) throws(ControlError) {
        guard let first = words.first, !first.isEmpty else { throw ControlError("empty command; commands: \(Self.words.joined(separator: ", "))") }
        guard let word = CommandWord(spelled: first) else {
            throw ControlError("unknown command \(quoted(first.lowercased())); commands: \(Self.words.joined(separator: ", "))")
        }
        let arguments = Array(words.dropFirst())
        switch word.argument {
        case .none(let command):
            guard arguments.isEmpty else { throw ControlError("\(word) takes no argument") }
            self = command
        case .noneOrAll(let command, let all):
            guard arguments.isEmpty || arguments == [CommandWord.allPagesFlag] else { throw ControlError("\(word) takes nothing or \(CommandWord.allPagesFlag)") }
            self = arguments.isEmpty ? command : all
        case .pagesAndDirectory:
            self = try Self.save(arguments)
        case .optionalFile:
            guard arguments.count <= 1, arguments.allSatisfy({ $0.hasPrefix("/") && !$0.hasSuffix("/") }) else {
                throw ControlError("\(word) takes at most one absolute file name (touchlight ctl resolves a relative one)")
            }
            self = .screenshot(path: arguments.first)
        default:
            guard arguments.count == 1 else { throw ControlError("\(word) takes one argument: \(word == .width ? "a number of logical px" : word.takes)") }
            self = try Self.parse(word, arguments[0])
        }
    }

    /// The word this command starts with.
    public var word: CommandWord {
        switch self {
        case .mode: .mode
        case .tool: .tool
        case .color: .colour
        case .width: .width
        case .board: .board
        case .page: .page
        case .spotlight: .spotlight
        case .zoom: .zoom
        case .save, .saveSession, .savePDF: .save
        case .screenshot: .screenshot
        case .undo: .undo
        case .redo: .redo
        case .clear, .clearAll: .clear
        case .stampReset: .stamp
        case .pause: .pause
        case .resume: .resume
        case .status: .status
        case .reload: .reload
        }
    }

    /// The words that give this command (`ControlCommand(words: command.words) == command`).
    public var words: [String] {
        let argument: [String] = switch self {
        case .mode(.set(let mode)): [mode.name]
        case .mode(.toggle): ["toggle"]
        case .tool(let tool): [tool.name]
        case .color(let color): [color.hex]
        case .width(let width): ["\(width)"]
        case .board(let board): [board.name]
        case .page(let change): [change.word]
        case .spotlight(let change), .zoom(let change): [change.rawValue]
        case .save(let directory, let allPages): (allPages ? [CommandWord.allPagesFlag] : []) + (directory.map { [$0] } ?? [])
        case .saveSession(let path): [CommandWord.sessionFlag, path]
        case .savePDF(let path): [CommandWord.pdfFlag] + (path.map { [$0] } ?? [])
        case .screenshot(let path): path.map { [$0] } ?? []
        case .clearAll: [CommandWord.allPagesFlag]
        case .stampReset: ["reset"]
        case .undo, .redo, .clear, .pause, .resume, .status, .reload: []
        }
        return [word.rawValue] + argument
    }

    /// The trace's `set NAME VALUE` record of this command, for the words a recording keeps
    /// (`CommandWord.recordName`); nil for the others. A colour is written without its `#`,
    /// which would start a comment in a trace.
    public var record: (name: String, value: String)? {
        let words = self.words
        guard let name = word.recordName, words.count == 2 else { return nil }
        return (name, word == .colour ? String(words[1].dropFirst()) : words[1])
    }

    /// The command a trace's `set NAME VALUE` record stands for, if NAME is a command's record.
    public init?(recordName name: String, value: String) throws(ControlError) {
        guard let word = CommandWord.allCases.first(where: { $0.recordName == name }) else { return nil }
        try self.init(words: [word.rawValue, word == .colour && !value.hasPrefix("#") ? "#" + value : value])
    }

    /// One argument of `word`, which takes a choice, a colour or a number.
    private static func parse(_ word: CommandWord, _ argument: String) throws(ControlError) -> ControlCommand {
        let name = argument.lowercased()
        switch word.argument {
        case .colour:
            guard let color = Color(hex: argument) else { throw ControlError("\(quoted(argument)) is not a colour; write #RRGGBB or #RRGGBBAA") }
            return .color(color)
        case .number(let range):
            guard let width = decimal(argument), range.contains(width) else {
                throw ControlError("\(word) must be a number from \(range.lowerBound) to \(range.upperBound), not \(quoted(argument))")
            }
            return .width(width)
        case .choiceOrNumber(let names, let range):
            if let change = PageChange(word: name) { return .page(change) }
            guard name.count <= 9, name.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(name), range.contains(number) else {
                throw ControlError("\(word) takes \(names.joined(separator: ", ")) or a number from \(range.lowerBound) to \(range.upperBound), not \(quoted(argument))")
            }
            return .page(.number(number))
        case .choice(let names):
            let command: ControlCommand? = switch word {
            case .mode: name == "toggle" ? .mode(.toggle) : AnnotationMode(rawValue: name).map { .mode(.set($0)) }
            case .tool: Tool(rawValue: name).map { .tool($0) }
            case .board: Board(rawValue: name).map { .board($0) }
            case .spotlight: Switch(rawValue: name).map { .spotlight($0) }
            case .zoom: Switch(rawValue: name).map { .zoom($0) }
            case .stamp: name == "reset" ? .stampReset : nil
            default: nil
            }
            guard let command else { throw ControlError("\(word) takes \(spokenList(names)), not \(quoted(argument))") }
            return command
        case .none, .noneOrAll, .pagesAndDirectory, .optionalFile:
            throw ControlError("\(word) takes no argument")
        }
    }

    /// `save [--all] [DIR]`, `save --session FILE` or `save --pdf [FILE]`.
    private static func save(_ arguments: [String]) throws(ControlError) -> ControlCommand {
        if arguments.first == CommandWord.pdfFlag {
            guard arguments.count <= 2, arguments.dropFirst().allSatisfy({ $0.hasPrefix("/") }) else {
                throw ControlError("save \(CommandWord.pdfFlag) takes at most one absolute file name (touchlight ctl resolves a relative one)")
            }
            return .savePDF(path: arguments.last == CommandWord.pdfFlag ? nil : arguments.last)
        }
        if arguments.first == CommandWord.sessionFlag {
            guard arguments.count == 2, let file = arguments.last, file.hasPrefix("/") else {
                throw ControlError("save \(CommandWord.sessionFlag) needs one absolute file name (touchlight ctl resolves a relative one)")
            }
            return .saveSession(path: file)
        }
        let allPages = arguments.first == CommandWord.allPagesFlag
        let rest = allPages ? Array(arguments.dropFirst()) : arguments
        guard rest.count <= 1 else { throw ControlError("save takes at most \(CommandWord.allPagesFlag) and a directory") }
        // The overlay's own working directory means nothing to the caller: touchlight ctl
        // sends the directory resolved against the caller's.
        if let directory = rest.first, !directory.hasPrefix("/") {
            throw ControlError("save needs an absolute directory, not \(quoted(directory)) (touchlight ctl resolves a relative one)")
        }
        return .save(directory: rest.first, allPages: allPages)
    }
}

extension ControlCommand.PageChange {
    /// `next`, `prev` (or `previous`) or `new`; nil for anything else.
    init?(word: String) {
        switch word {
        case "next": self = .next
        case "prev", "previous": self = .previous
        case "new": self = .new
        default: return nil
        }
    }

    /// How it is written: `next`, `prev`, `new` or the number.
    var word: String {
        switch self {
        case .next: "next"
        case .previous: "prev"
        case .new: "new"
        case .number(let number): "\(number)"
        }
    }
}

extension ControlCommand {
    /// A number as people write one: digits with at most one decimal point and no sign,
    /// exponent or hexadecimal (`Double("0x10")` would be 16); nil otherwise.
    static func decimal(_ text: String) -> Double? {
        guard text.count <= 32, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              text.filter({ $0 == "." }).count <= 1, text.contains(where: \.isNumber) else { return nil }
        return Double(text)
    }
}

/// Why a control command was refused.
public struct ControlError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Untrusted text for a message: quoted, short, control characters masked.
private func quoted(_ text: String) -> String { "\"" + excerpt(text, limit: 40) + "\"" }
