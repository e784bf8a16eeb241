import TouchCore

/// Watches whether touchlight's own mapping of a touchscreen agrees with the compositor's,
/// where a touch reaches touchlight both ways (through libinput, and as wl_touch on the
/// overlay: the toolbar, draw mode, capture). A few pixels apart is rounding; several touches
/// in a row further apart mean the compositor maps the panel with settings touchlight cannot
/// see, and every libinput marker lands beside its finger. It says so once.
public struct MappingAgreement: Sendable {
    /// Farther apart than this (logical px), a touch disagrees.
    public static let tolerance = 4.0
    /// This many disagreeing touches in a row, and it is said.
    public static let touchesInARow = 3

    private var offsets: [Double] = []
    /// Whether it was said (it is said once).
    public private(set) var hasWarned = false

    public init() {}

    /// A touch's two positions: where touchlight's mapping put it (`mapped`) and where the
    /// compositor delivered it, nil when that was on another output. The warning, the one
    /// time it is due.
    public mutating func compare(mapped: Point, delivered: Point?) -> String? {
        guard !hasWarned else { return nil }
        let offset = delivered.map { mapped.distance(to: $0) } ?? .infinity
        guard offset > Self.tolerance else {
            offsets.removeAll()
            return nil
        }
        offsets.append(offset)
        guard offsets.count >= Self.touchesInARow else { return nil }
        hasWarned = true
        let sorted = offsets.sorted()
        let median = sorted[sorted.count / 2]
        let distance = median.isFinite ? "about \(Int(median.rounded())) px from where" : "on another output than"
        return "the touchscreen's touches land \(distance) the compositor puts them "
            + "(\(offsets.count) touches in a row): run `touchlight calibrate`"
    }
}
