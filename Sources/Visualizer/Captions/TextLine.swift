/// One line of text to draw, held inline (UTF-8, at most `capacity` bytes), so a caption
/// or a HUD line is a plain value in a draw item and changing it allocates nothing. It also
/// carries how it looks (em size, outline) and, once measured, its size.
public struct TextLine: Equatable, Sendable {
    /// The most UTF-8 bytes a line holds; longer text is cut at a character boundary.
    public static let capacity = 64

    private var bytes = InlineArray<64, UInt8>(repeating: 0)
    /// The number of bytes used.
    public private(set) var count = 0
    /// The em size, logical px.
    public var size: Double
    /// The outline's width around the glyphs, logical px (0: none).
    public var outlineWidth: Double
    /// The measured advance and extent above and below the baseline, logical px (zero until measured).
    public var width = 0.0
    public var ascent = 0.0
    public var descent = 0.0

    public init(size: Double, outlineWidth: Double = 0) {
        (self.size, self.outlineWidth) = (size, outlineWidth)
    }

    /// A line holding `text` (cut to `capacity` bytes).
    public init(_ text: String, size: Double, outlineWidth: Double = 0) {
        self.init(size: size, outlineWidth: outlineWidth)
        append(text)
    }

    public var isEmpty: Bool { count == 0 }

    /// The line's height: ascent and descent.
    public var height: Double { ascent + descent }

    /// Empties the line, keeping its look.
    public mutating func removeAll() {
        count = 0
        (width, ascent, descent) = (0, 0, 0)
    }

    /// Appends UTF-8 `bytes`; what does not fit is dropped, never half a character.
    public mutating func append<Bytes: Sequence>(utf8 bytes: Bytes) where Bytes.Element == UInt8 {
        var pending = count  // where the character being copied started
        for byte in bytes {
            let startsCharacter = byte & 0xC0 != 0x80
            if startsCharacter { pending = count }
            guard count < Self.capacity else {
                count = startsCharacter ? count : pending  // drop a character cut in two
                return
            }
            self.bytes[count] = byte
            count += 1
        }
    }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(utf8: $0) }
    }

    /// The text's bytes, for as long as `body` runs.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: bytes) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// Whether both lines hold the same text (whatever their look or measures).
    public func hasSameText(as other: TextLine) -> Bool {
        guard count == other.count else { return false }
        for i in 0..<count where bytes[i] != other.bytes[i] { return false }
        return true
    }

    /// The text, as a string (for tests and diagnostics; allocates).
    public var text: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    public static func == (a: TextLine, b: TextLine) -> Bool {
        a.hasSameText(as: b) && a.size == b.size && a.outlineWidth == b.outlineWidth
            && a.width == b.width && a.ascent == b.ascent && a.descent == b.descent
    }
}

extension TextLine {
    /// Appends `value` rounded to `decimals` (0 or 1) places without allocating, with a "+"
    /// before a positive value when `sign` is set; "–" for a value that is not finite or too
    /// large to mean anything. Never "-0".
    public mutating func append(number value: Double, decimals: Int, sign: Bool = false) {
        let factor = decimals > 0 ? 10.0 : 1.0
        let scaled = (value * factor).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else {
            append(utf8: "–".utf8)
            return
        }
        var units = Int(abs(scaled))
        if scaled < 0, units != 0 { append(utf8: CollectionOfOne(UInt8(ascii: "-"))) }
        if sign, scaled > 0 { append(utf8: CollectionOfOne(UInt8(ascii: "+"))) }
        let fraction = decimals > 0 ? units % 10 : -1
        if decimals > 0 { units /= 10 }
        var digits = InlineArray<20, UInt8>(repeating: 0), n = 0
        repeat {
            digits[n] = UInt8(ascii: "0") + UInt8(units % 10)
            units /= 10
            n += 1
        } while units > 0
        while n > 0 {
            n -= 1
            append(utf8: CollectionOfOne(digits[n]))
        }
        if fraction >= 0 {
            append(utf8: CollectionOfOne(UInt8(ascii: ".")))
            append(utf8: CollectionOfOne(UInt8(ascii: "0") + UInt8(fraction)))
        }
    }
}
