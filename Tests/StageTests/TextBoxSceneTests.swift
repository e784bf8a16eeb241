import Annotation
@testable import Stage
import Renderer
import Testing
import TouchCore
import TouchlightConfig
import Visualizer

/// An overlay's text box: opened by a tap with the text tool, told of each change (the overlay
/// takes or gives back the keyboard then), committed by Enter, a mode change or a page turn,
/// dropped by Escape, and restyled with the ink.
@MainActor
@Suite struct TextBoxSceneTests {
    static func scene() -> OverlayScene {
        testScene(size: Size(width: 400, height: 300), text: true) { ($0.mode, $0.ink.tool) = (.draw, .text) }
    }

    static func tap(_ scene: OverlayScene, at point: Point, time: Double) {
        scene.dispatcher.down(id: 1, at: point, time: time)
        scene.dispatcher.frame()
        scene.dispatcher.up(id: 1, time: time + 0.05)
        scene.dispatcher.frame()
    }

    @Test func aBoxOpensTypesAndClosesByEnterEscapeModeAndPage() throws {
        let scene = Self.scene(), ink = scene.ink
        var changes: [TextBoxChange] = []
        ink.onTextBoxChanged = { changes.append($0) }
        Self.tap(scene, at: Point(x: 100, y: 80), time: 0)
        let box = try #require(ink.textBox)
        #expect(box.origin.x == 100 && box.origin.y < 80 && box.size == AnnotationDefaults.textSize(forWidth: 4) && changes == [.opened])
        ink.editTextBox(.insert("Hi"))
        #expect(ink.textBox?.text == "Hi" && changes.last == .edited)
        ink.commitTextBox()
        #expect(ink.textBox == nil && changes.last == .closed(committed: true))
        let text = try #require(ink.document.strokes.last?.text)
        #expect(text.string == "Hi" && text.extent.width > 10 && text.extent.height == text.lineHeight, "measured by the text engine: \(text.extent)")

        Self.tap(scene, at: Point(x: 100, y: 200), time: 1)
        ink.editTextBox(.insert("dropped"))
        ink.cancelTextBox()
        #expect(ink.textBox == nil && ink.document.strokes.count == 1 && changes.last == .closed(committed: false), "Escape drops it")

        Self.tap(scene, at: Point(x: 200, y: 200), time: 2)
        ink.editTextBox(.insert("kept"))
        _ = scene.setMode(.pass)
        #expect(ink.textBox == nil && ink.document.strokes.count == 2, "leaving draw mode puts it down")

        _ = scene.setMode(.draw)
        Self.tap(scene, at: Point(x: 300, y: 200), time: 3)
        ink.editTextBox(.insert("page one"))
        #expect(ink.showPage(2) && ink.pages[0].strokes.count == 3 && ink.textBox == nil, "a page turn puts it down on its page")
    }

    @Test func theOpenBoxTakesTheInksNewColourAndWidth() {
        let scene = Self.scene()
        Self.tap(scene, at: Point(x: 100, y: 80), time: 0)
        var annotate = scene.ink.settings
        (annotate.ink.color, annotate.ink.width) = (Color(red: 0, green: 1, blue: 0), 16)
        scene.apply(scene.settings.with(annotate: annotate))
        #expect(scene.ink.textBox?.color == Color(red: 0, green: 1, blue: 0) && scene.ink.textBox?.size == 44)
    }
}
