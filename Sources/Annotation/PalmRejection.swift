/// Palm rejection for pen users: while a pen is near the screen (hovering or touching), and a
/// moment after it leaves, fingers draw no ink. They still show markers, unless their contact
/// is larger than a palm's (`PalmRule.largestFinger`), which the touch dispatcher drops or
/// cancels before anything sees it (as libinput does with a palm the touchscreen reports).
public struct PalmRule: Equatable, Sendable {
    /// Which contacts are palms (`[annotate] palm`).
    public enum Mode: String, CaseIterable, Sendable {
        /// Fingers draw no ink while a pen is near.
        case pen
        /// As `pen`, and a contact larger than `largestFinger` is a palm at any time.
        case penAndSize = "pen-and-size"
        /// Fingers always draw.
        case off
    }

    public var mode: Mode = .pen
    /// How long after the pen leaves fingers still draw no ink (seconds).
    public var delay = AnnotationDefaults.palmDelay
    /// The largest contact that is a finger: its major axis, logical px.
    public var largestFinger = AnnotationDefaults.largestFinger

    public init(mode: Mode = .pen, delay: Double = AnnotationDefaults.palmDelay, largestFinger: Double = AnnotationDefaults.largestFinger) {
        (self.mode, self.delay, self.largestFinger) = (mode, delay, largestFinger)
    }

    /// The size past which the touch dispatcher takes a contact for a palm, or nil.
    public var largestContact: Double? { mode == .penAndSize ? largestFinger : nil }
}

/// Whether a pen is near an overlay: its hover (proximity) and its contacts, and when it last
/// left. Pure, on explicit times.
public struct PenProximity: Equatable, Sendable {
    private var hovering = false
    private var contacts: Set<Int> = []
    /// When the pen was last seen leaving (nil: never seen, or near now).
    private var leftAt: Double?

    public init() {}

    /// Whether a pen is near now.
    public var isNear: Bool { hovering || !contacts.isEmpty }

    /// A pen started or stopped hovering in proximity.
    public mutating func hover(_ near: Bool, at time: Double) {
        let wasNear = isNear
        hovering = near
        noteLeaving(wasNear, at: time)
    }

    /// A pen's contact (its tip or eraser end) went down.
    public mutating func contactBegan(_ id: Int) { contacts.insert(id) }

    /// A pen's contact lifted or was cancelled.
    public mutating func contactEnded(_ id: Int, at time: Double) {
        let wasNear = isNear
        contacts.remove(id)
        noteLeaving(wasNear, at: time)
    }

    /// Whether a finger that goes down at `time` may draw under `rule`: not while a pen is
    /// near, nor within the rule's delay after it left.
    public func fingersDraw(at time: Double, under rule: PalmRule) -> Bool {
        guard rule.mode != .off else { return true }
        if isNear { return false }
        guard let leftAt else { return true }
        return time - leftAt >= rule.delay
    }

    private mutating func noteLeaving(_ wasNear: Bool, at time: Double) {
        if wasNear, !isNear { leftAt = time }
    }
}

extension AnnotationDefaults {
    /// After a pen leaves, fingers draw no ink for this long (seconds): a palm lifts a moment
    /// after the pen does.
    public static let palmDelay = 0.5
    /// A contact whose major axis is longer than this (logical px, about 21 mm at 96 dpi) is
    /// a palm with `palm = "pen-and-size"`: a fingertip is 8–15 mm across.
    public static let largestFinger = 80.0
}
