import Testing
import TestSupport
import TouchCore
import Visualizer
@testable import Annotation

/// The text box's editing, its record in a trace, and the `text` tool's contacts: a tap opens
/// a box, a drag on a text moves it (one undo step), and a text is ink like any other.
@Suite struct TextBoxTests {
    static func box(_ text: String = "") -> TextBox { TextBox(origin: Point(x: 10, y: 20), color: .white, size: 20, text: text) }

    @Test func keysEditAsInATextField() {
        var box = Self.box()
        for edit: TextEdit in [.insert("Hello"), .insert(" "), .insert("ñ")] { box.apply(edit) }
        #expect(box.text == "Hello ñ" && box.caret == 7)
        var changed = box.apply(.backspace)
        #expect(changed)
        #expect(box.text == "Hello " && box.caret == 6)
        box.apply(.left)
        box.apply(.left)
        changed = box.apply(.deleteForward)
        #expect(changed)
        #expect(box.text == "Hell " && box.caret == 4)
        #expect(box.text == "Hell ", "one character at a time")
        box.apply(.home)
        #expect(box.caret == 0)
        changed = box.apply(.backspace) || box.apply(.left)
        #expect(!changed, "nothing before the start")
        box.apply(.end)
        box.apply(.newline)
        box.apply(.insert("ab"))
        #expect(box.lines == ["Hell ", "ab"] && box.caretPosition.line == 1 && box.caretPosition.column == 2)
        box.apply(.up)
        #expect(box.caretPosition.line == 0 && box.caretPosition.column == 2, "up keeps the column")
        box.apply(.end)
        box.apply(.down)
        #expect(box.caretPosition.line == 1 && box.caretPosition.column == 2, "down: the column, at most the line's length")
        let moved = box.apply(.down)
        #expect(!moved, "no line below the last")
    }

    @Test func controlCharactersAndEndlessTextAreKeptOut() {
        var box = Self.box()
        box.apply(.insert("a\u{1B}[31mb\tc\r"))
        #expect(box.text == "a[31mbc\n", "escape and tab dropped, a carriage return is a newline")
        let taken = box.apply(.insert(String(repeating: "x", count: AnnotationDefaults.textLimit)))
        #expect(taken && box.text.count == AnnotationDefaults.textLimit, "an insertion past the limit is cut off, not dropped whole")
        let more = box.apply(.insert("y"))
        #expect(!more, "a full box takes nothing more")
        box.set(text: "xyz", caret: 99)
        #expect(box.text == "xyz" && box.caret == 3)
    }

    /// What an input method is told of a long box: at most 4,000 bytes around the caret, cut on
    /// character boundaries (a Wayland message holds 4,096), with the caret where it is.
    @Test func theSurroundingTextFitsAWaylandMessage() {
        var box = Self.box(String(repeating: "€", count: 1_360) + "abc")  // 4,083 bytes
        for _ in 0..<2 { box.apply(.left) }
        let (text, cursor) = box.surrounding(byteLimit: AnnotationDefaults.surroundingTextLimit)
        #expect(text.utf8.count <= 4_000 && text.utf8.count > 3_990, "\(text.utf8.count) bytes")
        #expect(text.hasSuffix("€abc") && String(text.utf8.prefix(cursor))?.hasSuffix("€a") == true, "the caret is after a, in the text sent")
        #expect(text.unicodeScalars.allSatisfy { $0 == "€" || $0.isASCII }, "no character is cut in half")
        var atStart = Self.box(String(repeating: "日本", count: 2_000))
        for _ in 0..<5_000 { atStart.apply(.left) }
        let start = atStart.surrounding(byteLimit: 4_000)
        #expect(start.cursor == 0 && start.text.utf8.count == 3_999, "all the room goes after a caret at the start: \(start.text.utf8.count)")
        #expect(Self.box("short").surrounding(byteLimit: 4_000) == ("short", 5))
    }

    /// A box holds at most `textByteLimit` bytes too (one character can be many: combining marks).
    @Test func aBoxHoldsAtMostItsBytes() {
        var box = Self.box()
        let heavy = "e" + String(repeating: "\u{301}", count: 100)  // one character of 201 bytes
        for _ in 0..<200 { box.apply(.insert(heavy)) }
        #expect(box.text.utf8.count <= AnnotationDefaults.textByteLimit && box.text.utf8.count > AnnotationDefaults.textByteLimit - 201)
    }

    /// An input method's edits: bytes deleted around the caret (whole characters only), its
    /// composition shown at the caret but not in the text, and the surrounding text it is told.
    @Test func anInputMethodDeletesComposesAndIsToldTheSurroundings() {
        var box = Self.box("Grüße")
        box.apply(.left)
        #expect(box.surrounding.text == "Grüße" && box.surrounding.cursor == 6, "ü and ß are two bytes each: the caret before e is byte 6")
        box.deleteSurrounding(beforeBytes: 3, afterBytes: 1)
        #expect(box.text == "Grü" && box.caret == 3, "ß (2 bytes) fits in 3, ü would not; e after")
        box.deleteSurrounding(beforeBytes: 1, afterBytes: 0)
        #expect(box.text == "Grü", "half of ü is not deleted")
        box.preedit = "ñ"
        #expect(box.text == "Grü" && box.shown.text == "Grüñ" && box.shown.caret == 4 && box.shown.preedit == 3..<4)
        #expect(box.settingValue == "3:Gr%C3%BC", "a trace never has the composition")
    }

    @Test func aTraceKeepsWhatWasTypedOnOneLine() throws {
        var box = Self.box("Hello ñ #1\nnext line%")
        box.apply(.left)
        let value = box.settingValue
        #expect(!value.contains(" ") && !value.contains("#") && !value.contains("\n"), "\(value)")
        #expect(TextBox.parse(settingValue: value) == .typed(text: "Hello ñ #1\nnext line%", caret: 20))
        #expect(TextBox.parse(settingValue: "commit") == .commit && TextBox.parse(settingValue: "cancel") == .cancel)
        for broken in ["", "x:abc", "3:%4", "3:%ZZ", "2:%FF%FE", "-1:a", "3:a b"] {
            #expect(TextBox.parse(settingValue: broken) == nil, "a broken value")
        }
    }
}

@MainActor @Suite struct TextToolTests {
    let scheduler = ManualScheduler()
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let view: InkView
    let dispatcher: TouchDispatcher

    init() {
        var settings = InkDocument.Settings()
        settings.tool = .text
        view = InkView(frame: window.bounds, document: InkDocument(settings: settings))
        window.addSubview(view)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        view.mode = .draw
    }

    func drag(from a: Point, to b: Point, at start: Double, id: Int = 1) {
        dispatcher.stroke(id: id, from: a, to: b, at: start, scheduler: scheduler)
    }

    static let hello = TextContent(string: "Hello", size: 20, extent: Size(width: 50, height: 25))

    @Test func aTapOpensABoxAndDrawsNothing() {
        var taps: [Point] = []
        view.textTool.onTap = { taps.append($0) }
        drag(from: Point(x: 100, y: 100), to: Point(x: 102, y: 101), at: 0)
        #expect(taps == [Point(x: 100, y: 100)])
        drag(from: Point(x: 300, y: 300), to: Point(x: 400, y: 300), at: 1)
        #expect(taps.count == 1, "a drag on nothing opens no box")
        #expect(view.document.strokes.isEmpty)
    }

    @Test func aDragMovesATextInOneUndoableStep() throws {
        let document = view.document
        let id = document.addText(Self.hello, at: Point(x: 100, y: 100), color: .white)
        drag(from: Point(x: 110, y: 110), to: Point(x: 310, y: 160), at: 0)
        let moved = try #require(document.strokes.first)
        #expect(document.strokes.count == 1 && moved.samples[0].point == Point(x: 300, y: 150) && moved.text == Self.hello)
        #expect(document.undo() && document.strokes.first?.id == id && document.strokes.first?.samples[0].point == Point(x: 100, y: 100),
                "one undo puts it back")
        #expect(document.undo() && document.strokes.isEmpty, "the next undoes the text itself")
        #expect(document.redo() && document.redo() && document.strokes.first?.samples[0].point == Point(x: 300, y: 150))
    }

    @Test func theEraserTakesATextAndClearTakesItToo() {
        let document = view.document
        document.addText(Self.hello, at: Point(x: 100, y: 100), color: .white)
        var settings = document.settings
        settings.tool = .eraser
        document.settings = settings
        drag(from: Point(x: 90, y: 300), to: Point(x: 90, y: 90), at: 0)
        #expect(document.strokes.count == 1, "the eraser passed beside it")
        drag(from: Point(x: 120, y: 300), to: Point(x: 120, y: 90), at: 1)
        #expect(document.strokes.isEmpty, "through it: erased")
        #expect(document.undo() && document.strokes.count == 1)
    }
}
