/// Finds what the TOML library cannot take before it sees it: toml++ asserts (the process
/// aborts) instead of reporting an error on a table header whose name starts with a character
/// no key can start with (`[!]`, `[é]`), on a `[` or `[[` with nothing after it on its line,
/// and on a `}` where an array expects a value (`[}`, `[1, }`), all found by fuzzing.
///
/// It follows TOML's structure as far as that needs: a `[` is a header only where a statement
/// starts, never inside a value (an array, an inline table or a string, each of which may span
/// lines), a key or a comment. Everything else is left to the TOML library.
enum TableHeaderCheck {
    /// The first place the library cannot take, with its line and column (counted in Unicode
    /// scalars from 1).
    static func firstProblem(in text: String) -> TextCheck.Problem? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var column = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        func startsTriple(_ quote: UInt8) -> Bool { current == quote && peek(1) == quote && peek(2) == quote }

        /// Moves one byte on, keeping the line and column (continuation bytes add no column).
        mutating func advance() {
            guard let byte = current else { return }
            index += 1
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }

        mutating func run() -> TextCheck.Problem? {
            while let byte = current {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                    advance()
                case UInt8(ascii: "#"):
                    skipComment()
                case UInt8(ascii: "["):
                    if let problem = header() { return problem }
                default:
                    if let problem = keyAndValue() { return problem }
                }
            }
            return nil
        }

        /// A header: `[` or `[[`, then a name that must start like a key.
        mutating func header() -> TextCheck.Problem? {
            advance()
            if current == UInt8(ascii: "[") { advance() }
            while current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { advance() }
            guard let first = current, first != UInt8(ascii: "\n"), first != UInt8(ascii: "\r"), first != UInt8(ascii: "#") else {
                return TextCheck.Problem(line: line, column: column,
                                         message: "a table header needs a name: write [section], as in [marker]")
            }
            let startsLikeAKey = first < 0x80 && (Character(Unicode.Scalar(first)).isLetter || Character(Unicode.Scalar(first)).isNumber
                || first == UInt8(ascii: "_") || first == UInt8(ascii: "-") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'"))
            guard startsLikeAKey else {
                return TextCheck.Problem(line: line, column: column,
                                         message: "a table name starts with a letter, digit, _ or - (or is quoted), not '\(character(at: index))'")
            }
            // The rest of the header's line: its name may hold quoted brackets.
            while let byte = current, byte != UInt8(ascii: "\n") {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { skipString() } else if byte == UInt8(ascii: "#") { skipComment() } else { advance() }
            }
            return nil
        }

        /// A key (bare, quoted or dotted), `=`, and its value, which may span lines inside
        /// brackets, braces or multi-line strings. A line without `=` is left to the library.
        mutating func keyAndValue() -> TextCheck.Problem? {
            while let byte = current, byte != UInt8(ascii: "=") {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "#") { return nil }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { skipString() } else { advance() }
            }
            advance()  // the =
            var open: [UInt8] = []  // the brackets and braces the value is inside
            var arrayWantsValue = false  // after an array's `[` or `,`
            while let byte = current {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): advance()
                case UInt8(ascii: "#"): skipComment()
                case UInt8(ascii: "\n"):
                    if open.isEmpty { return nil }
                    advance()
                case UInt8(ascii: "}") where arrayWantsValue:
                    return TextCheck.Problem(line: line, column: column, message: "an array needs a value or ']' here, not '}'")
                default:
                    arrayWantsValue = false
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "'"): skipString()
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        open.append(byte)
                        arrayWantsValue = byte == UInt8(ascii: "[")
                        advance()
                    case UInt8(ascii: "]"), UInt8(ascii: "}"): _ = open.popLast(); advance()
                    case UInt8(ascii: ","):
                        arrayWantsValue = open.last == UInt8(ascii: "[")
                        advance()
                    default: advance()
                    }
                }
            }
            return nil
        }

        /// A basic or literal string, single- or multi-line, with its quotes. A single-line
        /// string ends at its line's end even when unclosed (the library reports that).
        mutating func skipString() {
            guard let quote = current else { return }
            if startsTriple(quote) {
                for _ in 0..<3 { advance() }
                while current != nil, !startsTriple(quote) {
                    if quote == UInt8(ascii: "\""), current == UInt8(ascii: "\\") { advance() }
                    advance()
                }
                // Up to two more quotes belong to the string (`""""` ends with a quote in it).
                for _ in 0..<3 { advance() }
                while current == quote { advance() }
                return
            }
            advance()
            while let byte = current, byte != UInt8(ascii: "\n") {
                advance()
                if byte == quote { return }
                if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), current != UInt8(ascii: "\n") { advance() }
            }
        }

        mutating func skipComment() {
            while let byte = current, byte != UInt8(ascii: "\n") { advance() }
        }

        /// The whole character starting at byte `start`, for the message.
        func character(at start: Int) -> String {
            var end = start + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }
}
