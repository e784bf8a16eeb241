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
    /// The page under the ink.
    case board(Board)
    /// One PNG of the ink per output, into this directory (nil: the default one): of the page
    /// shown, or of every page with `allPages` (`save --all`).
    case save(directory: String?, allPages: Bool = false)
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

    /// The vocabulary, defined here once: each command word with what it takes, in the order
    /// help lists them (`touchlight ctl --help`, its man page, the README and the reference are
    /// checked against it). `color` is accepted as another spelling of `colour`.
    public static let vocabulary: [(word: String, takes: String)] = [
        ("mode", (AnnotationMode.names + ["toggle"]).joined(separator: "|")),
        ("tool", Tool.names.joined(separator: "|")),
        ("colour", "#RRGGBB"), ("width", "N"),
        ("undo", ""), ("redo", ""), ("clear", ""), ("board", Board.names.joined(separator: "|")),
        ("page", "next|prev|new|N"), ("spotlight", "on|off|toggle"), ("zoom", "on|off|toggle"),
        ("save", "[--all] [DIR]"),
        ("pause", ""), ("resume", ""), ("status", ""), ("reload", ""),
    ]
    /// The command words, for messages listing the valid ones.
    public static let words = vocabulary.map(\.word)
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
        case .status, .color, .width: true
        default: false
        }
    }

    /// Parses words separated by spaces (a trace's `set` line, `mode draw`); the error says
    /// what was wrong and what is valid.
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

    /// Parses a command word and its arguments, each argument taken whole.
    public init(words: [String]) throws(ControlError) {
        guard let word = words.first?.lowercased(), !word.isEmpty else { throw ControlError("empty command; commands: \(Self.words.joined(separator: ", "))") }
        let arguments = Array(words.dropFirst())
        func only(_ command: ControlCommand) throws(ControlError) -> ControlCommand {
            guard arguments.isEmpty else { throw ControlError("\(word) takes no argument") }
            return command
        }
        func one(_ what: String) throws(ControlError) -> String {
            guard arguments.count == 1 else { throw ControlError("\(word) takes one argument: \(what)") }
            return arguments[0]
        }
        switch word {
        case "mode":
            let names = AnnotationMode.names + ["toggle"]
            let name = try one(names.joined(separator: "|")).lowercased()
            if name == "toggle" { self = .mode(.toggle); return }
            guard let mode = AnnotationMode(rawValue: name) else { throw ControlError("unknown mode \(quoted(name)); modes: \(names.joined(separator: ", "))") }
            self = .mode(.set(mode))
        case "tool":
            let name = try one(Tool.names.joined(separator: "|")).lowercased()
            guard let tool = Tool(rawValue: name) else { throw ControlError("unknown tool \(quoted(name)); tools: \(Tool.names.joined(separator: ", "))") }
            self = .tool(tool)
        case "color", "colour":
            let hex = try one("#RRGGBB or #RRGGBBAA")
            guard let color = Color(hex: hex) else { throw ControlError("\(quoted(hex)) is not a colour; write #RRGGBB or #RRGGBBAA") }
            self = .color(color)
        case "width":
            let text = try one("a number of logical px")
            guard let width = Self.decimal(text), Self.widths.contains(width) else {
                throw ControlError("width must be a number from \(Self.widths.lowerBound) to \(Self.widths.upperBound), not \(quoted(text))")
            }
            self = .width(width)
        case "board":
            let name = try one(Board.names.joined(separator: "|")).lowercased()
            guard let board = Board(rawValue: name) else { throw ControlError("unknown board \(quoted(name)); boards: \(Board.names.joined(separator: ", "))") }
            self = .board(board)
        case "spotlight", "zoom":
            let name = try one("on, off or toggle").lowercased()
            guard let change = Switch(rawValue: name) else { throw ControlError("\(word) takes on, off or toggle, not \(quoted(name))") }
            self = word == "zoom" ? .zoom(change) : .spotlight(change)
        case "undo": self = try only(.undo)
        case "redo": self = try only(.redo)
        case "clear": self = try only(.clear)
        case "pause": self = try only(.pause)
        case "resume": self = try only(.resume)
        case "status": self = try only(.status)
        case "reload": self = try only(.reload)
        case "save":
            let allPages = arguments.first == "--all"
            let rest = allPages ? Array(arguments.dropFirst()) : arguments
            guard rest.count <= 1 else { throw ControlError("save takes at most --all and a directory") }
            // The overlay's own working directory means nothing to the caller: touchlight ctl
            // sends the directory resolved against the caller's.
            if let directory = rest.first, !directory.hasPrefix("/") {
                throw ControlError("save needs an absolute directory, not \(quoted(directory)) (touchlight ctl resolves a relative one)")
            }
            self = .save(directory: rest.first, allPages: allPages)
        case "page":
            let name = try one("next, prev, new or a page number").lowercased()
            switch name {
            case "next": self = .page(.next)
            case "prev", "previous": self = .page(.previous)
            case "new": self = .page(.new)
            default:
                guard name.count <= 9, name.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(name), (1...AnnotationDefaults.pageLimit).contains(number) else {
                    throw ControlError("page takes next, prev, new or a number from 1 to \(AnnotationDefaults.pageLimit), not \(quoted(name))")
                }
                self = .page(.number(number))
            }
        default:
            throw ControlError("unknown command \(quoted(word)); commands: \(Self.words.joined(separator: ", "))")
        }
    }
}

extension ControlCommand {
    /// A number as people write one: digits with at most one decimal point and no sign,
    /// exponent or hexadecimal (`Double("0x10")` would be 16); nil otherwise.
    static func decimal(_ text: String) -> Double? {
        let digits = text.filter(\.isASCII)
        guard digits.count == text.count, !text.isEmpty, text.count <= 32,
              text.allSatisfy({ $0.isNumber || $0 == "." }), text.filter({ $0 == "." }).count <= 1,
              text.contains(where: \.isNumber) else { return nil }
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
