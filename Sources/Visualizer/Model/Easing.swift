/// The easing curves animations use, by name. Each maps progress 0…1 to 0…1.
public enum Easing: Sendable {
    case linear
    /// Fast start, gentle stop: ripples shrinking, rings bursting.
    case easeOutCubic
    /// Gentle start and stop: fades.
    case easeInOutQuad

    public func callAsFunction(_ t: Double) -> Double {
        let t = max(0, min(1, t))
        switch self {
        case .linear: return t
        case .easeOutCubic: let u = 1 - t; return 1 - u * u * u
        case .easeInOutQuad: let u = 2 - 2 * t; return t < 0.5 ? 2 * t * t : 1 - u * u / 2
        }
    }
}
