import TouchCore
import Visualizer

/// A text box being typed into (the `text` tool): its place, its text and caret, its colour
/// and size. Pure editing, as a text field's model: the keys are read elsewhere (xkbcommon, or
/// an input method) and arrive as `TextEdit`s. Enter commits it as ink; Escape drops it.
public struct TextBox: Equatable, Sendable {
    /// The top left of its first line (logical px).
    public var origin: Point
    public var color: Color
    /// The em size (logical px).
    public var size: Double
    public private(set) var text = ""
    /// Where the caret is, in characters (grapheme clusters) from the start.
    public private(set) var caret = 0
    /// An input method's composition in progress, shown at the caret (underlined) but not yet
    /// in `text`; it is never recorded or committed by Enter.
    public var preedit = ""
    /// How wide a line may grow before it wraps (logical px); nil: it never wraps.
    public var wrapWidth: Double?

    public init(origin: Point, color: Color, size: Double, text: String = "", wrapWidth: Double? = nil) {
        (self.origin, self.color, self.size, self.wrapWidth) = (origin, color, size, wrapWidth)
        self.text = Self.fitting(Self.kept(text), after: "")
        caret = self.text.count
    }

    /// The lines, split at each newline.
    public var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The caret's line and column (characters from the line's start).
    public var caretPosition: (line: Int, column: Int) {
        var line = 0, column = 0
        for character in text.prefix(caret) {
            if character == "\n" { line += 1; column = 0 } else { column += 1 }
        }
        return (line, column)
    }

    /// Applies one edit; false when it changed nothing (Backspace at the start, say).
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> Bool {
        let before = (text, caret)
        switch edit {
        case .insert(let string):
            // What passes the box's limits is cut off, not the whole insertion dropped.
            let string = Self.fitting(Self.kept(string), after: text)
            guard !string.isEmpty else { return false }
            text.insert(contentsOf: string, at: index(caret))
            caret += string.count
        case .newline:
            return apply(.insert("\n"))
        case .backspace:
            guard caret > 0 else { return false }
            text.remove(at: index(caret - 1))
            caret -= 1
        case .deleteForward:
            guard caret < text.count else { return false }
            text.remove(at: index(caret))
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home: caret -= caretPosition.column
        case .end: caret += lines[caretPosition.line].count - caretPosition.column
        case .up, .down:
            let (line, column) = caretPosition
            let target = edit == .up ? line - 1 : line + 1
            guard lines.indices.contains(target) else { return false }
            caret = lines.prefix(target).reduce(0) { $0 + $1.count + 1 } + min(column, lines[target].count)
        }
        return before != (text, caret)
    }

    /// An input method deletes `beforeBytes` and `afterBytes` of UTF-8 around the caret (as
    /// text-input-v3 counts them), whole characters only.
    public mutating func deleteSurrounding(beforeBytes: Int, afterBytes: Int) {
        var removedBefore = 0, bytes = 0
        for character in text.prefix(caret).reversed() {
            guard bytes + character.utf8.count <= beforeBytes else { break }
            bytes += character.utf8.count
            removedBefore += 1
        }
        var removedAfter = 0
        bytes = 0
        for character in text.dropFirst(caret) {
            guard bytes + character.utf8.count <= afterBytes else { break }
            bytes += character.utf8.count
            removedAfter += 1
        }
        text.removeSubrange(index(caret - removedBefore)..<index(caret + removedAfter))
        caret -= removedBefore
    }

    /// The words as shown: the preedit at the caret, and the caret after it.
    public var shown: (text: String, caret: Int, preedit: Range<Int>?) {
        guard !preedit.isEmpty else { return (text, caret, nil) }
        var shown = text
        shown.insert(contentsOf: preedit, at: index(caret))
        return (shown, caret + preedit.count, caret..<(caret + preedit.count))
    }

    /// The UTF-8 text and the caret's byte offset in it (text-input-v3's surrounding text).
    public var surrounding: (text: String, cursor: Int) { (text, text.prefix(caret).utf8.count) }

    /// The text around the caret in at most `byteLimit` bytes of UTF-8, cut on character
    /// boundaries, and the caret's byte offset in it: what text-input-v3 is told, since a
    /// Wayland message holds at most 4096 bytes. Half the room goes before the caret, the rest
    /// to whatever side has more.
    public func surrounding(byteLimit: Int) -> (text: String, cursor: Int) {
        let before = text.prefix(caret), after = text.dropFirst(caret)
        var budget = max(0, byteLimit)
        func take<C: BidirectionalCollection<Character>>(_ characters: C, upTo room: Int) -> Int {
            var bytes = 0, count = 0
            for character in characters {
                let size = character.utf8.count
                guard bytes + size <= room else { break }
                bytes += size
                count += 1
            }
            budget -= bytes
            return count
        }
        var keptBefore = take(before.reversed(), upTo: budget / 2)
        let keptAfter = take(after, upTo: budget)
        keptBefore += take(before.dropLast(keptBefore).reversed(), upTo: budget)
        let head = before.suffix(keptBefore)
        return (String(head) + after.prefix(keptAfter), head.utf8.count)
    }

    /// Replaces the whole text and caret (a replayed trace's `set text` line).
    public mutating func set(text: String, caret: Int) {
        self.text = Self.fitting(Self.kept(text), after: "")
        self.caret = min(max(0, caret), self.text.count)
    }

    /// Replaces `removing` characters from character `start` with `inserted`, then puts the
    /// caret at `caret` (a replayed trace's recorded edit). False when the range is not in the text.
    @discardableResult
    public mutating func replace(from start: Int, removing: Int, with inserted: String, caret: Int) -> Bool {
        guard start >= 0, removing >= 0, start <= text.count, removing <= text.count - start else { return false }
        var edited = text
        edited.replaceSubrange(index(start)..<index(start + removing), with: Self.kept(inserted))
        text = Self.fitting(edited, after: "")
        self.caret = min(max(0, caret), text.count)
        return true
    }

    /// The longest start of `string` that `existing` can take within the box's limits
    /// (`textLimit` characters and `textByteLimit` bytes), cut on a character boundary.
    static func fitting(_ string: String, after existing: String) -> String {
        var characters = max(0, AnnotationDefaults.textLimit - existing.count)
        var bytes = max(0, AnnotationDefaults.textByteLimit - existing.utf8.count)
        var end = string.startIndex
        while end < string.endIndex, characters > 0 {
            let size = string[end].utf8.count
            guard size <= bytes else { break }
            (characters, bytes) = (characters - 1, bytes - size)
            end = string.index(after: end)
        }
        return String(string[..<end])
    }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }

    /// `string` without control characters other than newlines (a pasted tab or escape code
    /// draws nothing sensible), carriage returns turned into newlines.
    public static func kept(_ string: String) -> String {
        String(String.UnicodeScalarView(string.unicodeScalars.compactMap { scalar in
            if scalar == "\r" { return "\n" }
            return scalar == "\n" || !(scalar.properties.generalCategory == .control) ? scalar : nil
        }))
    }
}

/// One editing step in a text box, whatever key or input method gave it.
public enum TextEdit: Equatable, Sendable {
    case insert(String)
    /// Shift+Enter.
    case newline
    case backspace, deleteForward
    case left, right, up, down, home, end
}

extension AnnotationDefaults {
    /// The most characters a text box takes.
    public static let textLimit = 2_000
    /// The most bytes of UTF-8 a text box takes (a character can be many: emoji sequences,
    /// combining marks), so that a recorded box always fits a trace's text value.
    public static let textByteLimit = 16_000
    /// The most bytes of the box's words an input method is told at once (text-input-v3's
    /// surrounding text, in a Wayland message of at most 4096 bytes).
    public static let surroundingTextLimit = 4_000
    /// How long a text box waits for the keyboard on demand before it takes it exclusively
    /// (seconds): a compositor that focuses on demand does so at the touch that opened it.
    public static let keyboardOnDemandWait = 0.3
    /// The narrowest a text box wraps, in ems (a box opened at the output's right edge).
    public static let textMinimumWrapEms = 6.0
    /// A text's line height, as a multiple of its em size.
    public static let textLineHeight = 1.25
    /// A text's em size for the ink's width: at least the width, and readable at the thinnest.
    public static func textSize(forWidth width: Double) -> Double { max(width, 12 + 2 * width) }
}

extension TextBox {
    /// The name of a trace's `set` line that records the box being typed in (`TIME set text
    /// CARET:WORDS`, then `commit` or `cancel`), so that a replay and `render` show the typing.
    /// The keys themselves are never recorded, only what they made of the box.
    public static let settingName = TouchTrace.textSettingName

    /// How a trace writes the box: the caret, a colon, the words percent-encoded (a trace line
    /// holds no spaces, `#` or newlines of its own).
    public var settingValue: String { "\(caret):" + Self.percentEncoded(text) }

    /// What a trace's `set text` value says.
    public enum Recorded: Equatable, Sendable {
        /// The whole box (trace format 5).
        case typed(text: String, caret: Int)
        /// One change (format 6): characters `start..<start+removed` replaced by `inserted`.
        case edited(start: Int, removed: Int, inserted: String, caret: Int)
        case commit, cancel
    }

    public static func parse(settingValue value: String) -> Recorded? {
        if value == "commit" { return .commit }
        if value == "cancel" { return .cancel }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.dropLast().compactMap { part in part.utf8.count <= 9 && part.allSatisfy(\.isASCII) ? Int(part) : nil }
        guard parts.count == 2 || parts.count == 4, numbers.count == parts.count - 1, numbers.allSatisfy({ $0 >= 0 }),
              let words = percentDecoded(parts[parts.count - 1]) else { return nil }
        return numbers.count == 1 ? .typed(text: words, caret: numbers[0])
            : .edited(start: numbers[1], removed: numbers[2], inserted: words, caret: numbers[0])
    }

    /// How a trace writes the change from `old` (the text and caret last recorded) to this
    /// box: the characters replaced, whole characters compared scalar by scalar, so that a
    /// replay rebuilds exactly these words.
    public func editValue(from old: (text: String, caret: Int)) -> String {
        let before = Array(old.text), after = Array(text)
        func same(_ a: Character, _ b: Character) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }
        var start = 0
        while start < before.count, start < after.count, same(before[start], after[start]) { start += 1 }
        var end = 0
        while end < before.count - start, end < after.count - start, same(before[before.count - 1 - end], after[after.count - 1 - end]) { end += 1 }
        let inserted = String(after[start..<(after.count - end)])
        return "\(caret):\(start):\(before.count - end - start):" + Self.percentEncoded(inserted)
    }

    /// Letters and digits as they are; every other UTF-8 byte as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// The text back; nil for a broken escape or bytes that are not UTF-8.
    static func percentDecoded(_ encoded: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let character = encoded[index]
            if character == "%" {
                let end = encoded.index(index, offsetBy: 3, limitedBy: encoded.endIndex) ?? encoded.endIndex
                guard encoded.distance(from: index, to: end) == 3, let byte = UInt8(encoded[encoded.index(after: index)..<end], radix: 16) else { return nil }
                bytes.append(byte)
                index = end
            } else {
                guard let ascii = character.asciiValue, character.isLetter || character.isNumber else { return nil }
                bytes.append(ascii)
                index = encoded.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
