/// A pixel's colour as the tests look at it: a screenshot's (`Image.Pixel`) or an in-process
/// canvas's (`CanvasPixel`), channels 0…255.
public protocol ColourSample {
    var r: Int { get }
    var g: Int { get }
    var b: Int { get }
}

/// What the tests look for in a picture, each with one threshold, named once.
extension ColourSample {
    /// The default ink, #e53935, drawn solid.
    public var isInk: Bool { r > 200 && g < 90 && b < 90 }
    /// Red text (thin, anti-aliased strokes of the ink's colour).
    public var isRedText: Bool { r > 150 && g < 90 && b < 90 }
    /// A marker's ring in the default palette's first colour (blue).
    public var isMarkerBlue: Bool { b > 200 && r < 120 && g < 190 }
    /// A marker's ring in a red palette colour, blended with what is under it.
    public var isMarkerRed: Bool { r > 200 && g < 120 && b < 120 }
    /// Green ink or a green marker (#00ff00-ish), solid.
    public var isGreen: Bool { g > 200 && r < 120 }
    /// The white board, or white under a light trail.
    public var isWhite: Bool { r > 230 && g > 230 && b > 230 }
}

/// One premultiplied ARGB8888 pixel of an in-process canvas, as a colour sample (drawn over
/// transparency, an opaque pixel's channels are its colour).
public struct CanvasPixel: ColourSample, CustomStringConvertible {
    public let alpha, r, g, b: Int

    public init(_ argb: UInt32) {
        (alpha, r, g, b) = (Int(argb >> 24), Int(argb >> 16 & 0xFF), Int(argb >> 8 & 0xFF), Int(argb & 0xFF))
    }

    public var description: String { "argb(\(alpha), \(r), \(g), \(b))" }
}

extension ColourSample {
    /// The largest difference from `other` in one channel.
    public func largestChannelDifference(from other: some ColourSample) -> Int {
        max(abs(r - other.r), abs(g - other.g), abs(b - other.b))
    }
}

/// Two renderings of one scene, pixel by pixel (`count` of them): how many differ by over
/// `tolerance` in some channel, and how many the reference changed from its background (what
/// was drawn at all). The renderers' comparisons (canvas, sprites, GLES) all use it.
public func compareRenderings<Sample: ColourSample>(count: Int, shown: (Int) -> Sample, reference: (Int) -> Sample,
                                                    background: (Int) -> Sample, tolerance: Int = 64) -> (differing: Int, changed: Int) {
    var differing = 0, changed = 0
    for i in 0..<count {
        let drawn = reference(i)
        if shown(i).largestChannelDifference(from: drawn) > tolerance { differing += 1 }
        if drawn.largestChannelDifference(from: background(i)) > 0 { changed += 1 }
    }
    return (differing, changed)
}
