import TouchCore

/// A gesture caption's format string, such as `"pinch ×{scale}"`, parsed once: literal text
/// and the names of measures in braces. Writing it into a `TextLine` formats the numbers
/// itself, so a live caption changes every frame without allocating.
public struct CaptionFormat: Equatable, Sendable {
    /// A measure a caption can show.
    public enum Value: String, CaseIterable, Sendable {
        /// Pinch scale, one decimal (1.8).
        case scale
        /// Rotation, whole degrees, clockwise positive.
        case degrees
        /// Distance moved, whole logical px.
        case distance
        /// How long a press has been held, one decimal.
        case seconds
        /// Fingers in the gesture.
        case fingers
        /// Taps in a multi-tap.
        case taps
        /// The swipe's direction as an arrow (← → ↑ ↓) or a word (left, right, up, down).
        case arrow, direction
        /// The screen edge a swipe came from (left, right, top, bottom).
        case edge
    }

    enum Piece: Equatable, Sendable {
        case literal([UInt8])
        case value(Value)
    }

    let pieces: [Piece]
    /// The format as written.
    public let source: String

    /// Parses `source`, allowing only `allowed` measures. `{{` and `}}` are literal braces.
    public init(_ source: String, allowed: Set<Value>) throws(CaptionFormatError) {
        self.source = source
        var pieces: [Piece] = [], literal: [UInt8] = []
        var rest = Substring(source)
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "{" || character == "}", rest.first == character {
                literal.append(contentsOf: character.utf8)
                rest = rest.dropFirst()
            } else if character == "{" {
                guard let close = rest.firstIndex(of: "}") else { throw .unclosedBrace(source) }
                let name = String(rest[..<close])
                guard let value = Value(rawValue: name), allowed.contains(value) else {
                    throw .unknownValue(name, allowed: allowed.map(\.rawValue).sorted())
                }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = []
                pieces.append(.value(value))
                rest = rest[close...].dropFirst()
            } else if character == "}" {
                throw .unopenedBrace(source)
            } else {
                literal.append(contentsOf: character.utf8)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// The measures this format shows.
    public var values: [Value] { pieces.compactMap { if case .value(let v) = $0 { v } else { nil } } }

    /// Replaces `line`'s text with this format filled in from `measures`.
    public func write(_ measures: CaptionMeasures, into line: inout TextLine) {
        line.removeAll()
        for piece in pieces {
            switch piece {
            case .literal(let bytes): line.append(utf8: bytes)
            case .value(let value): measures.write(value, into: &line)
            }
        }
    }

    public static func == (a: CaptionFormat, b: CaptionFormat) -> Bool { a.source == b.source && a.pieces == b.pieces }
}

/// What is wrong with a caption format.
public enum CaptionFormatError: Error, Equatable, CustomStringConvertible {
    case unclosedBrace(String)
    case unopenedBrace(String)
    case unknownValue(String, allowed: [String])

    public var description: String {
        switch self {
        case .unclosedBrace(let text): "\"\(text)\" opens a brace it does not close (write {{ for a brace)"
        case .unopenedBrace(let text): "\"\(text)\" closes a brace it did not open (write }} for a brace)"
        case .unknownValue(let name, let allowed):
            "{\(name)} is not a measure of this gesture; it has " + (allowed.isEmpty ? "none" : allowed.map { "{\($0)}" }.joined(separator: ", "))
        }
    }
}
