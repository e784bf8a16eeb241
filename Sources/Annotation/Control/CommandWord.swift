import Visualizer

/// The command vocabulary, defined once: each word with the argument it takes. Parsing,
/// printing (`ControlCommand.words`), help (`touchlight ctl --help`, its man page, the README's
/// and the reference's lists, which a test checks) and the trace's `set` records all come from
/// here, in this order.
public enum CommandWord: String, CaseIterable, Sendable {
    case mode, tool, colour, width, undo, redo, clear, stamp, board, page, spotlight, zoom, save, screenshot, pause, resume, status, reload

    /// What a word takes after it.
    public enum Argument: Sendable {
        /// Nothing: the word is the whole command.
        case none(ControlCommand)
        /// Nothing, or `--all` for the second command (`clear`, `clear --all`).
        case noneOrAll(ControlCommand, all: ControlCommand)
        /// One name of these (in any letter case).
        case choice([String])
        /// `#RRGGBB` or `#RRGGBBAA`.
        case colour
        /// A plain decimal number in this range.
        case number(ClosedRange<Double>)
        /// A name of these, or a whole number in this range.
        case choiceOrNumber([String], ClosedRange<Int>)
        /// `[--all] [DIR]`, DIR absolute; `--session FILE` or `--pdf [FILE]`, FILE absolute.
        case pagesAndDirectory
        /// Nothing, or one absolute FILE.
        case optionalFile
    }

    public var argument: Argument {
        switch self {
        case .mode: .choice(AnnotationMode.names + ["toggle"])
        case .tool: .choice(Tool.names)
        case .colour: .colour
        case .width: .number(ControlCommand.widths)
        case .board: .choice(Board.names)
        case .page: .choiceOrNumber(["next", "prev", "new"], 1...AnnotationDefaults.pageLimit)
        case .spotlight, .zoom: .choice(ControlCommand.Switch.allCases.map(\.rawValue))
        case .save: .pagesAndDirectory
        case .screenshot: .optionalFile
        case .undo: .none(.undo)
        case .redo: .none(.redo)
        case .clear: .noneOrAll(.clear, all: .clearAll)
        case .stamp: .choice(["reset"])
        case .pause: .none(.pause)
        case .resume: .none(.resume)
        case .status: .none(.status)
        case .reload: .none(.reload)
        }
    }

    /// Other spellings taken for the word.
    public var aliases: [String] { self == .colour ? ["color"] : [] }

    /// The name of the trace's `set` record that keeps what this word set, for the words a
    /// recording keeps as they change (a replay carries them out as these commands), and for
    /// `stamp reset`, which a recording keeps when it is given.
    public var recordName: String? {
        switch self {
        case .mode, .tool, .width, .board, .page, .spotlight, .zoom, .stamp: rawValue
        case .colour: "color"
        default: nil
        }
    }

    /// What follows the word in help: `a|b|c`, `#RRGGBB`, `N`, `[--all] [DIR]`, or nothing.
    public var takes: String {
        switch argument {
        case .none, .noneOrAll: ""
        case .choice(let names): names.joined(separator: "|")
        case .colour: "#RRGGBB"
        case .number: "N"
        case .choiceOrNumber(let names, _): (names + ["N"]).joined(separator: "|")
        case .pagesAndDirectory: "[--all] [\(Self.directoryName)]"
        case .optionalFile: "[\(Self.fileName)]"
        }
    }

    /// The word's other forms, each listed in help on its own (`clear --all`, `save --session FILE`,
    /// `save --pdf [FILE]`).
    public var otherForms: [String] {
        switch argument {
        case .noneOrAll: [Self.allPagesFlag]
        case .pagesAndDirectory: ["\(Self.sessionFlag) \(Self.fileName)", "\(Self.pdfFlag) [\(Self.fileName)]"]
        default: []
        }
    }

    /// Which of `arguments` (the words after this one) name a file or folder: a caller resolves
    /// them against its own working directory, since the overlay's is another.
    public func pathIndices(in arguments: [String]) -> [Int] {
        switch argument {
        case .pagesAndDirectory, .optionalFile:
            arguments.indices.filter { ![Self.allPagesFlag, Self.sessionFlag, Self.pdfFlag].contains(arguments[$0]) }
        default: []
        }
    }

    /// `save`'s and `clear`'s flag for every page, and the name `save`'s directory goes by in help.
    public static let allPagesFlag = "--all"
    static let directoryName = "DIR"
    /// `save --session FILE`: the drawing as a session file, and the name that file goes by in help.
    public static let sessionFlag = "--session"
    static let fileName = "FILE"
    /// `save --pdf [FILE]`: every page as one PDF.
    public static let pdfFlag = "--pdf"

    /// The word a command line starts with (any letter case, aliases too), or nil.
    public init?(spelled word: String) {
        let lowered = word.lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue == lowered || $0.aliases.contains(lowered) }) else { return nil }
        self = found
    }
}

/// `a, b or c`, for messages.
func spokenList(_ items: [String]) -> String {
    items.count > 1 ? items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1] : items.joined()
}
