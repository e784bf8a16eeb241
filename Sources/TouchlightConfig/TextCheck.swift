/// Checks a configuration file's text before the TOML library sees it: the library stops at a
/// NUL byte (the rest of the file would be silently ignored) and would read invalid UTF-8 as
/// U+FFFD, so both are errors here, with their line and column.
enum TextCheck {
    struct Problem: Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    /// The first NUL byte or invalid UTF-8 sequence in `bytes`, if any.
    static func firstProblem(in bytes: [UInt8]) -> Problem? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var position = (line: 1, column: 1)
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if let problem = check(scalar, at: position) { return problem }
                advance(&position, over: scalar)
            case .emptyInput:
                return nil
            case .error:
                return Problem(line: position.line, column: position.column, message: "not valid UTF-8 here; save the file as UTF-8")
            }
        }
    }

    /// The first NUL in text that is already Unicode.
    static func firstProblem(in scalars: String.UnicodeScalarView) -> Problem? {
        var position = (line: 1, column: 1)
        for scalar in scalars {
            if let problem = check(scalar, at: position) { return problem }
            advance(&position, over: scalar)
        }
        return nil
    }

    /// The first table header whose name starts with a character the TOML library cannot
    /// take: it asserts (the process aborts) on `[!]` or `[é]` instead of reporting an error,
    /// so such a header is reported here first. Multi-line strings are skipped.
    static func firstBadTableHeader(in text: String) -> Problem? {
        var openString: Substring?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let delimiter = openString {
                if line.range(of: delimiter) != nil { openString = nil }
                continue
            }
            for delimiter in ["\"\"\"", "'''"] where line.components(separatedBy: delimiter).count == 2 {
                openString = Substring(delimiter)
            }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            var rest = line.dropFirst(indent)
            guard rest.first == "[" else { continue }
            rest = rest.dropFirst(rest.hasPrefix("[[") ? 2 : 1)
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { continue }
            if first.isASCII && (first.isLetter || first.isNumber || first == "_" || first == "-" || first == "\"" || first == "'") {
                continue
            }
            return Problem(line: index + 1, column: line.distance(from: line.startIndex, to: rest.startIndex) + 1,
                           message: "a table name starts with a letter, digit, _ or - (or is quoted), not '\(first)'")
        }
        return nil
    }

    private static func check(_ scalar: Unicode.Scalar, at position: (line: Int, column: Int)) -> Problem? {
        scalar == "\0" ? Problem(line: position.line, column: position.column, message: "a NUL byte; a configuration file is text") : nil
    }

    private static func advance(_ position: inout (line: Int, column: Int), over scalar: Unicode.Scalar) {
        if scalar == "\n" { position = (position.line + 1, 1) } else { position.column += 1 }
    }
}
