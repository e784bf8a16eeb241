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

    /// The default captions, parsed (the tests check that none is lost to a mistake).
    static let defaultFormats = Dictionary(uniqueKeysWithValues: GestureKind.allCases.compactMap { kind in
        (try? format(kind.description.defaultCaption, for: kind)).map { (kind, $0) }
    })

    /// `kind`'s default caption.
    public static func defaultFormat(for kind: GestureKind) -> CaptionFormat? { defaultFormats[kind] }

    /// The format for `kind` from `source`, checked against the measures that gesture has.
    public static func format(_ source: String, for kind: GestureKind) throws(CaptionFormatError) -> CaptionFormat {
        try CaptionFormat(source, allowed: kind.description.measures)
    }
}
