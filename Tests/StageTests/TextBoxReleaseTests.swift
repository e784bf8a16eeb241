import Annotation
import Renderer
@testable import Stage
import Testing
import TouchCore
import TouchlightConfig

/// A text box holds the keyboard only while it is what is being edited: every command but a
/// look (`status`) or a restyle (`colour`, `width`) puts it down as ink first, `pause` above
/// all (a password typed next must never reach it); long words wrap before the output's edge.
@MainActor
@Suite struct TextBoxReleaseTests {
    /// A scene in draw mode with the text tool, as `render` has it (a control plane's target),
    /// and its plane.
    static func target() throws -> (TraceRenderer, ControlPlane) {
        let trace = try TouchTrace(text: "touchlight-trace 6\noutput 800 600 1\n")
        var configuration = Configuration()
        (configuration.annotate.mode, configuration.annotate.toolbar, configuration.annotate.ink.tool) = (.draw, false, .text)
        let renderer = TraceRenderer(trace: trace, configuration: configuration, geometry: RenderGeometry(trace: trace), framesPerSecond: 30)
        return (renderer, ControlPlane(file: configuration.annotate))
    }

    static func openBox(_ scene: OverlayScene, typing words: String) {
        TextBoxSceneTests.tap(scene, at: Point(x: 100, y: 100), time: scene.dispatcher.scheduler.now)
        scene.ink.editTextBox(.insert(words))
    }

    @Test(arguments: [ControlCommand.tool(.pen), .zoom(.on), .board(.white), .spotlight(.on), .clear, .undo, .redo,
                      .save(directory: "/nonexistent"), .page(.new), .pause, .mode(.set(.draw)), .resume])
    func aCommandPutsTheBoxDown(_ command: ControlCommand) throws {
        let (renderer, plane) = try Self.target()
        let ink = renderer.scene.ink
        Self.openBox(renderer.scene, typing: "Note: ")
        try #require(ink.textBox?.text == "Note: ")
        _ = plane.execute(command, on: [renderer])
        #expect(ink.textBox == nil, "\(command) left the box open, holding the keyboard")
        let kept = ink.pages.flatMap(\.strokes).contains { $0.text?.string == "Note: " }
        if command == .undo {
            #expect(!kept && ink.document.canRedo, "undo takes back the words just put down; redo brings them back")
        } else if command != .clear {
            #expect(kept, "\(command): what was typed is kept as ink")
        }
    }

    @Test(arguments: [ControlCommand.status, .color(.white), .width(20)])
    func aLookOrARestyleKeepsTheBox(_ command: ControlCommand) throws {
        let (renderer, plane) = try Self.target()
        Self.openBox(renderer.scene, typing: "still typing")
        _ = plane.execute(command, on: [renderer])
        #expect(renderer.scene.ink.textBox?.text == "still typing")
    }

    /// Paused, nothing can open a box: a tap reaches no view, and a replayed `set text` finds
    /// none; nothing typed then reaches the ink.
    @Test func whilePausedNoBoxOpens() throws {
        let (renderer, plane) = try Self.target()
        let scene = renderer.scene
        Self.openBox(scene, typing: "Note: ")
        _ = plane.execute(.pause, on: [renderer])
        TextBoxSceneTests.tap(scene, at: Point(x: 300, y: 300), time: 5)
        #expect(scene.ink.textBox == nil, "a tap while paused opens nothing")
        #expect(scene.ink.replayText("3:0:0:abc") == "no text box is open")
        _ = plane.execute(.resume, on: [renderer])
        #expect(scene.ink.document.strokes.compactMap(\.text?.string) == ["Note: "])
    }

    /// Words past the output's right edge wrap onto the next line (after a space, or between
    /// the characters of a word too long for a line), and are committed as shown.
    @Test func longWordsWrapBeforeTheEdge() throws {
        let (renderer, _) = try Self.target()
        let ink = renderer.scene.ink
        ink.view.textTool.onTap?(Point(x: 500, y: 100))
        let box = try #require(ink.textBox)
        let width = try #require(box.wrapWidth)
        #expect(width < 300 && width > 280, "from x 500 to the edge of 800, less the frame: \(width)")
        ink.editTextBox(.insert(String(repeating: "lorem ipsum ", count: 20) + String(repeating: "W", count: 60)))
        let area = ink.renderer.text.bounds(of: try #require(ink.textBox))
        #expect(area.maxX <= 800 + box.size / 2, "the box stays on the output (but for a space a line ends with): \(area)")
        ink.commitTextBox()
        let text = try #require(ink.document.strokes.last?.text)
        #expect(text.lines.count > 5 && text.extent.width <= width + 1, "\(text.lines.count) lines, \(text.extent.width) wide")
        #expect(text.string.replacingOccurrences(of: "\n", with: "") == String(repeating: "lorem ipsum ", count: 20) + String(repeating: "W", count: 60),
                "only line breaks were added")
    }
}

/// An output that goes away (unplugged, its overlay closed) frees its pixels with its overlay,
/// but its ink waits on the shelf and comes back on the same output, on the page shown.
@MainActor
@Suite struct InkShelfTests {
    @Test func anOutputsInkComesBackWithIt() throws {
        let (gone, plane) = try TextBoxReleaseTests.target()
        TextBoxReleaseTests.openBox(gone.scene, typing: "page one")
        _ = plane.execute(.page(.new), on: [gone])
        TextBoxReleaseTests.openBox(gone.scene, typing: "page two")
        gone.scene.ink.commitTextBox()
        let shelf = InkShelf()
        shelf.keep(gone.scene.ink, output: "HDMI-A-1")
        shelf.keep(gone.scene.ink, output: "")
        #expect(shelf.outputs == ["HDMI-A-1"], "an output without a name cannot be found again")

        let (back, _) = try TextBoxReleaseTests.target()
        #expect(!shelf.restore(into: back.scene.ink, output: "DP-1"), "another output's ink stays")
        #expect(shelf.restore(into: back.scene.ink, output: "HDMI-A-1") && shelf.outputs.isEmpty)
        let ink = back.scene.ink
        #expect(ink.pages.map { $0.strokes.compactMap(\.text?.string) } == [["page one"], ["page two"]])
        #expect(ink.pageIndex == 0 && ink.view.document === ink.pages[0], "shown on the page every output shows")
        #expect(ink.document.canUndo, "with its undo")
    }
}
