import TouchCore

/// What a committed text is: its words (lines split at newlines), its em size, and how much
/// room it takes as the text engine measured it when it was committed (logical px). The
/// extent is what the eraser, a drag and the renderer's damage go by.
public struct TextContent: Equatable, Sendable {
    public var string: String
    public var size: Double
    public var extent: Size

    public init(string: String, size: Double, extent: Size) {
        (self.string, self.size, self.extent) = (string, size, extent)
    }

    /// The lines, split at each newline.
    public var lines: [Substring] { string.split(separator: "\n", omittingEmptySubsequences: false) }
    /// The distance between baselines (logical px).
    public var lineHeight: Double { size * AnnotationDefaults.textLineHeight }
}
