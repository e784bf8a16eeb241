import Renderer
import TouchlightConfig

extension FontCheck {
    /// fontconfig's answer: a family it matches (or a generic one: "sans", "monospace") is found.
    public static let fontconfig = FontCheck { family in
        guard case .failure(let problem) = FontLocator.find(family) else { return nil }
        return problem.description
    }
}
