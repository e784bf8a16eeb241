/// Finds where a table or key is written in a TOML text, for error messages (the TOML library
/// reports positions only for syntax errors). It understands `[table]` headers, `key =` lines
/// with bare, quoted and dotted keys, one-line inline tables (`marker = { radius = 3 }`), and
/// skips the insides of multi-line strings, which is all a configuration file needs; it is
/// not a TOML parser. Every lookup is a dictionary lookup.
struct KeyLocator {
    struct Position: Equatable { let line: Int; let column: Int }

    private var tables: [String: Position] = [:]
    private var keys: [String: Position] = [:]

    init(text: String) {
        var table = ""
        var openString: Substring?  // the delimiter of a multi-line string that is still open
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            if let delimiter = openString {
                // Inside a multi-line string: nothing here is a key, until it closes.
                if line.firstRange(of: delimiter) != nil { openString = nil }
                continue
            }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let body = line.dropFirst(indent)
            if body.hasPrefix("[") && !body.hasPrefix("[[") {
                let name = Self.keyPath(body.dropFirst().prefix { $0 != "]" })
                table = name
                note(table: name, at: Position(line: lineNumber, column: indent + 1))
            } else if let equals = body.firstIndex(of: "="), !body.hasPrefix("#") {
                let key = Self.keyPath(body[..<equals])
                let path = table.isEmpty ? key : "\(table).\(key)"
                note(key: path, at: Position(line: lineNumber, column: indent + 1))
                let value = body[body.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
                if value.hasPrefix("{") {
                    noteInlineTable(value, in: path, line: lineNumber, column: indent + body.distance(from: body.startIndex, to: value.startIndex) + 1)
                }
                for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
                    // A multi-line string opens here unless it also closes on this line.
                    if value.dropFirst(3).firstRange(of: delimiter) == nil { openString = Substring(delimiter) }
                }
            }
        }
    }

    /// `a.b`, `"a".b`, `a . "b"` → `a.b`.
    private static func keyPath(_ text: Substring) -> String {
        text.split(separator: ".").map { part in
            var key = part.trimmingSpaces()
            if key.count >= 2, key.hasPrefix("\"") && key.hasSuffix("\"") || key.hasPrefix("'") && key.hasSuffix("'") {
                key = String(key.dropFirst().dropLast())
            }
            return key
        }.joined(separator: ".")
    }

    private mutating func note(key path: String, at position: Position) {
        if keys[path] == nil { keys[path] = position }
        // A dotted key also places the tables it implies (`marker.radius = 3` places [marker]).
        var prefix = Substring(path)
        while let dot = prefix.lastIndex(of: ".") {
            prefix = prefix[..<dot]
            note(table: String(prefix), at: position)
        }
    }

    private mutating func note(table name: String, at position: Position) {
        if tables[name] == nil { tables[name] = position }
    }

    /// `{ radius = 3, ring_width = 2 }` on one line: each key at its own column.
    private mutating func noteInlineTable(_ value: Substring, in path: String, line: Int, column: Int) {
        note(table: path, at: Position(line: line, column: column))
        var offset = column + 1
        for entry in value.dropFirst().prefix(while: { $0 != "}" }).split(separator: ",", omittingEmptySubsequences: false) {
            if let equals = entry.firstIndex(of: "=") {
                let leading = entry.prefix { $0 == " " || $0 == "\t" }.count
                note(key: path + "." + Self.keyPath(entry[..<equals]), at: Position(line: line, column: offset + leading))
            }
            offset += entry.count + 1
        }
    }

    func table(_ name: String) -> Position? { tables[name] }
    func key(_ name: String, in table: String) -> Position? {
        let path = table.isEmpty ? name : "\(table).\(name)"
        return keys[path] ?? tables[path]
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
