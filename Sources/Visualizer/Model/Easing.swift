import Foundation  // pow

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
        case .easeOutCubic: return 1 - pow(1 - t, 3)
        case .easeInOutQuad: return t < 0.5 ? 2 * t * t : 1 - pow(-2 * t + 2, 2) / 2
        }
    }
}
