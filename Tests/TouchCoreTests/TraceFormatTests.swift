import Testing
@testable import TouchCore

@Suite struct TraceFormatTests {
    @Test func roundTrip() throws {
        let trace = TouchTrace(outputSize: Size(width: 1920, height: 1080), scale: 1.5, events: [
            .init(time: 0, id: 1, phase: .down, x: 10.5, y: 20),
            .init(time: 0.0083, id: 1, phase: .move, x: 11, y: 21, major: 12, minor: 8, orientation: 0.25),
            .init(time: 0.0083, id: 2, phase: .down, x: 300, y: 200),
            .init(time: 0.1, id: 1, phase: .up, x: 11, y: 21),
            .init(time: 0.2, id: TouchTrace.Event.everyTouch, phase: .cancel, x: 0, y: 0),
        ])
        let parsed = try TouchTrace(text: trace.text)
        #expect(parsed == trace)
        #expect(parsed.frames.map(\.count) == [1, 2, 1, 1])
    }

    @Test(arguments: [
        ("", 1, "empty trace"),
        ("touchlight-trace 7\n", 1, "unsupported trace format version '7' (this build reads versions 1 to 6)"),
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
        let error = refusal(of: text)
        #expect(error?.line == line && error?.message.contains(message) == true, "\(String(describing: error))")
    }
}

/// The error reading `text` throws; an issue is recorded when it reads, or throws another kind.
func refusal(of text: String) -> TraceError? {
    do {
        _ = try TouchTrace(text: text)
        Issue.record("accepted \(text)")
    } catch let error as TraceError {
        return error
    } catch {
        Issue.record("\(error)")
    }
    return nil
}

/// Format version 2: `set` lines, written in time order among the events; version 1 still reads.
@Suite struct TraceFormatVersionTests {
    @Test func settingsRoundTripInTimeOrder() throws {
        var trace = TouchTrace(outputSize: Size(width: 800, height: 600))
        trace.events = [.init(time: 0.5, id: 1, phase: .down, x: 1, y: 2), .init(time: 1, id: 1, phase: .up, x: 1, y: 2)]
        trace.settings = [.init(time: 0, name: "mode", value: "draw"), .init(time: 0.75, name: "tool", value: "highlighter"),
                          .init(time: 2, name: "color", value: "00FF00")]
        let text = trace.text
        #expect(text.hasPrefix("touchlight-trace \(TouchTrace.formatVersion)\n"))
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.dropFirst(2).map { String($0) } == ["0.0 set mode draw", "0.5 1 down 1.0 2.0", "0.75 set tool highlighter",
                                                          "1.0 1 up 1.0 2.0", "2.0 set color 00FF00"])
        #expect(try TouchTrace(text: text) == trace)
        #expect(trace.duration == 2)
    }

    @Test func versionOneStillReadsAndHasNoSettings() throws {
        let old = try TouchTrace(text: "touchlight-trace 1\noutput 800 600 1\n0 1 down 5 5\n0.1 1 up 5 5\n")
        #expect(old.events.count == 2 && old.settings.isEmpty)
        #expect(throws: TraceError(line: 3, message: "'set' lines need trace format version 2")) {
            try TouchTrace(text: "touchlight-trace 1\noutput 800 600 1\n0 set mode draw\n")
        }
    }

    @Test(arguments: [
        ("0 set mode\n", "expected 'time set name value', found 3 fields"),
        ("0 set mo-de draw\n", "setting name 'mo-de' is not a word"),
        ("-1 set mode draw\n", "time '-1' is not a number of seconds"),
        ("0 set mode \u{7}\n", "setting value '?' is not printable"),
        ("1 set mode draw\n0.5 set tool pen\n", "time 0.5 goes back before 1.0"),
    ])
    func badSettingLinesAreRefusedWithTheirLine(_ body: String, _ message: String) {
        let error = refusal(of: "touchlight-trace 2\noutput 800 600 1\n" + body)
        #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
    }
}

/// Format version 3: what made each touch and a pen's pressure, as `name=value` fields.
@MainActor @Suite struct TraceFormatVersion3Tests {
    @Test func typesAndForcesRoundTripAndReplay() throws {
        var trace = TouchTrace(outputSize: Size(width: 800, height: 600))
        trace.events = [.init(time: 0, id: 1, phase: .down, x: 10, y: 20, type: .pencil, force: 0.25),
                        .init(time: 0.01, id: 1, phase: .move, x: 30, y: 20, force: 0.75),
                        .init(time: 0.02, id: 1, phase: .move, x: 40, y: 20),
                        .init(time: 0.02, id: 2, phase: .down, x: 5, y: 5, type: .eraser),
                        .init(time: 0.03, id: 1, phase: .up, x: 40, y: 20), .init(time: 0.03, id: 2, phase: .up, x: 5, y: 5)]
        let text = trace.text
        #expect(text.hasPrefix("touchlight-trace \(TouchTrace.formatVersion)\n") && TouchTrace.formatVersion >= 3)
        #expect(text.contains("0.0 1 down 10.0 20.0 type=pencil force=0.25\n") && text.contains("0.02 2 down 5.0 5.0 type=eraser\n"))
        #expect(try TouchTrace(text: text) == trace)

        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let scheduler = ManualScheduler()
        let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        var seen: [(Int, TouchType, Double?)] = []
        dispatcher.eventObserver = { event in
            for touch in event.allTouches where touch.phase != .stationary { seen.append((touch.sourceID, touch.type, touch.force)) }
        }
        TracePlayer.play(trace, into: dispatcher, scheduler: scheduler)
        let pencil = seen.filter { $0.0 == 1 }, eraser = seen.filter { $0.0 == 2 }
        #expect(pencil.map(\.1).allSatisfy { $0 == .pencil } && eraser.map(\.1).allSatisfy { $0 == .eraser })
        #expect(pencil.map(\.2) == [0.25, 0.75, 0.75, 0.75], "a force holds until the next: \(pencil.map(\.2))")
    }

    @Test(arguments: [
        ("touchlight-trace 2\noutput 800 600 1\n0 1 down 1 1 type=pencil\n", "'name=value' fields need trace format version 3"),
        ("touchlight-trace 3\noutput 800 600 1\n0 1 down 1 1 type=quill\n", "touch type 'quill' is not one of direct, pencil, eraser, indirectPointer"),
        ("touchlight-trace 3\noutput 800 600 1\n0 1 down 1 1\n0.1 1 move 2 2 type=pencil\n", "'type=' belongs on a down line"),
        ("touchlight-trace 3\noutput 800 600 1\n0 1 down 1 1 force=1.5\n", "force '1.5' is not a number from 0 to 1"),
        ("touchlight-trace 3\noutput 800 600 1\n0 1 down 1 1 force=nan\n", "force 'nan' is not a number from 0 to 1"),
        ("touchlight-trace 3\noutput 800 600 1\n0 1 down 1 1 tilt=3\n", "unknown field 'tilt=' (known: type=, force=)"),
        ("touchlight-trace 3\noutput 800 600 1\n0 1 down 1 type=pencil\n", "expected 'time id phase x y"),
    ])
    func badFieldsAreRefusedWithTheirLine(_ text: String, _ message: String) {
        let error = refusal(of: text)
        #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func versionTwoStillReads() throws {
        let old = try TouchTrace(text: "touchlight-trace 2\noutput 800 600 1\n0 set mode draw\n0 1 down 5 5\n0.1 1 up 5 5\n")
        #expect(old.events.count == 2 && old.events.allSatisfy { $0.type == nil && $0.force == nil })
    }
}
