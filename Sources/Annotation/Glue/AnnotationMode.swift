/// What an overlay does with input besides showing it.
public enum AnnotationMode: String, CaseIterable, Sendable {
    /// The visualizer alone: no ink shows, and every touch reaches the apps below.
    case off
    /// The overlay takes every contact on its output, and each draws its own stroke.
    case draw
    /// The ink stays on screen, but only the toolbar takes input; every other touch reaches
    /// the apps below.
    case pass

    /// The name used by the configuration and `touchlight ctl mode NAME`.
    public var name: String { rawValue }

    public static var names: [String] { allCases.map(\.name) }
}
