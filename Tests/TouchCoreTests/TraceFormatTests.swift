import Testing
@testable import TouchCore

@Suite struct TraceFormatTests {
    @Test func roundTrip() throws {
        let trace = TouchTrace(outputSize: Size(width: 1920, height: 1080), scale: 1.5, events: [
            .init(time: 0, id: 1, phase: .down, x: 10.5, y: 20),
            .init(time: 0.0083, id: 1, phase: .move, x: 11, y: 21, major: 12, minor: 8, orientation: 0.25),
            .init(time: 0.0083, id: 2, phase: .down, x: 300, y: 200),
            .init(time: 0.1, id: 1, phase: .up, x: 11, y: 21),
            .init(time: 0.2, id: 0, phase: .cancel, x: 0, y: 0),
        ])
        let parsed = try TouchTrace(text: trace.text)
        #expect(parsed == trace)
        #expect(parsed.frames.map(\.count) == [1, 2, 1, 1])
    }

    @Test(arguments: [
        ("", 1, "empty trace"),
        ("touchlight-trace 2\n", 1, "unsupported trace format version '2'"),
        ("hello\n", 1, "expected the header"),
        ("touchlight-trace 1\n", 2, "truncated trace: no 'output' line"),
        ("touchlight-trace 1\noutput 800 0 1\n", 2, "expected 'output WIDTH HEIGHT SCALE'"),
        ("touchlight-trace 1\noutput 800 600 1\n0 1 down 5\n", 3, "found 4 fields"),
        ("touchlight-trace 1\noutput 800 600 1\n0 1 press 5 5\n", 3, "phase 'press'"),
        ("touchlight-trace 1\noutput 800 600 1\n0 x down 5 5\n", 3, "touch id 'x'"),
        ("touchlight-trace 1\noutput 800 600 1\n-1 1 down 5 5\n", 3, "time '-1'"),
        ("touchlight-trace 1\noutput 800 600 1\n0.5 1 down 5 5\n# ok\n0.4 1 up 5 5\n", 5, "goes back"),
        ("touchlight-trace 1\noutput 800 600 1\n0 1 down 5 nan\n", 3, "position"),
    ])
    func malformedTracesAreRejectedWithTheirLine(text: String, line: Int, message: String) {
        #expect {
            try TouchTrace(text: text)
        } throws: { error in
            guard let error = error as? TraceError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }
}
