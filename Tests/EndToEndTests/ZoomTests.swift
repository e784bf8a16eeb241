import Foundation
import Testing
import TouchCore

/// The zoom on headless sway 1.7 and today's wlroots compositors, with a foot terminal showing
/// text: a replayed trace turns the zoom on (the real capture: wlr-screencopy, or
/// ext-image-copy-capture where it is offered), pinches ×2 around (300, 200) and draws a line
/// with one finger. While zoomed the screen is the pre-zoom screenshot magnified ×2 there
/// (bilinear, within a small tolerance); after the zoom the line lies where it was drawn in
/// the picture, on the same text. `ctl screenshot` then writes the screen as grim sees it.
extension EndToEnd {
    @Suite(.serialized)
    struct ZoomTests {
        /// Zoom on at 0.3 s; two fingers spread from 40 to 80 px apart around (300, 200) from
        /// 1.0 s; one finger draws from (240, 98) to (360, 98), through the words of the
        /// terminal's line 10 as the zoom shows them, at 2.0 s; zoom off at 6 s.
        static var trace: String {
            var lines = ["touchlight-trace 5", "output 800 600 1", "0 set mode draw", "0 set color ff0000", "0 set width 4", "0.3 set zoom on"]
            for step in 0...10 {
                let t = 1.0 + Double(step) * 0.02, half = 20 + Double(step) * 2
                let phase = step == 0 ? "down" : "move"
                lines += ["\(t) 1 \(phase) \(300 - half) 200", "\(t) 2 \(phase) \(300 + half) 200"]
            }
            lines += ["1.25 1 up 280 200", "1.25 2 up 320 200"]
            for step in 0...12 {
                lines.append("\(2.0 + Double(step) * 0.01) 3 \(step == 0 ? "down" : "move") \(240 + step * 10) 98")
            }
            lines += ["2.2 3 up 360 98", "6 set zoom off", ""]
            return lines.joined(separator: "\n")
        }


        /// Debian 12's sway (wlr-screencopy), and today's wlroots compositors, which offer
        /// ext-image-copy-capture: the zoom takes its picture with that. Not KWin 6.7: its
        /// ScreenShot2 grants the installed touchlight, run as the session's user in KWin's own
        /// mount namespace, but cancels every capture (`Error.Cancelled`): KWin takes
        /// screenshots with OpenGL compositing, and nested without a GPU render node it
        /// composites with QPainter (docs/compositors.md).
        static let desktops = [TestedDesktop.debian12Sway] + ["sway 1.10 (trixie)", "sway 1.12 (sid)", "labwc 0.20 (sid)", "phoc 0.58 (sid)"].map(TestedDesktop.named)

        @Test(arguments: DesktopPhase.chosen(desktops) { $0.debian })
        func theFrozenScreenZoomsAndTheInkStaysOnItsText(on tested: TestedDesktop) throws {
            guard let sway = try tested.started() else { return }
            defer { sway.stop() }
            let text = (0..<12).map { "line \($0): The quick brown fox jumps over the lazy dog 0123456789" }.joined(separator: "\\n")
            let before = try sway.startApp(["foot", "sh", "-c", "printf '\(text)'; sleep 60"], name: "zoom-before-\(tested)")
            let (touchlight, log) = try sway.startReplay(Self.trace, config: "[annotate]\ntoolbar = false\nmarkers_while_drawing = false\n", name: "zoom")
            defer { touchlight.terminate() }
            var printed = waitForLine(in: log, containing: "the screen frozen")
            #expect(printed.contains("the screen frozen (800×600 px"), "\(printed.suffix(1500))")
            let capture = tested.offersImageCopyCapture ? "ext_image_copy_capture_manager_v1" : "zwlr_screencopy_manager_v1"
            #expect(printed.contains("KiB, by \(capture))"), "\(tested): the picture taken with \(capture): \(printed.suffix(1500))")

            // ×2 around (300, 200): the picture point under an output point p is p / 2 + (150, 100).
            func expected(_ x: Int, _ y: Int) -> (Double, Double, Double) {
                let px = (Double(x) + 0.5) / 2 + 150 - 0.5, py = (Double(y) + 0.5) / 2 + 100 - 0.5
                let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down)), fx = px - Double(x0), fy = py - Double(y0)
                func c(_ dx: Int, _ dy: Int) -> (Double, Double, Double) {
                    let p = before[min(max(x0 + dx, 0), 799), min(max(y0 + dy, 0), 599)]
                    return (Double(p.r), Double(p.g), Double(p.b))
                }
                func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
                    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
                }
                return mix(mix(c(0, 0), c(1, 0), fx), mix(c(0, 1), c(1, 1), fx), fy)
            }
            func mismatches(_ shot: Image) -> (count: Int, checked: Int) {
                var count = 0, checked = 0
                for y in stride(from: 0, to: 600, by: 3) {
                    for x in stride(from: 0, to: 800, by: 3) where !(220...380).contains(x) || !(84...112).contains(y) {  // not the ink
                        let want = expected(x, y), got = shot[x, y]
                        checked += 1
                        if abs(Double(got.r) - want.0) > 12 || abs(Double(got.g) - want.1) > 12 || abs(Double(got.b) - want.2) > 12 { count += 1 }
                    }
                }
                return (count, checked)
            }
            printed += waitForLine(in: log, containing: "two fingers move it")
            #expect(printed.contains("the compositor shows the picture while two fingers move it"), "sway scaled it during the pinch")
            let zoomed = try sway.screenshot("zoom-x2-\(tested)", until: { $0[300, 98].isRedText && mismatches($0).count * 100 < mismatches($0).checked })
            let (count, checked) = mismatches(zoomed)
            #expect(count * 100 < checked, "the output is the pre-zoom screen magnified ×2 around (300, 200): \(count) of \(checked) pixels differ by more than 12")
            #expect(zoomed[300, 98].isRedText, "the line drawn while zoomed")
            let status = try sway.ctl("status").output
            #expect(status.contains(#""zoom":2"#), "\(status)\n\(printed.suffix(2500))")

            // Zoom off: the live terminal again, and the line at its picture place, (270…330, 149),
            // through the same words of line 10 (light text pixels lie along it before the zoom).
            printed += waitForLine(in: log, containing: "replay finished", timeout: 15)
            let after = try sway.screenshot("zoom-after-\(tested)") { $0[300, 149].isRedText && !$0[300, 98].isRedText }
            #expect(after[300, 149].isRedText && after[275, 149].isRedText && after[325, 149].isRedText, "the line where the picture showed it")
            #expect(!after[300, 98].isRedText && !after[250, 149].isRedText && !after[350, 149].isRedText)
            let words = (270...330).filter { x in (143...155).contains { y in before[x, y].g > 150 } }.count
            #expect(words > 20, "the line lies on the terminal's text: \(words) columns of it have letters")
            let differing = after.differences(from: before).filter { !(262...338).contains($0.0) || !(143...155).contains($0.1) }
            #expect(differing.isEmpty, "elsewhere the live screen as before: \(differing.prefix(5))")

            // `ctl screenshot` takes the screen with the same capture, the overlay's ink in it:
            // what grim took, pixel for pixel, as ffmpeg reads the PNG; private to the user.
            let (shot, mode, output) = try sway.ctlScreenshot("screenshot-\(tested)")
            printed += waitForLine(in: log, containing: "saved: ", timeout: 3)
            #expect(output.contains(#""ok":true"#), "\(tested): \(output)\n\(printed.suffix(1500))")
            #expect(mode == 0o600, "\(tested): the screenshot's permissions: \(String(describing: mode))")
            if let shot {
                #expect(shot.width == 800 && shot.height == 600 && shot[300, 149].isRedText, "\(tested): the ink in the screenshot")
                let differ = shot.differences(from: after).count
                #expect(differ * 1000 < 800 * 600, "\(tested): the screenshot is the screen as grim took it: \(differ) pixels differ")
            }
        }
    }
}
