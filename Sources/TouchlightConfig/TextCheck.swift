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

    /// The first thing in TOML text the TOML library must not see: a NUL, or what it would
    /// abort on (`TableHeaderCheck`). Every TOML text is checked with this before it is parsed.
    static func firstProblem(inTOML text: String) -> Problem? {
        firstProblem(in: text.unicodeScalars) ?? TableHeaderCheck.firstProblem(in: text)
    }

    private static func check(_ scalar: Unicode.Scalar, at position: (line: Int, column: Int)) -> Problem? {
        scalar == "\0" ? Problem(line: position.line, column: position.column, message: "a NUL byte; a configuration file is text") : nil
    }

    private static func advance(_ position: inout (line: Int, column: Int), over scalar: Unicode.Scalar) {
        if scalar == "\n" { position = (position.line + 1, 1) } else { position.column += 1 }
    }
}
