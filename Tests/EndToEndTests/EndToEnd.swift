import Testing

/// Every end-to-end suite, one after another: each starts its own compositor, and running
/// them side by side on a small machine would make their timing meaningless.
@Suite(.serialized) enum EndToEnd {}
