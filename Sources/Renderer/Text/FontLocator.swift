import CText

/// A font file fontconfig chose: its path, the face's index in it, and its family name.
public struct FontMatch: Equatable, Sendable {
    public var path: String
    public var index: Int
    public var family: String
}

/// Why no font could be used.
public enum FontProblem: Error, Equatable, CustomStringConvertible {
    /// `[text] font` names a family no installed font has.
    case noSuchFont(String, available: [String])
    /// fontconfig knows no font at all.
    case noFonts

    public var description: String {
        switch self {
        case .noSuchFont(let name, let available):
            let shown = available.prefix(12).joined(separator: ", ") + (available.count > 12 ? ", … (\(available.count) in all)" : "")
            return "no installed font is called \"\(name)\"; fonts found: \(available.isEmpty ? "none" : shown)"
        case .noFonts: return "fontconfig finds no font at all (install fonts-dejavu-core)"
        }
    }
}

/// Finds fonts with fontconfig.
public enum FontLocator {
    /// The generic families fontconfig resolves to whatever fits; any match is right for them.
    static let genericFamilies: Set<String> = ["sans", "sans-serif", "serif", "monospace", "mono", "system-ui"]

    /// The family asked for when none is configured, and the font expected to provide it.
    public static let defaultFamily = "sans"
    public static let preferredDefault = "DejaVu Sans"

    /// The font for `family` (nil: the default sans). A named family that no installed font
    /// has is an error listing the families found; the generic ones take fontconfig's choice.
    public static func find(_ family: String?) -> Result<FontMatch, FontProblem> {
        let requested = family ?? defaultFamily
        guard FcInit() != 0, let pattern = FcNameParse(requested) else { return .failure(.noFonts) }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return .failure(.noFonts) }
        defer { FcPatternDestroy(matched) }
        guard let path = string(matched, FC_FILE) else { return .failure(.noFonts) }
        var index: Int32 = 0
        FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        let matchedFamily = string(matched, FC_FAMILY) ?? ""
        let generic = genericFamilies.contains(requested.lowercased())
        guard generic || families(of: matched).contains(where: { $0.lowercased() == requested.lowercased() }) else {
            return .failure(.noSuchFont(requested, available: installedFamilies()))
        }
        return .success(FontMatch(path: path, index: Int(index), family: matchedFamily))
    }

    /// Every installed family, sorted, once each.
    public static func installedFamilies() -> [String] {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let list = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var names = Set<String>()
        for i in 0..<Int(list.pointee.nfont) {
            if let font = list.pointee.fonts[i], let name = string(font, FC_FAMILY) { names.insert(name) }
        }
        return names.sorted()
    }

    /// Every family name a font pattern has (a font may have several, in several languages).
    private static func families(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var n: Int32 = 0
        while FcPatternGetString(pattern, FC_FAMILY, n, &value) == FcResultMatch, let value {
            names.append(String(cString: value))
            n += 1
        }
        return names
    }

    private static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
