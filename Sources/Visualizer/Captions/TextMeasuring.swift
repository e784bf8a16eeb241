/// Measures text for the visualizer, which places captions before anything draws them. The
/// renderer that will draw the text measures it, so the two agree to the pixel.
public protocol TextMeasuring: AnyObject {
    /// Sets `line`'s width, ascent and descent (logical px) for its text and size.
    func measure(_ line: inout TextLine)
}
