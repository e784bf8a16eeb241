import TouchCore

/// What one tablet tool (a pen) did between two `zwp_tablet_tool_v2.frame` events, and what
/// that makes of its contact. The tool's handlers only record here; at the frame, `changes`
/// says what to tell the dispatcher. A pen is a contact only while its tip touches
/// (`down` to `up`): hovering in proximity draws nothing and takes no touch.
struct PenFrame: Equatable {
    /// What the dispatcher is told at a frame, in order.
    enum Change: Equatable {
        case down(Point, force: Double?)
        case move(Point, force: Double?)
        case up
    }

    /// Where the tool is, surface-local, and its pressure (0…1), as last reported.
    private(set) var position: Point?
    private(set) var force: Double?
    /// Whether the tip touches, as of the last frame.
    private(set) var isTouching = false
    /// Where the tool hovers in proximity without touching, as of the last frame (nil while
    /// it touches, and once it left).
    var hover: Point? { isTouching ? nil : position }
    private var wentDown = false
    private var wentUp = false
    private var moved = false
    private var leftProximity = false

    mutating func motion(to point: Point) {
        position = point
        moved = true
    }

    /// The protocol's pressure, 0…65535.
    mutating func pressure(_ value: UInt32) {
        force = Double(value) / 65535
        moved = true
    }

    mutating func tipDown() { wentDown = true }
    mutating func tipUp() { wentUp = true }

    /// The tool left the surface: its contact, if any, ends with this frame.
    mutating func proximityOut() { leftProximity = true }

    /// The frame: what changed since the last one, as dispatcher calls. A down and an up in
    /// one frame (a tap shorter than a frame) is a down then an up.
    mutating func changes() -> [Change] {
        defer {
            (wentDown, wentUp, moved) = (false, false, false)
            if leftProximity { (position, force, leftProximity) = (nil, nil, false) }
        }
        var result: [Change] = []
        if wentDown, !isTouching, let position {
            result.append(.down(position, force: force))
            isTouching = true
        } else if moved, isTouching, let position {
            result.append(.move(position, force: force))
        }
        if isTouching, wentUp || leftProximity {
            result.append(.up)
            isTouching = false
        }
        return result
    }

    /// The contact was cancelled from outside (its overlay went away): it is over.
    mutating func forgetContact() {
        isTouching = false
    }
}
