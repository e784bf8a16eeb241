import TouchCore

/// Pairs the two sightings of one touch that reached touchlight both ways: through libinput
/// (the panel's own position, and where touchlight's mapping put it) and as wl_touch (where
/// the compositor delivered it). A touch goes down on the panel where the overlay takes input
/// (its toolbar, draw mode, capture, `touchlight calibrate`), and both arrive.
///
/// They are matched by their time stamps: the compositor stamps wl_touch with the evdev
/// event's time in milliseconds, libinput gives the same time in microseconds. A compositor
/// that stamps on another clock is matched by arrival instead, when only one touch of each
/// kind is waiting and they arrived close together.
public struct TouchPairing: Sendable {
    /// A touch-down read from the panel and left to wl_touch.
    public struct PanelTouch: Equatable, Sendable {
        /// The touchscreen, as libinput names it.
        public var device: String
        /// The output touchlight maps it to.
        public var output: String
        /// The panel's normalized position (0…1, after libinput's calibration matrix).
        public var panel: Point
        /// Where touchlight's mapping put it on `output` (logical px).
        public var mapped: Point
        /// The event's time (seconds, libinput's clock).
        public var time: Double
        /// When it arrived (seconds, touchlight's clock).
        public var arrived: Double

        public init(device: String, output: String, panel: Point, mapped: Point, time: Double, arrived: Double) {
            (self.device, self.output, self.panel, self.mapped, self.time, self.arrived) = (device, output, panel, mapped, time, arrived)
        }
    }

    /// A wl_touch down on an overlay.
    public struct DeliveredTouch: Equatable, Sendable {
        /// The overlay's output.
        public var output: String
        /// Where the compositor put it (logical px on `output`).
        public var point: Point
        /// wl_touch's time stamp (wrapping milliseconds).
        public var milliseconds: UInt32
        /// When it arrived (seconds, touchlight's clock).
        public var arrived: Double

        public init(output: String, point: Point, milliseconds: UInt32, arrived: Double) {
            (self.output, self.point, self.milliseconds, self.arrived) = (output, point, milliseconds, arrived)
        }
    }

    public struct Pair: Equatable, Sendable {
        public let panel: PanelTouch
        public let delivered: DeliveredTouch
    }

    /// Time stamps this close (ms) are the same event's (the millisecond is truncated).
    public static let stampTolerance: UInt32 = 2
    /// Without matching stamps, a lone touch of each kind arriving this close (s) is one touch.
    public static let arrivalTolerance = 0.03
    /// A sighting unmatched for this long (s) is dropped: the other never comes (a touch on
    /// another output, a compositor that kept it).
    public static let patience = 0.5

    private var panelTouches: [PanelTouch] = []
    private var deliveredTouches: [DeliveredTouch] = []

    public init() {}

    /// A panel touch; the pair it completes, if any.
    public mutating func add(_ touch: PanelTouch) -> Pair? {
        forget(before: touch.arrived - Self.patience)
        if let index = match(for: touch) { return Pair(panel: touch, delivered: deliveredTouches.remove(at: index)) }
        panelTouches.append(touch)
        return nil
    }

    /// A delivered touch; the pair it completes, if any.
    public mutating func add(_ touch: DeliveredTouch) -> Pair? {
        forget(before: touch.arrived - Self.patience)
        let stamped = panelTouches.firstIndex { Self.sameStamp($0.time, touch.milliseconds) }
        if let index = stamped ?? lone(panelTouches.map(\.arrived), deliveredTouches.isEmpty, touch.arrived) {
            return Pair(panel: panelTouches.remove(at: index), delivered: touch)
        }
        deliveredTouches.append(touch)
        return nil
    }

    private func match(for touch: PanelTouch) -> Int? {
        deliveredTouches.firstIndex { Self.sameStamp(touch.time, $0.milliseconds) }
            ?? lone(deliveredTouches.map(\.arrived), panelTouches.isEmpty, touch.arrived)
    }

    /// The index of the only waiting sighting, when it arrived close to `arrived` and nothing
    /// else waits on either side.
    private func lone(_ waiting: [Double], _ otherSideEmpty: Bool, _ arrived: Double) -> Int? {
        guard waiting.count == 1, otherSideEmpty, abs(waiting[0] - arrived) <= Self.arrivalTolerance else { return nil }
        return 0
    }

    private mutating func forget(before time: Double) {
        panelTouches.removeAll { $0.arrived < time }
        deliveredTouches.removeAll { $0.arrived < time }
    }

    /// Whether a libinput time (s) and a wl_touch stamp (wrapping ms) are the same moment.
    static func sameStamp(_ seconds: Double, _ milliseconds: UInt32) -> Bool {
        guard seconds.isFinite, seconds >= 0, seconds < 1e15 else { return false }
        let own = UInt32(truncatingIfNeeded: Int64((seconds * 1000).rounded(.down)))
        let difference = own &- milliseconds
        return min(difference, 0 &- difference) <= stampTolerance
    }
}
