import Foundation
import Testing
import TouchCore
@testable import Annotation
import Visualizer

/// The annotation toolbar on headless sway, and on today's desktops: `touchlight annotate`
/// shows it along the left edge;
/// taps on its buttons switch to draw mode and pick a colour; its handle drags it to the right
/// edge, where the next start finds it again.
extension EndToEnd {
    @Suite(.serialized)
    @MainActor struct ToolbarTests {
        static let size = Size(width: 800, height: 600)
        static let palette = AnnotationDefaults.palette.compactMap { Color(hex: $0) }

        /// The toolbar as touchlight lays it out at `place` (the same code, in this process).
        static func toolbar(at place: ToolbarPlace) -> ToolbarView {
            ToolbarView(outputSize: size, place: place, palette: palette, widths: AnnotationDefaults.widths)
        }

        static func center(of command: ControlCommand, at place: ToolbarPlace) -> Point {
            let bar = toolbar(at: place)
            let button = bar.buttons.first { $0.command == command }!
            return Point(x: bar.frame.minX + button.center.x, y: bar.frame.minY + button.center.y)
        }

        static func isBlue(_ p: Image.Pixel) -> Bool { p.b > 200 && p.r < 60 && p.g > 100 && p.g < 170 }  // #1e88e5

        /// Taps the mode button (pass → draw) and the blue swatch, draws a stroke, drags the
        /// handle to the right edge.
        static var trace: String {
            let left = ToolbarPlace()
            var script = TraceScript(outputSize: size, realistic: true, seed: 3)
            script.fingers(at: 0, for: 0.05, [.still(center(of: .mode(.toggle), at: left))])
            script.fingers(at: 0.4, for: 0.05, [.still(center(of: .color(palette[1]), at: left))])
            script.fingers(at: 0.8, for: 0.4, [.line(from: Point(x: 300, y: 200), to: Point(x: 600, y: 200))])
            let bar = toolbar(at: left)
            let handle = Point(x: bar.frame.minX + bar.handle.center.x, y: bar.frame.minY + bar.handle.center.y)
            script.fingers(at: 1.6, for: 0.6, [.line(from: handle, to: Point(x: 790, y: 300))])
            return script.trace.text
        }

        /// With the canvas, and with GLES (the toolbar's shapes drawn by the shaders), on sway
        /// 1.7; with the canvas on today's sway, KWin and phoc (each case takes 19 s: the
        /// toolbar is drawn by the same code everywhere, and draw mode runs on every newest
        /// desktop in `AnnotationDrawingTests`).
        nonisolated static let desktops = [(TestedDesktop.debian12Sway, "canvas"), (.debian12Sway, "gles")]
            + ["sway 1.12 (sid)", "KWin 6.7 (sid)", "phoc 0.58 (sid)"].map { (TestedDesktop.named($0), "canvas") }

        @Test(arguments: DesktopPhase.chosen(desktops) { $0.0.debian })
        func buttonsSwitchModeAndColourAndTheDroppedToolbarStaysOnItsEdge(on desktop: TestedDesktop, renderer: String) throws {
            guard let sway = try desktop.started() else { return }
            defer { sway.stop() }
            let baseline = try sway.startApp(desktop.terminal, name: "toolbar-terminal-alone-\(desktop)")
            let trace = sway.runtimeDirectory.appendingPathComponent("toolbar.trace").path
            try Self.trace.write(toFile: trace, atomically: true, encoding: .utf8)
            let left = ToolbarPlace(), right = ToolbarPlace(edge: .right, offset: 0.5)
            let config = sway.runtimeDirectory.appendingPathComponent("renderer.toml").path
            try "[performance]\nrenderer = \"\(renderer)\"\n".write(toFile: config, atomically: true, encoding: .utf8)

            /// A run of `touchlight annotate`: the screen once it shows what `shows` looks for.
            func session(_ arguments: [String], name: String, shows: (Image) -> Bool) throws -> Image {
                let log = Pipe()
                let touchlight = try sway.start(sway.touchlight, ["annotate", "--config", config] + arguments, stderr: log)
                let shot = try sway.screenshot(name, until: shows)
                touchlight.terminate()
                let exited = waitForExit(touchlight, timeout: 5), printed = drain(log)
                #expect(exited && touchlight.terminationStatus == 0, "\(printed)")
                #expect(printed.contains("drawing with OpenGL ES 2") == (renderer == "gles"), "\(printed.suffix(1500))")
                return shot
            }

            // 1. A first start: the toolbar along the left edge, the red swatch chosen, nothing else.
            let red = Self.center(of: .color(Self.palette[0]), at: left)
            let first = try session([], name: "toolbar-left-\(renderer)-\(desktop)") { $0[Int(red.x), Int(red.y)].isInk }
            #expect(first[Int(red.x), Int(red.y)].isInk, "red swatch at \(red): \(first[Int(red.x), Int(red.y)])")
            let frame = Self.toolbar(at: left).frame
            let outside = first.differences(from: baseline, excluding: [(Int(frame.minX) - 2, Int(frame.minY) - 2, Int(frame.maxX) + 2, Int(frame.maxY) + 2)])
            #expect(outside.isEmpty, "\(outside.count) pixels changed outside the toolbar, first \(outside.prefix(3))")
            #expect(first.differences(from: baseline).count > 2000, "the toolbar is drawn")

            // 2. Taps: draw mode and blue; a blue stroke; the toolbar dragged to the right edge.
            let blue = Self.center(of: .color(Self.palette[1]), at: right)
            let second = try session(["--replay", trace], name: "toolbar-used-\(renderer)-\(desktop)") {
                Self.isBlue($0[450, 200]) && Self.isBlue($0[Int(blue.x), Int(blue.y)]) && $0[Int(red.x), Int(red.y)] == baseline[Int(red.x), Int(red.y)]
            }
            #expect(Self.isBlue(second[450, 200]), "a blue stroke in draw mode: \(second[450, 200])")
            #expect(Self.isBlue(second[Int(blue.x), Int(blue.y)]), "the toolbar is on the right: \(second[Int(blue.x), Int(blue.y)])")
            #expect(second[Int(red.x), Int(red.y)] == baseline[Int(red.x), Int(red.y)], "and no longer on the left")
            let state = try String(contentsOfFile: sway.runtimeDirectory.appendingPathComponent(".local/state/touchlight/state.toml").path, encoding: .utf8)
            #expect(state.contains("edge = 'right'") || state.contains("edge = \"right\""), "\(state)")

            // 3. The next start finds the toolbar where it was dropped.
            let redOnRight = Self.center(of: .color(Self.palette[0]), at: right)
            let third = try session([], name: "toolbar-remembered-\(renderer)-\(desktop)") { $0[Int(redOnRight.x), Int(redOnRight.y)].isInk }
            #expect(third[Int(redOnRight.x), Int(redOnRight.y)].isInk, "\(third[Int(redOnRight.x), Int(redOnRight.y)])")
            #expect(third[Int(red.x), Int(red.y)] == baseline[Int(red.x), Int(red.y)])
        }
    }
}
