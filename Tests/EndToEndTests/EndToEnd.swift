import Testing

/// Every end-to-end suite, one after another within a test process: each starts its own
/// compositor. `scripts/test` runs two processes side by side, each with its own group of these
/// suites (they mostly wait on compositors and replays: measured, two groups that took 61 s and
/// 80 s alone took 80 s together), and the screencast suite alone after them.
@Suite(.serialized) enum EndToEnd {}
