extension StringProtocol {
    /// The text without the spaces, tabs and line breaks around it (FoundationEssentials has no
    /// `trimmingCharacters(in:)`; Foundation's would link all of Foundation).
    public var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
