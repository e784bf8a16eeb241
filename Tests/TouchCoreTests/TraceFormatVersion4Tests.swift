import Testing
@testable import TouchCore

/// Trace format 4: the wall-clock `start` line and the output's transform.
@Suite struct TraceFormatVersion4Tests {
    @Test func startAndTransformRoundTrip() throws {
        let start = try #require(WallClockTime(rfc3339: "2026-11-23T09:41:07.250Z"))
        let trace = TouchTrace(outputSize: Size(width: 1280, height: 800), scale: 1.5, outputTransform: .rotated90, start: start,
                               events: [.init(time: 0, id: 1, phase: .down, x: 10, y: 20), .init(time: 0.1, id: 1, phase: .up, x: 10, y: 20)])
        let text = trace.text
        #expect(text.hasPrefix("touchlight-trace \(TouchTrace.formatVersion)\noutput 1280 800 1.5 transform=90\nstart 2026-11-23T09:41:07.250Z\n"))
        #expect(try TouchTrace(text: text) == trace)
    }

    @Test func aNormalOutputAndNoStartWriteNothingExtra() throws {
        let trace = TouchTrace(outputSize: Size(width: 800, height: 600), events: [.init(time: 0, id: 1, phase: .down, x: 1, y: 2)])
        #expect(trace.text.hasPrefix("touchlight-trace \(TouchTrace.formatVersion)\noutput 800 600 1\n# "))
        let read = try TouchTrace(text: trace.text)
        #expect(read.start == nil && read.outputTransform == .normal)
    }

    @Test func version3TracesStillRead() throws {
        let trace = try TouchTrace(text: "touchlight-trace 3\noutput 800 600 1\n0 1 down 5 5 type=pencil force=0.5\n")
        #expect(trace.events.first?.type == .pencil && trace.start == nil)
    }

    @Test(arguments: [
        ("touchlight-trace 3\noutput 800 600 1\nstart 2026-11-23T09:41:07Z\n", 3, "needs trace format version 4"),
        ("touchlight-trace 3\noutput 800 600 1 transform=90\n", 2, "needs trace format version 4"),
        ("touchlight-trace 4\noutput 800 600 1 transform=sideways\n", 2, "is not transform= with one of normal, 90"),
        ("touchlight-trace 4\noutput 800 600 1 rotate=90\n", 2, "is not transform="),
        ("touchlight-trace 4\noutput 800 600 1\nstart yesterday\n", 3, "an RFC 3339 time"),
        ("touchlight-trace 4\noutput 800 600 1\nstart 2026-02-30T00:00:00Z\n", 3, "an RFC 3339 time"),
        ("touchlight-trace 4\noutput 800 600 1\nstart 2026-11-23T09:41:07Z\nstart 2026-11-23T09:41:07Z\n", 4, "'start' comes once"),
        ("touchlight-trace 4\noutput 800 600 1\n0 1 down 5 5\nstart 2026-11-23T09:41:07Z\n", 4, "before the events"),
    ])
    func badHeadersAreRefusedWithTheirLine(text: String, line: Int, message: String) {
        let error = refusal(of: text)
        #expect(error?.line == line && error?.message.contains(message) == true, "\(String(describing: error))")
    }
}

@Suite struct WallClockTimeTests {
    @Test func readsRFC3339WithOffsetsAndFractions() throws {
        #expect(WallClockTime(rfc3339: "1970-01-01T00:00:00Z")?.secondsSince1970 == 0)
        #expect(WallClockTime(rfc3339: "2000-03-01T00:00:00Z")?.secondsSince1970 == 951_868_800)
        #expect(WallClockTime(rfc3339: "2026-11-23T10:41:07+01:00") == WallClockTime(rfc3339: "2026-11-23T09:41:07Z"))
        // ffprobe's creation_time: microseconds.
        let probe = try #require(WallClockTime(rfc3339: "2026-11-23T09:41:07.250000Z"))
        #expect(abs(probe.secondsSince1970 - 1_795_426_867.25) < 1e-6)
        #expect(probe.description == "2026-11-23T09:41:07.250Z")
    }

    @Test(arguments: ["", "2026-11-23", "2026-11-23T09:41:07", "2026-13-01T00:00:00Z", "2026-11-23T24:00:00Z",
                      "2026-11-23T09:41:07.Z", "2026-11-23T09:41:07+0100", "2026-11-23T09:41:07Zjunk", "２026-11-23T09:41:07Z"])
    func refusesWhatIsNotRFC3339(text: String) {
        #expect(WallClockTime(rfc3339: text) == nil)
    }

    @Test func writesWhatItReads() {
        for seconds in [0.0, 951_868_800.5, 1_795_426_867.25, -86_400.125, 4_102_444_800] {
            let time = WallClockTime(secondsSince1970: seconds)
            #expect(WallClockTime(rfc3339: time.description) == time, "\(time)")
        }
    }
}
