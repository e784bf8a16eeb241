/// How an output's content is turned relative to its panel (wl_output.transform): rotation
/// counter-clockwise in steps of 90°, optionally after flipping around the vertical axis.
public enum OutputTransform: Int, CaseIterable, Sendable {
    case normal = 0, rotated90, rotated180, rotated270, flipped, flipped90, flipped180, flipped270

    /// The names the configuration and `doctor` use, in wl_output's order.
    public static let names = ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"]

    /// From the configuration's names ("normal", "90", …, "flipped-270").
    public init?(name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: index)
    }

    /// The configuration's name for this transform.
    public var name: String { Self.names[rawValue] }

    /// Whether the logical output is the panel turned on its side.
    public var swapsAxes: Bool { rawValue % 2 == 1 }
}
