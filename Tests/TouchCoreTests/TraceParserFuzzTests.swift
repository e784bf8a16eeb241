import Testing
import TestSupport
@testable import TouchCore

/// The trace parser never traps or hangs, refuses numbers that could (bugs 4 and 5), and every
/// error names its line and stays short, however large or binary the input (bug 13).
@Suite struct TraceParserFuzzTests {
    static let header = "touchlight-trace 1\noutput 800 600 1\n"

    @Test(arguments: [
        ("output 1e-300 1e-300 1", "expected 'output WIDTH HEIGHT SCALE'"),
        ("output 800 600 0", "expected 'output WIDTH HEIGHT SCALE'"),
        ("output 800 600 inf", "expected 'output WIDTH HEIGHT SCALE'"),
    ])
    func hostileOutputLinesAreRefused(line: String, message: String) {
        #expect(throws: TraceError.self) { try TouchTrace(text: "touchlight-trace 1\n\(line)\n") }
        do { _ = try TouchTrace(text: "touchlight-trace 1\n\(line)\n") } catch let error as TraceError {
            #expect(error.line == 2 && error.message.contains(message))
        } catch { Issue.record("\(error)") }
    }

    @Test(arguments: [
        "9.3e18 1 down 10 10", "inf 1 down 10 10", "nan 1 down 10 10", "-1 1 down 10 10",
        "0.1 1 down 1e19 10", "0.1 1 down 10 -inf", "0.1 1 down 10 nan",
        "0.1 1 down 10 10 1e300 5 0", "0.1 1 down 10 10 inf 5 0", "0.1 1 down 10 10 5 5 nan",
        "0.1 99999999999999999999 down 10 10",
    ])
    func hostileEventsAreRefusedWithTheirLine(line: String) {
        do {
            _ = try TouchTrace(text: Self.header + "0 1 down 5 5\n" + line + "\n")
            Issue.record("accepted: \(line)")
        } catch let error as TraceError {
            #expect(error.line == 4, "\(error)")
        } catch { Issue.record("\(error)") }
    }

    @Test func errorMessagesQuoteABoundedExcerpt() {
        let binary = String(decoding: (0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }, as: UTF8.self)
        do {
            _ = try TouchTrace(text: binary)
            Issue.record("binary accepted")
        } catch let error as TraceError {
            #expect(error.description.count < 200, "message of \(error.description.count) characters")
            #expect(!error.description.contains("\0"))
        } catch { Issue.record("\(error)") }
    }

    /// Random and mutated traces: each is accepted (and then plays without trapping) or
    /// refused with a line number within the text.
    @MainActor @Test func randomAndMutatedTracesNeverTrap() {
        var rng = SplitMix(state: 15)
        let seed = Self.header + "0 1 down 100 100\n0.01 1 move 120 110 20 10 0.5\n0.02 2 down 300 300\n0.05 1 up 120 110\n0.06 * cancel 0 0\n"
        let alphabet = Array("0123456789.-+e ∞#*\n\t downmoveupcancelinfnaoutput\0\u{FFFD}xX")
        for _ in 0..<3_000 {
            let candidate = mutated(seed, alphabet: alphabet, edits: 1...8, using: &rng)
            let lines = candidate.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                let trace = try TouchTrace(text: candidate)
                let scheduler = ManualScheduler()
                let dispatcher = TouchDispatcher(window: Window(frame: Rect(x: 0, y: 0, width: 800, height: 600)), scheduler: scheduler)
                TracePlayer.play(trace, into: dispatcher, scheduler: scheduler)
            } catch let error as TraceError {
                #expect(error.line >= 1 && error.line <= lines, "\(error)")
                #expect(error.description.count < 300)
            } catch { Issue.record("\(error)") }
        }
    }
}
