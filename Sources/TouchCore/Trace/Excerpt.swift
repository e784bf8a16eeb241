/// At most `limit` characters of `text`, for error messages: a binary file, a huge line or a
/// huge key never makes a huge message. Control characters show as `?`.
public func excerpt<S: StringProtocol>(_ text: S, limit: Int = 60) -> String {
    var out = ""
    for character in text.prefix(limit) {
        out.append(character.isASCII && (character.asciiValue! < 32 || character.asciiValue! == 127) ? "?" : character)
    }
    return text.count > limit ? out + "…" : out
}
