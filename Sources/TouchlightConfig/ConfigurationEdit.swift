import FoundationEssentials
import TouchCore

/// `touchlight config get|set|reset KEY`: one key of the user's file changed in place, its
/// comments, order and other keys kept. A value typed on the command line is read by the key's
/// kind (`Setting.Kind`) and checked as the file's would be; what to write is checked again
/// whole by the caller before it is written.
public enum ConfigurationEdit {
    /// Why a key or value is refused: the key named, and what it takes.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The setting `key` names (`section.name`, as `config schema` lists them).
    static func setting(_ key: String) throws(Refusal) -> Setting {
        if let found = Setting.all.first(where: { $0.key == key }) { return found }
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        let near = parts.count == 2 ? suggestedKey(parts[1], in: parts[0]) : suggestedKey(key, in: nil)
        throw Refusal("no setting \(excerpt(key, limit: 60))" + (near.map { "; did you mean \($0.key)?" } ?? "")
                      + " (touchlight config schema lists every key)")
    }

    /// The value of `key` in `configuration`, as the file writes it.
    public static func current(_ key: String, in configuration: Configuration) throws(Refusal) -> String {
        try setting(key).current(configuration).toml
    }

    /// `typed` as the file writes a value of `key`: a list as TOML writes one (`["a", "b"]`) or
    /// as names separated by commas; a string with or without its quotes. Refused, saying what
    /// the key takes, when the file would refuse it.
    public static func value(_ typed: String, for key: String, fonts: FontCheck) throws(Refusal) -> String {
        let setting = try setting(key)
        let refused = Refusal("\(key) takes \(setting.expected), not \(excerpt(typed, limit: 60))")
        guard let value = read(typed, as: setting.kind) else { throw refused }
        var configuration = Configuration()
        guard setting.apply(value, &configuration) else { throw refused }
        if let problem = setting.check?(value, fonts) { throw Refusal("\(key): \(problem)") }
        return value.toml
    }

    /// A value typed for a key of `kind`, or nil when it cannot be one.
    static func read(_ typed: String, as kind: Setting.Kind) -> Setting.Value? {
        let text = typed.trimmingWhitespace
        switch kind {
        case .number: return decimal(text).map { .number($0) }
        case .length: return text.hasSuffix("%") ? .text(text) : decimal(text).map { .number($0) }
        case .integer, .milliseconds: return Int(text).map { .integer($0) }
        case .boolean: return text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : nil
        case .caption: return text == "false" ? .boolean(false) : .text(unquoted(text))
        case .string, .choice, .color, .font: return .text(unquoted(text))
        case .strings, .choices, .colors:
            var inner = Substring(text)
            if inner.hasPrefix("[") && inner.hasSuffix("]") { inner = inner.dropFirst().dropLast() }
            let items = inner.split(separator: ",").map { unquoted(String($0).trimmingWhitespace) }
            return .texts(items.filter { !$0.isEmpty })
        }
    }

    /// A number as people write one: digits, at most one decimal point, perhaps a minus sign.
    static func decimal(_ text: String) -> Double? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 32, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              digits.filter({ $0 == "." }).count <= 1, digits.contains(where: \.isNumber) else { return nil }
        return Double(text)
    }

    private static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }

    /// `text` with `key` set to `value` (TOML text), or with the key's line removed (nil):
    /// every other line as it was. A key not in the file goes at the end of its section, and a
    /// section not in it at the end of the file.
    public static func edited(_ text: String, key: String, value: String?) throws(Refusal) -> String {
        let setting = try setting(key)
        var lines = text.isEmpty ? [] : text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let found = ConfigurationLines(lines).find(section: setting.section, key: setting.name)
        let line = value.map { "\(setting.name) = \($0)" }
        switch (found, line) {
        case (.key(let range), let line?):
            lines.replaceSubrange(range, with: [line])
        case (.key(let range), nil):
            lines.removeSubrange(range)
        case (.section(let end), let line?):
            lines.insert(line, at: end)
        case (.none, let line?):
            if let last = lines.last, !last.trimmingWhitespace.isEmpty { lines.append("") }
            lines += ["[\(setting.section)]", line]
        case (.section, nil), (.none, nil):
            break
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}

/// The lines of a configuration file, read just enough to find a key: section headers, and a
/// key's line with the lines its list goes on over.
struct ConfigurationLines {
    let lines: [String]
    init(_ lines: [String]) { self.lines = lines }

    enum Found: Equatable {
        /// The key's lines.
        case key(Range<Int>)
        /// The section is there without the key: where a line for it goes (after its last).
        case section(end: Int)
        case none
    }

    func find(section wanted: String, key: String) -> Found {
        var section: String? = nil, sectionEnd: Int? = nil
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingWhitespace
            if let header = Self.header(line) {
                section = header
                if header == wanted { sectionEnd = index + 1 }
            } else if section == wanted, !line.isEmpty, !line.hasPrefix("#") {
                let end = index + Self.continuation(from: index, in: lines)
                if Self.keyName(line) == key { return .key(index..<end) }
                sectionEnd = end
                index = end
                continue
            }
            index += 1
        }
        return sectionEnd.map { .section(end: $0) } ?? .none
    }

    /// `[name]` → name (a table header; `[[…]]` is none of Touchlight's).
    static func header(_ line: String) -> String? {
        guard line.hasPrefix("["), !line.hasPrefix("[["), let close = line.firstIndex(of: "]") else { return nil }
        let rest = line[line.index(after: close)...].trimmingWhitespace
        guard rest.isEmpty || rest.hasPrefix("#") else { return nil }
        return line[line.index(after: line.startIndex)..<close].trimmingWhitespace
    }

    /// The key a `key = value` line sets (bare or quoted).
    static func keyName(_ line: String) -> String? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        var name = line[..<equals].trimmingWhitespace
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
        return name
    }

    /// How many lines the value starting at `index` takes: more than one for a list left open
    /// (its brackets counted outside strings and comments).
    static func continuation(from index: Int, in lines: [String]) -> Int {
        var depth = 0, count = 0
        repeat {
            var inString = false, escaped = false
            for character in lines[index + count] {
                if inString {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                    continue
                }
                if character == "#" { break }
                if character == "\"" { inString = true }
                if character == "[" { depth += 1 }
                if character == "]" { depth -= 1 }
            }
            count += 1
        } while depth > 0 && index + count < lines.count
        return count
    }
}
