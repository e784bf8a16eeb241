/// Which output a touchscreen belongs to: the one the configuration names; otherwise the
/// built-in panel (an `eDP` output); otherwise the only output.
public enum OutputChoice {
    public enum Result: Equatable, Sendable {
        case output(String)
        case ambiguous(String)
    }

    public static func choose(configured: String, outputs: [String]) -> Result {
        if !configured.isEmpty {
            return outputs.contains(configured) ? .output(configured)
                : .ambiguous("the configured output \(configured) does not exist (outputs: \(outputs.joined(separator: ", ")))")
        }
        if let panel = outputs.first(where: { $0.hasPrefix("eDP") }) { return .output(panel) }
        if outputs.count == 1, let only = outputs.first { return .output(only) }
        if outputs.isEmpty { return .ambiguous("there is no output") }
        return .ambiguous("several outputs and no built-in panel (\(outputs.joined(separator: ", "))): set [output] touchscreen_output")
    }
}
