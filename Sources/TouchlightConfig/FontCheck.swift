/// Whether a font family is installed: nil when it is, else why not (naming the families there
/// are). The configuration code asks it about `[text] font`; the program hands it fontconfig's
/// answer (`FontCheck.fontconfig`, in OverlayClient), so reading a configuration links no
/// renderer.
public struct FontCheck: Sendable {
    public let problem: @Sendable (_ family: String) -> String?

    public init(problem: @escaping @Sendable (_ family: String) -> String?) { self.problem = problem }

    /// Every family is taken as installed: for a parse whose only question is whether the TOML
    /// library survives the file (`touchlight config probe`); the parse that follows asks
    /// fontconfig.
    public static let anyFamily = FontCheck { _ in nil }
}
