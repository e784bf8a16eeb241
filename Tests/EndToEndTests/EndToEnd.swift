import Testing

/// Every end-to-end suite, one after another within a test process: each starts its own
/// compositor. `scripts/test` runs three processes side by side, each with its own lane of these
/// suites (they mostly wait on compositors and replays), and the screencast suite alone after them.
@Suite(.serialized) enum EndToEnd {}
