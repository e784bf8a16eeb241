import FoundationEssentials
import Glibc
import TouchCore
import TouchscreenInput
import Visualizer

/// One configuration key: where it lives, what it means, what values it takes, and how it maps
/// onto `Configuration`. The table of settings drives parsing, validation, the commented
/// default file and the round-trip tests, so a key is declared once.
struct Setting: Sendable {
    /// A value as read from TOML.
    enum Value: Equatable, Sendable {
        case integer(Int)
        case number(Double)
        case boolean(Bool)
        case text(String)
        case texts([String])
    }

    let section: String
    let name: String
    let help: String
    /// How the expected value is described in error messages.
    let expected: String
    /// Converts a value read from the file (nil: not acceptable) and applies it.
    let apply: @Sendable (Value, inout Configuration) -> Bool
    /// The current value, as it is written in the file.
    let current: @Sendable (Configuration) -> Value
    /// Says what is wrong with a value of the right type more precisely than `expected` can
    /// (a caption's unknown measure, a font that is not installed, asked of the `FontCheck`);
    /// nil when nothing is.
    var check: (@Sendable (Value, FontCheck) -> String?)? = nil
    /// What kind of value it takes, with its range or names: `touchlight config schema`, and
    /// `config set`'s reading of a value typed on the command line.
    var kind = Kind.string

    /// A key's kind of value.
    enum Kind: Sendable {
        case number(ClosedRange<Double>)
        case integer(ClosedRange<Int>)
        case milliseconds(ClosedRange<Int>)
        /// Logical px in this range, or a percentage of the output's shorter side in `percent`.
        case length(ClosedRange<Double>, percent: ClosedRange<Double>)
        case boolean
        case string
        /// One of these names.
        case choice([String])
        case strings
        /// A list of names from these.
        case choices([String])
        case color
        /// A list of colours, this many.
        case colors(ClosedRange<Int>)
        /// A gesture's caption format, or false.
        case caption
        /// A font family fontconfig finds.
        case font
    }

    var path: String { "[\(section)] \(name)" }
    /// How `config get` and `config set` name it: `section.name`.
    var key: String { "\(section).\(name)" }
}

extension Setting {
    static func number(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, Double> & Sendable,
                       _ range: ClosedRange<Double>) -> Setting {
        Setting(section: section, name: name, help: help, expected: "a number from \(format(range.lowerBound)) to \(format(range.upperBound))",
                apply: { value, config in
                    guard let v = value.asDouble, range.contains(v) else { return false }
                    config[keyPath: key] = v
                    return true
                }, current: { .number($0[keyPath: key]) }, kind: .number(range))
    }

    /// A size in logical px, or a share of the output's shorter side written as a percentage
    /// ("2.5%"), which sets `share` (0.025) and leaves `key` to be resolved per output.
    static func length(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, Double> & Sendable,
                       share: WritableKeyPath<Configuration, Double?> & Sendable, _ range: ClosedRange<Double>,
                       percent: ClosedRange<Double>) -> Setting {
        Setting(section: section, name: name, help: help,
                expected: "a number from \(format(range.lowerBound)) to \(format(range.upperBound)), or a percentage of the output's shorter side from \"\(format(percent.lowerBound))%\" to \"\(format(percent.upperBound))%\"",
                apply: { value, config in
                    if let v = value.asDouble, range.contains(v) {
                        (config[keyPath: key], config[keyPath: share]) = (v, nil)
                        return true
                    }
                    guard case .text(let text) = value, text.hasSuffix("%"),
                          let p = Double(text.dropLast().trimmingWhitespace), percent.contains(p) else { return false }
                    config[keyPath: share] = p / 100
                    return true
                }, current: { config in config[keyPath: share].map { .text(format($0 * 100) + "%") } ?? .number(config[keyPath: key]) }, kind: .length(range, percent: percent))
    }

    static func milliseconds(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, Double> & Sendable,
                             _ range: ClosedRange<Int>) -> Setting {
        Setting(section: section, name: name, help: help, expected: "a whole number of milliseconds from \(range.lowerBound) to \(range.upperBound)",
                apply: { value, config in
                    guard case .integer(let ms) = value, range.contains(ms) else { return false }
                    config[keyPath: key] = Double(ms) / 1000
                    return true
                }, current: { .integer(Int(($0[keyPath: key] * 1000).rounded())) }, kind: .milliseconds(range))
    }

    static func integer(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, Int> & Sendable,
                        _ range: ClosedRange<Int>) -> Setting {
        Setting(section: section, name: name, help: help, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)",
                apply: { value, config in
                    guard case .integer(let v) = value, range.contains(v) else { return false }
                    config[keyPath: key] = v
                    return true
                }, current: { .integer($0[keyPath: key]) }, kind: .integer(range))
    }

    static func flag(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, Bool> & Sendable) -> Setting {
        Setting(section: section, name: name, help: help, expected: "true or false",
                apply: { value, config in
                    guard case .boolean(let v) = value else { return false }
                    config[keyPath: key] = v
                    return true
                }, current: { .boolean($0[keyPath: key]) }, kind: .boolean)
    }

    static func text(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, String> & Sendable,
                     allowed: [String]? = nil) -> Setting {
        let expected = allowed.map { "one of " + $0.map { "\"\($0)\"" }.joined(separator: ", ") } ?? "a string"
        return Setting(section: section, name: name, help: help, expected: expected,
                       apply: { value, config in
                           guard case .text(let v) = value, allowed?.contains(v) ?? true else { return false }
                           config[keyPath: key] = v
                           return true
                       }, current: { .text($0[keyPath: key]) }, kind: allowed.map { .choice($0) } ?? .string)
    }

    /// One of an enumeration's names.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, Choice> & Sendable
    ) -> Setting where Choice.RawValue == String {
        Setting(section: section, name: name, help: help,
                expected: "one of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
                apply: { value, config in
                    guard case .text(let v) = value, let choice = Choice(rawValue: v) else { return false }
                    config[keyPath: key] = choice
                    return true
                }, current: { .text($0[keyPath: key].rawValue) }, kind: .choice(Choice.allCases.map(\.rawValue)))
    }

    /// An output transform by name, or "auto" (nil).
    static func transform(_ section: String, _ name: String, _ help: String,
                          _ key: WritableKeyPath<Configuration, OutputTransform?> & Sendable) -> Setting {
        let names = ["auto"] + OutputTransform.names
        return Setting(section: section, name: name, help: help, expected: "one of " + names.map { "\"\($0)\"" }.joined(separator: ", "),
                       apply: { value, config in
                           guard case .text(let v) = value, names.contains(v) else { return false }
                           config[keyPath: key] = OutputTransform(name: v)
                           return true
                       }, current: { .text($0[keyPath: key]?.name ?? "auto") }, kind: .choice(names))
    }

    static func texts(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, [String]> & Sendable) -> Setting {
        Setting(section: section, name: name, help: help, expected: "a list of strings",
                apply: { value, config in
                    switch value {
                    case .texts(let v): config[keyPath: key] = v
                    default: return false
                    }
                    return true
                }, current: { .texts($0[keyPath: key]) }, kind: .strings)
    }

    /// A list of names, each one of `Choice`'s (duplicates dropped, order kept).
    static func choices<Choice: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, [Choice]> & Sendable
    ) -> Setting where Choice.RawValue == String {
        Setting(section: section, name: name, help: help,
                expected: "a list of names from " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
                apply: { value, config in
                    guard case .texts(let v) = value else { return false }
                    let choices = v.compactMap(Choice.init(rawValue:))
                    guard choices.count == v.count else { return false }
                    config[keyPath: key] = choices.reduce(into: []) { kept, choice in if !kept.contains(choice) { kept.append(choice) } }
                    return true
                }, current: { .texts($0[keyPath: key].map(\.rawValue)) }, kind: .choices(Choice.allCases.map(\.rawValue)))
    }

    static func color(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, Color> & Sendable) -> Setting {
        Setting(section: section, name: name, help: help, expected: "a colour \"#RRGGBB\" or \"#RRGGBBAA\"",
                apply: { value, config in
                    guard case .text(let v) = value, let color = Color(hex: v) else { return false }
                    config[keyPath: key] = color
                    return true
                }, current: { .text(Self.colorText($0[keyPath: key])) }, kind: .color)
    }

    static func colors(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, [Color]> & Sendable,
                       count: ClosedRange<Int> = 1...Int.max) -> Setting {
        let list = count.upperBound == Int.max ? "a non-empty list of" : "a list of \(count.lowerBound) to \(count.upperBound)"
        return Setting(section: section, name: name, help: help, expected: "\(list) colours \"#RRGGBB\" or \"#RRGGBBAA\"",
                apply: { value, config in
                    guard case .texts(let v) = value, count.contains(v.count) else { return false }
                    let colors = v.compactMap(Color.init(hex:))
                    guard colors.count == v.count else { return false }
                    config[keyPath: key] = colors
                    return true
                }, current: { .texts($0[keyPath: key].map(Self.colorText)) }, kind: .colors(count))
    }

    static func cues(_ section: String, _ name: String, _ help: String) -> Setting {
        let names = GestureKind.allCases.map(\.name)
        return Setting(section: section, name: name, help: help,
                       expected: "a list of cue names from " + names.map { "\"\($0)\"" }.joined(separator: ", "),
                       apply: { value, config in
                           guard case .texts(let v) = value else { return false }
                           let kinds = v.compactMap(GestureKind.init(name:))
                           guard kinds.count == v.count else { return false }
                           config.style.showCues = Set(kinds)
                           return true
                       }, current: { config in .texts(GestureKind.allCases.filter { config.style.showCues.contains($0) }.map(\.name)) }, kind: .choices(names))
    }

    /// A gesture's caption: a format with that gesture's measures, or false for none.
    static func caption(_ kind: GestureKind) -> Setting {
        let measures = kind.captionMeasures.map { "{\($0.rawValue)}" }.sorted().joined(separator: ", ")
        let example = kind.defaultCaption
        return Setting(section: "captions", name: kind.name,
                       help: "The \(kind.name) caption, with its measures \(measures) filled in; false: none.",
                       expected: "a caption such as \"\(example)\" (measures: \(measures)), or false",
                       apply: { value, config in
                           switch value {
                           case .boolean(let on): config.style.captions.formats[kind] = on ? CaptionStyle.defaultFormat(for: kind) : nil
                           case .text(let source):
                               guard let format = try? CaptionStyle.format(source, for: kind) else { return false }
                               config.style.captions.formats[kind] = format
                           default: return false
                           }
                           return true
                       }, current: { config in config.style.captions.formats[kind].map { .text($0.source) } ?? .boolean(false) },
                       check: { value, _ in
                           guard case .text(let source) = value else { return nil }
                           do throws(CaptionFormatError) { _ = try CaptionStyle.format(source, for: kind) } catch { return error.description }
                           return nil
                       }, kind: .caption)
    }

    /// A font family fontconfig must find; the error lists the families installed.
    static func font(_ section: String, _ name: String, _ help: String, _ key: WritableKeyPath<Configuration, String> & Sendable) -> Setting {
        Setting(section: section, name: name, help: help, expected: "a font family name, such as \"DejaVu Sans\" or \"sans\"",
                apply: { value, config in
                    guard case .text(let family) = value else { return false }
                    config[keyPath: key] = family
                    return true
                }, current: { .text($0[keyPath: key]) },
                check: { value, fonts in
                    guard case .text(let family) = value else { return nil }
                    return fonts.problem(family)
                }, kind: .font)
    }

    /// `#RRGGBB` when opaque, else `#RRGGBBAA`.
    static func colorText(_ color: Color) -> String {
        let hex = color.hex
        return hex.hasSuffix("FF") ? String(hex.dropLast(2)) : hex
    }
}

extension Setting.Value {
    var asDouble: Double? {
        switch self {
        case .integer(let v): Double(v)
        case .number(let v): v
        default: nil
        }
    }

    /// How the value is written in TOML.
    var toml: String {
        switch self {
        case .integer(let v): String(v)
        case .number(let v): v == v.rounded() && abs(v) < 1e12 ? "\(Int(v)).0" : String(v)
        case .boolean(let v): v ? "true" : "false"
        case .text(let v): Self.quoted(v)
        case .texts(let v): "[" + v.map(Self.quoted).joined(separator: ", ") + "]"
        }
    }

    /// A TOML basic string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
