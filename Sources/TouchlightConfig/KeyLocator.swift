/// Finds where a table or key is written in a TOML text, for error messages (the TOML library
/// reports positions only for syntax errors). It understands `[table]` headers and `key =`
/// lines, bare or quoted, which is all a configuration file needs; it is not a TOML parser.
struct KeyLocator {
    struct Position: Equatable { let line: Int; let column: Int }

    private var tables: [String: Position] = [:]
    private var keys: [String: Position] = [:]

    init(text: String) {
        var table = ""
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Substring(rawLine)
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let body = line.dropFirst(indent)
            if body.hasPrefix("[") && !body.hasPrefix("[[") {
                let name = body.dropFirst().prefix { $0 != "]" }.trimmingSpaces()
                table = name
                if tables[name] == nil { tables[name] = Position(line: index + 1, column: indent + 1) }
            } else if let equals = body.firstIndex(of: "="), !body.hasPrefix("#") {
                var key = body[..<equals].trimmingSpaces()
                if key.hasPrefix("\""), key.hasSuffix("\""), key.count >= 2 { key = String(key.dropFirst().dropLast()) }
                let path = table.isEmpty ? key : "\(table).\(key)"
                if keys[path] == nil { keys[path] = Position(line: index + 1, column: indent + 1) }
            }
        }
    }

    func table(_ name: String) -> Position? { tables[name] }
    func key(_ name: String, in table: String) -> Position? { keys[table.isEmpty ? name : "\(table).\(name)"] }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
