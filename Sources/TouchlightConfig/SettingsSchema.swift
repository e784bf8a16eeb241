import FoundationEssentials

/// Every setting as data (`touchlight config schema`): its key, kind, default, range or names,
/// and its one-line doc, from the same table that parsing and `config default` use, so a key
/// added there appears here, and in anything built from this, with no other change.
public enum SettingsSchema {
    /// One key.
    struct Entry: Encodable {
        let key, section, name, type: String
        let defaultValue: Setting.Value
        var minimum, maximum: Double?
        /// A length's other form: a percentage of the output's shorter side in this range.
        var percentMinimum, percentMaximum: Double?
        var choices: [String]?
        var minimumCount, maximumCount: Int?
        let doc, expected: String

        enum CodingKeys: String, CodingKey {
            case key, section, name, type, defaultValue = "default", minimum, maximum, percentMinimum = "percent_minimum",
                 percentMaximum = "percent_maximum", choices, minimumCount = "minimum_count", maximumCount = "maximum_count", doc, expected
        }
    }

    /// The schema as JSON: an array with one object per key, in the order the default file
    /// lists them.
    public static func json() -> String {
        let defaults = Configuration()
        let entries = Setting.all.map { entry(for: $0, defaults: defaults) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // An array of plain values always encodes.
        return (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    static func entry(for setting: Setting, defaults: Configuration) -> Entry {
        var entry = Entry(key: setting.key, section: setting.section, name: setting.name, type: setting.kind.typeName,
                          defaultValue: setting.current(defaults), doc: setting.help, expected: setting.expected)
        switch setting.kind {
        case .number(let range): (entry.minimum, entry.maximum) = (range.lowerBound, range.upperBound)
        case .integer(let range), .milliseconds(let range): (entry.minimum, entry.maximum) = (Double(range.lowerBound), Double(range.upperBound))
        case .length(let range, let percent):
            (entry.minimum, entry.maximum) = (range.lowerBound, range.upperBound)
            (entry.percentMinimum, entry.percentMaximum) = (percent.lowerBound, percent.upperBound)
        case .choice(let names), .choices(let names): entry.choices = names
        case .colors(let count):
            entry.minimumCount = count.lowerBound
            entry.maximumCount = count.upperBound == Int.max ? nil : count.upperBound
        case .boolean, .string, .strings, .color, .caption, .font: break
        }
        return entry
    }
}

extension Setting.Kind {
    /// The kind's name in the schema.
    var typeName: String {
        switch self {
        case .number: "number"
        case .integer: "integer"
        case .milliseconds: "milliseconds"
        case .length: "length"
        case .boolean: "boolean"
        case .string: "string"
        case .choice: "choice"
        case .strings: "strings"
        case .choices: "choices"
        case .color: "color"
        case .colors: "colors"
        case .caption: "caption"
        case .font: "font"
        }
    }
}

/// A value as JSON has it: a number, a boolean, a string or a list of strings.
extension Setting.Value: Encodable {
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let v): try container.encode(v)
        case .number(let v): try container.encode(v)
        case .boolean(let v): try container.encode(v)
        case .text(let v): try container.encode(v)
        case .texts(let v): try container.encode(v)
        }
    }
}
