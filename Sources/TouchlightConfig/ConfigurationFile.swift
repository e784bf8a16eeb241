import SafeFiles
import TOMLKit
import TouchCore

extension Configuration {
    /// Reads a configuration file's text. Keys not in the file keep their defaults; every
    /// problem (syntax, unknown keys and sections with a "did you mean", wrong types, values out
    /// of range, a font `fonts` does not find) is reported at once, each with its file, line,
    /// column and key.
    public init(toml text: String, file: String, fonts: FontCheck) throws(ConfigurationError) {
        self.init()
        if let bad = TextCheck.firstProblem(inTOML: text) {
            throw ConfigurationError(problems: [ConfigurationProblem(file: file, line: bad.line, column: bad.column, key: "", message: bad.message)])
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError(problems: [ConfigurationProblem(
                file: file, line: error.source.begin.line, column: error.source.begin.column, key: "",
                message: "not valid TOML: \(error.description)")])
        } catch {
            throw ConfigurationError(problems: [ConfigurationProblem(file: file, line: 1, column: 1, key: "", message: "not valid TOML: \(error)")])
        }
        let locator = KeyLocator(text: text)
        var problems: [ConfigurationProblem] = []
        var unlisted = 0
        /// Lists a problem, up to `maximumListedProblems`; past that they are only counted (so a
        /// huge file of unknown keys costs no more than a small one to report).
        func problem(_ position: KeyLocator.Position?, _ key: String, _ message: @autoclosure () -> String) {
            guard problems.count < Self.maximumListedProblems else { unlisted += 1; return }
            problems.append(ConfigurationProblem(file: file, line: position?.line ?? 1, column: position?.column ?? 1,
                                                 key: excerpt(key), message: message()))
        }
        let sections = Setting.sections
        for name in table.keys.sorted(by: { (locator.table($0)?.line ?? 0) < (locator.table($1)?.line ?? 0) }) {
            guard let section = table[name]?.table else {
                let hint = suggestedKey(name, in: nil).map { "; did you mean [\($0.section)] \($0.name)?" } ?? ""
                problem(locator.key(name, in: ""), name, "a key outside any section; expected one of the sections " + sections.map { "[\($0)]" }.joined(separator: ", ") + hint)
                continue
            }
            guard sections.contains(name) else {
                let hint = suggestion(for: name, among: sections).map { "; did you mean [\($0)]?" } ?? ""
                problem(locator.table(name), "[\(name)]", "unknown section\(hint)")
                continue
            }
            let placed = section.keys.map { (key: $0, position: locator.key($0, in: name)) }
            for (key, position) in placed.sorted(by: { ($0.position?.line ?? 0) < ($1.position?.line ?? 0) }) {
                guard let setting = Setting.all.first(where: { $0.section == name && $0.name == key }) else {
                    problem(position, "[\(name)] \(key)", "unknown key" + (suggestedKey(key, in: name).map {
                        $0.section == name ? "; did you mean \($0.name)?" : "; did you mean [\($0.section)] \($0.name)?"
                    } ?? ""))
                    continue
                }
                guard let raw = section[key], let value = Self.value(raw) else {
                    problem(position, setting.path, "found \(section[key].map(Self.describe) ?? "nothing"); expected \(setting.expected)")
                    continue
                }
                if let message = setting.check?(value, fonts) {
                    problem(position, setting.path, "found \(Self.describe(raw)): \(message)")
                } else if !setting.apply(value, &self) {
                    problem(position, setting.path, "found \(Self.describe(raw)); expected \(setting.expected)")
                }
            }
        }
        if unlisted > 0, let last = problems.last {
            problems.append(ConfigurationProblem(file: file, line: last.line, column: last.column, key: "",
                                                 message: "and \(unlisted) more problems after this one"))
        }
        if !problems.isEmpty { throw ConfigurationError(problems: problems) }
    }

    /// Problems listed one by one; the rest are counted.
    static let maximumListedProblems = 20
    /// The largest configuration file read: far more than every key with comments needs.
    public static let maximumFileSize = 1 << 20

    /// Reads a configuration file: at most `maximumFileSize` bytes of UTF-8 without NUL bytes.
    /// A file that cannot be read gives the system's reason. (A running program reads through
    /// `ConfigurationProbe`, which guards against the TOML library's aborts.)
    public init(contentsOf path: String, fonts: FontCheck) throws(ConfigurationError) {
        try self.init(bytes: Self.bytes(of: path), file: path, fonts: fonts)
    }

    /// The bytes of the configuration file at `path`, read once, within `maximumFileSize`; only
    /// a regular file is read.
    public static func bytes(of path: String) throws(ConfigurationError) -> [UInt8] {
        do { return try SafeFiles.read(path, limit: maximumFileSize) } catch {
            throw ConfigurationError(problems: [ConfigurationProblem(file: path, line: 0, column: 0, key: "", message: error.message)])
        }
    }

    /// A configuration file's bytes (`file` names it in messages): UTF-8 without NUL bytes.
    public init(bytes: [UInt8], file: String, fonts: FontCheck) throws(ConfigurationError) {
        if let bad = TextCheck.firstProblem(in: bytes) {
            throw ConfigurationError(problems: [ConfigurationProblem(file: file, line: bad.line, column: bad.column, key: "", message: bad.message)])
        }
        try self.init(toml: String(decoding: bytes, as: UTF8.self), file: file, fonts: fonts)
    }

    /// A complete, commented configuration file with these values; it reads back to them.
    public var tomlText: String {
        var out = """
            # Touchlight configuration.
            # Sizes are logical pixels; durations are milliseconds (keys ending in _ms);
            # colours are "#RRGGBB" or "#RRGGBBAA". Command-line flags override this file.

            """
        for section in Setting.sections {
            out += "\n[\(section)]\n"
            for setting in Setting.all where setting.section == section {
                out += "# \(setting.help)\n"
                out += "\(setting.name) = \(setting.current(self).toml)\n"
            }
        }
        return out
    }

    private static func value(_ raw: TOMLValueConvertible) -> Setting.Value? {
        let value = raw.tomlValue
        switch value.type {
        case .int: return value.int.map { .integer($0) }
        case .double: return value.double.map { .number($0) }
        case .bool: return value.bool.map { .boolean($0) }
        case .string: return value.string.map { .text($0) }
        case .array:
            guard let array = value.array else { return nil }
            var texts: [String] = []
            for element in array {
                guard let text = element.tomlValue.string else { return nil }
                texts.append(text)
            }
            return .texts(texts)
        default: return nil
        }
    }

    /// How a found value is shown: its TOML text and type.
    private static func describe(_ raw: TOMLValueConvertible) -> String {
        let value = raw.tomlValue
        switch value.type {
        case .int: return "\(value.int ?? 0) (an integer)"
        case .double: return "\(value.double ?? 0) (a number)"
        case .bool: return "\(value.bool ?? false) (a boolean)"
        case .string: return "\"\(excerpt(value.string ?? ""))\" (a string)"
        case .array:
            // A long list or string is shown in part: a message is read, not a copy of the file.
            let all = value.array.map(Array.init) ?? []
            let elements = all.prefix(16).map { element -> String in
                let v = element.tomlValue
                if let text = v.string { return "\"\(excerpt(text))\"" }
                return excerpt(v.debugDescription)
            }
            let more = all.count > elements.count ? ", … (\(all.count) in all)" : ""
            return "[" + elements.joined(separator: ", ") + more + "] (a list)"
        case .table: return "a table"
        default: return "a \(value.type)"
        }
    }
}

/// The setting whose name is closest to `key`: in `section` first (a key it begins counts),
/// then anywhere.
func suggestedKey(_ key: String, in section: String?) -> Setting? {
    if let section {
        let names = Setting.all.filter { $0.section == section }.map(\.name)
        if key.count >= 3, let name = names.first(where: { $0.hasPrefix(key) }) {
            return Setting.all.first { $0.section == section && $0.name == name }
        }
        if let name = suggestion(for: key, among: names) {
            return Setting.all.first { $0.section == section && $0.name == name }
        }
    }
    let paths = Setting.all.map(\.name)
    guard let name = suggestion(for: key, among: paths) else { return nil }
    return Setting.all.first { $0.name == name }
}
