import Testing
@testable import OverlayClient

/// Input-to-commit latency counts from an input to the commit that shows it, and only then.
@Suite struct StatisticsTests {
    @Test func anInputIsTimedToTheCommitThatShowsIt() {
        let stats = Statistics()
        stats.inputArrived(at: 1.0)
        stats.inputArrived(at: 1.002)  // the same frame: timed from its first input
        stats.committed(at: 1.003, wakeups: 0)
        #expect(stats.latencies.count == 1 && abs(stats.latencies[0] - 0.003) < 1e-9)
    }

    /// A lift that changes nothing on screen is not timed to the next animation's commit.
    @Test func anInputThatChangedNothingIsNotTimed() {
        let stats = Statistics()
        stats.inputArrived(at: 1.0)
        stats.inputShowedNothing()
        stats.committed(at: 1.061, wakeups: 0)
        #expect(stats.latencies.isEmpty && stats.showedNothing == 1)
        #expect(stats.summary(now: 2, wakeupTimes: []).contains("1 changed nothing on screen"))
    }

    @Test func anInputThatWaitedForAFrameCallbackIsNotTimed() {
        let stats = Statistics()
        stats.inputArrived(at: 1.0)
        stats.inputDeferred()
        stats.committed(at: 1.016, wakeups: 0)
        #expect(stats.latencies.isEmpty && stats.deferred == 1)
    }
}
