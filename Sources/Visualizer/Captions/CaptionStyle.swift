import TouchCore

/// How gesture captions look and what each says (`[captions]` in the configuration file).
public struct CaptionStyle: Equatable, Sendable {
    /// Whether gestures are captioned at all.
    public var isEnabled = true
    /// Each gesture's caption; a gesture missing here has none.
    public var formats: [GestureKind: CaptionFormat] = CaptionStyle.defaultFormats
    /// The em size, logical px; or, when `sizeShare` is set, that share of the output's shorter side.
    public var size = 20.0
    public var sizeShare: Double?
    public var color = Color.white
    /// The outline that keeps the text readable on any background (0: none), logical px; in
    /// black or white, whichever contrasts more with `color`.
    public var outlineWidth = 2.0
    /// How long a caption stays fully shown after its gesture ends, before it fades with the
    /// cue's duration: long enough to read in a recording.
    public var holdDuration = 0.8

    public init() {}

    /// The measures `kind`'s caption may show (a switch, so a new gesture cannot be forgotten).
    public static func measures(of kind: GestureKind) -> Set<CaptionFormat.Value> {
        switch kind {
        case .tap, .doubleTap: [.fingers, .taps]
        case .longPress: [.seconds, .fingers]
        case .pan: [.distance, .fingers]
        case .pinch: [.scale]
        case .rotation: [.degrees]
        case .swipe: [.fingers, .arrow, .direction]
        case .edgeSwipe: [.edge, .distance]
        }
    }

    /// `kind`'s caption when the configuration says nothing.
    public static func defaultSource(of kind: GestureKind) -> String {
        switch kind {
        case .tap: "tap"
        case .doubleTap: "×{taps}"
        case .longPress: "hold {seconds} s"
        case .pan: "pan {distance} px"
        case .pinch: "pinch ×{scale}"
        case .rotation: "rotate {degrees}°"
        case .swipe: "{fingers}-finger swipe {arrow}"
        case .edgeSwipe: "edge swipe from {edge}"
        }
    }

    /// The default captions, parsed (the tests check that none is lost to a mistake).
    static let defaultFormats = Dictionary(uniqueKeysWithValues: GestureKind.allCases.compactMap { kind in
        (try? format(defaultSource(of: kind), for: kind)).map { (kind, $0) }
    })

    /// `kind`'s default caption.
    public static func defaultFormat(for kind: GestureKind) -> CaptionFormat? { defaultFormats[kind] }

    /// The format for `kind` from `source`, checked against the measures that gesture has.
    public static func format(_ source: String, for kind: GestureKind) throws(CaptionFormatError) -> CaptionFormat {
        try CaptionFormat(source, allowed: measures(of: kind))
    }
}
