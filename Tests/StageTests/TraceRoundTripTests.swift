import Annotation
@testable import Stage
import Testing
import TestSupport
import TouchCore
import TouchlightConfig

/// Every trace the writer can produce reads back: random touches with every `set` record a
/// recording makes (with values from their own writers), long texts typed in characters of
/// every Unicode plane, recorded as edits; and replaying those edits rebuilds the words exactly.
@MainActor
@Suite struct TraceRoundTripTests {
    /// A random scalar from any plane (0 to 16), surrogates left out; some are controls,
    /// combining marks or unassigned, which a box keeps or drops as it does when typed.
    static func scalar(_ random: inout SplitMix) -> Unicode.Scalar {
        while true {
            let plane = UInt32.random(in: 0...16, using: &random)
            let value = plane << 16 | UInt32.random(in: 0...0xFFFF, using: &random)
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    static func words(_ random: inout SplitMix, count: Int) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<count {
            text.append(Bool.random(using: &random) ? scalar(&random) : Unicode.Scalar(UInt8.random(in: 32...126, using: &random)))
        }
        return String(text)
    }

    /// Types into a box at random (inserts, deletions, caret moves, long pastes): each change's
    /// `set text` value, as the recorder writes it.
    static func typing(_ random: inout SplitMix, steps: Int) -> (values: [String], box: TextBox) {
        var box = TextBox(origin: .zero, color: .white, size: 20)
        var recorded = (text: "", caret: 0)
        var values: [String] = []
        for _ in 0..<steps {
            let edit: TextEdit = switch Int.random(in: 0..<10, using: &random) {
            case 0: .backspace
            case 1: .deleteForward
            case 2: .left
            case 3: .newline
            case 4: .home
            case 5: .insert(words(&random, count: Int.random(in: 200...3000, using: &random)))  // a paste
            default: .insert(words(&random, count: Int.random(in: 1...3, using: &random)))
            }
            guard box.apply(edit) else { continue }
            values.append(box.editValue(from: recorded))
            recorded = (box.text, box.caret)
        }
        return (values, box)
    }

    @Test(arguments: 0..<6)
    func everyTraceTheWriterMakesReadsBack(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let typed = Self.typing(&random, steps: 60)
        var settings: [TouchTrace.Setting] = []
        var time = 0.0
        func add(_ name: String, _ value: String) {
            time += Double(Int.random(in: 0...200, using: &random)) / 1000
            #expect(TouchTrace.isWritable(settingName: name, value: value), "\(name) \(value.prefix(80))")
            settings.append(TouchTrace.Setting(time: time, name: name, value: value))
        }
        let point = { (random: inout SplitMix) in Point(x: Double.random(in: -1e6...1e6, using: &random), y: Double.random(in: -1e6...1e6, using: &random)) }
        var annotate = Configuration().annotate
        (annotate.mode, annotate.ink.tool, annotate.ink.width, annotate.board, annotate.spotlight.isOn) = (.draw, .highlighter, 12.5, .grid, true)
        for command in AnnotationState.commands(restoring: annotate, page: 3) + [.zoom(.on), .zoom(.off)] {
            let record = try #require(command.record)
            add(record.name, record.value)
            #expect(try ControlCommand(recordName: record.name, value: record.value) == command, "\(record) reads back as \(command)")
        }
        add(PenHover.settingName, PenHover(point: point(&random), erases: true).settingValue)
        add(ZoomView.settingName, ZoomView(scale: 3.25, offset: Point(x: 100, y: 50), in: Size(width: 800, height: 600)).settingValue)
        add(Spotlight.hoverSettingName, Spotlight.hoverSettingValue(point(&random)))
        add(TextBox.settingName, typed.box.settingValue)  // a whole box, as format 5 wrote it
        for value in typed.values { add(TextBox.settingName, value) }
        add(TextBox.settingName, "commit")
        var events: [TouchTrace.Event] = []
        for index in 0..<200 {
            let p = point(&random)
            events.append(.init(time: Double(index) / 100, id: index % 10, phase: [.down, .move, .up][index % 3], x: p.x, y: p.y))
        }
        let trace = TouchTrace(outputSize: Size(width: 1920, height: 1080), scale: 2, events: events, settings: settings)
        let read = try TouchTrace(text: trace.text)
        #expect(read == trace)

        // The recorded edits, replayed, rebuild the words scalar for scalar.
        var replayed = TextBox(origin: .zero, color: .white, size: 20)
        for value in read.settings.filter({ $0.name == TextBox.settingName }).map(\.value).dropFirst().dropLast() {
            guard case .edited(let start, let removed, let inserted, let caret)? = TextBox.parse(settingValue: value) else {
                Issue.record("not an edit: \(value.prefix(80))")
                return
            }
            let fits = replayed.replace(from: start, removing: removed, with: inserted, caret: caret)
            #expect(fits)
        }
        #expect(replayed.text.unicodeScalars.elementsEqual(typed.box.text.unicodeScalars) && replayed.caret == typed.box.caret)
        guard case .typed(let whole, let caret)? = TextBox.parse(settingValue: typed.box.settingValue) else { Issue.record("whole box"); return }
        #expect(whole.unicodeScalars.elementsEqual(typed.box.text.unicodeScalars) && caret == typed.box.caret)
    }

    /// A trace grows with what is typed, not with the box at every key: 1,500 "€" typed one at
    /// a time make about 60 KB, 40 bytes a key (the whole box at every key made 10 MB).
    @Test func typingRecordsEditsNotTheWholeBox() throws {
        var box = TextBox(origin: .zero, color: .white, size: 20)
        var recorded = (text: "", caret: 0)
        var bytes = 0
        for _ in 0..<1_500 {
            box.apply(.insert("€"))
            let value = box.editValue(from: recorded)
            recorded = (box.text, box.caret)
            bytes += value.utf8.count + 20  // "TIME set text " and the newline
        }
        #expect(bytes < 1_500 * 45, "\(bytes) bytes")
        #expect(TouchTrace.isWritable(settingName: TextBox.settingName, value: box.settingValue), "the whole box fits a text value too")
    }

    /// The recorder writes nothing the reader would refuse: an over-long value is dropped.
    @Test func theRecorderRespectsTheReadersLimits() {
        let recorder = TraceRecorder(path: "/nonexistent/never-written")
        #expect(recorder.record(setting: "tool", value: String(repeating: "x", count: 65), at: 0) == false)
        #expect(recorder.record(setting: "tool", value: "has space", at: 0) == false)
        #expect(recorder.record(setting: TextBox.settingName, value: String(repeating: "x", count: 65), at: 0))
        #expect(recorder.record(setting: TextBox.settingName, value: String(repeating: "x", count: TouchTrace.textValueLimit + 1), at: 0) == false)
    }
}
