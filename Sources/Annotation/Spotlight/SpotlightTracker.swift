import TouchCore

/// Where the spotlight goes: it follows the newest contact still down (finger, pen or a
/// pointer drawing); when that one lifts, the newest of the others; with none down, a
/// hovering pen or pointer; with nothing at all, it stays where it was.
public struct SpotlightTracker: Sendable {
    /// The contacts down, oldest first (by source id).
    private var down: [Int] = []
    /// The newest contact's position, or the last hover's.
    public private(set) var center: Point?

    public init() { down.reserveCapacity(16) }

    /// Whether any contact is down (a hover does not move the spotlight then).
    public var isFollowingContact: Bool { !down.isEmpty }

    /// Follows one event's contacts (their positions in the window's coordinates).
    @MainActor public mutating func follow(_ event: TouchEvent) {
        if event.allTouches.contains(where: { $0.phase == .began }) {
            // Several down at once: the highest id counts as the newest (sorted only then, so
            // a frame of moves allocates nothing).
            for id in event.allTouches.filter({ $0.phase == .began }).map(\.sourceID).sorted() where !down.contains(id) {
                down.append(id)
            }
        }
        for touch in event.allTouches where touch.phase == .ended || touch.phase == .cancelled {
            down.removeAll { $0 == touch.sourceID }
        }
        guard let newest = down.last, let touch = event.allTouches.first(where: { $0.sourceID == newest }) else { return }
        center = touch.location(in: nil)
    }

    /// A pen or pointer hovering at `point`: followed while no contact is down.
    public mutating func hover(at point: Point) {
        if down.isEmpty { center = point }
    }
}
