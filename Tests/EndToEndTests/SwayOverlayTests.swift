import Foundation
import Testing

/// touchlight on a real compositor: headless sway, a real terminal under the overlay, a
/// replayed trace, and grim screenshots checked pixel by pixel.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct SwayOverlayTests {
        static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/drag-and-hold.trace").path


        /// Expects a marker's ring to cross row `y` within `xs`, centred on `centre` (±1.5 px)
        /// and `width` px wide; its first and last blue pixel, nil when there is none.
        @discardableResult
        static func expectRing(in shot: Image, row y: Int, _ xs: Range<Int>, centredAt centre: Int, width: ClosedRange<Int>,
                               sourceLocation: SourceLocation = #_sourceLocation) -> (first: Int, last: Int)? {
            let ring = xs.filter { shot[$0, y].isMarkerBlue }
            #expect(!ring.isEmpty, "no ring pixels near x = \(centre): \(xs.map { shot[$0, y] })", sourceLocation: sourceLocation)
            guard let first = ring.first, let last = ring.last else { return nil }
            #expect(abs(Double(first + last) / 2 - Double(centre)) <= 1.5, "ring not centred at x = \(centre): \(first)…\(last)", sourceLocation: sourceLocation)
            #expect(width.contains(last - first + 1), "ring not \(width) px wide: \(first)…\(last)", sourceLocation: sourceLocation)
            return (first, last)
        }

        @Test func markersAndCueAboveATerminalAndNothingElse() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let baseline = try sway.startApp(["foot", "sh", "-c", "echo hello from foot; sleep 60"], name: "terminal-alone")
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["--replay", Self.trace, "--verbose"], stderr: log)
            // The replay starts at 0.3 s, the drag ends at 1.3 s and the finger holds: once its
            // ripples are gone (by 1.7 s), what shows stays.
            let caption = (430, 220, 570, 256)
            func captionChanged(_ shot: Image) -> [(Int, Int)] {
                shot.differences(from: baseline).filter { $0.0 >= caption.0 && $0.0 < caption.2 && $0.1 >= caption.1 && $0.1 < caption.3 }
            }
            let shot = try sway.stillScreenshot("markers-above-terminal") {
                $0[530, 300].isMarkerBlue && $0[470, 300].isMarkerBlue && captionChanged($0).count > 300
            }
            // The marker rests where the drag ended: its ring is the first palette colour.
            #expect(shot[530, 300].isMarkerBlue, "ring at (530, 300): \(shot[530, 300])")
            #expect(shot[470, 300].isMarkerBlue, "ring at (470, 300): \(shot[470, 300])")
            #expect(shot[500, 318].b > baseline[500, 318].b + 50, "translucent fill: \(shot[500, 318]) over \(baseline[500, 318])")
            // The pan cue: its trail stays while the finger is down.
            let trail = shot[350, 300]
            #expect(trail.r > 150 && trail.g > 150 && trail.b > 150, "pan trail at (350, 300): \(trail)")
            // The pan's caption ("pan 300 px") just above the marker where the drag ended.
            let captionChanged = captionChanged(shot)
            #expect(captionChanged.count > 300, "the pan's caption shows: \(captionChanged.count) pixels changed")
            // Everywhere else the terminal's own pixels, exactly.
            let elsewhere = shot.differences(from: baseline, excluding: [(150, 250, 560, 350), caption])
            #expect(elsewhere.isEmpty, "\(elsewhere.count) pixels changed outside the marker, trail and caption, first \(elsewhere.prefix(3))")
            #expect(drain(log).contains("touch 1 began at (200, 300) on HEADLESS-1"))

            // SIGTERM: exit 0, and the surface is gone.
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5), "touchlight did not exit on SIGTERM")
            #expect(touchlight.terminationStatus == 0)
            let after = try sway.screenshot("after-sigterm") { $0.differences(from: baseline).isEmpty }
            #expect(after.differences(from: baseline).isEmpty, "an overlay pixel was left behind")
        }

        @Test func ripplesAppearWhileTheFingerMoves() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            try sway.startApp(["foot", "sh", "-c", "sleep 60"], name: "ripples-terminal")
            try sway.start(Desktop.touchlight.path, ["--replay", Self.trace, "--quiet"])
            // Ripples are fainter rings of the finger's colour left behind it: bluish pixels well
            // left of the marker, mid-drag.
            let bluish = { (p: Image.Pixel) in p.b > p.r + 60 && p.b > p.g + 20 }
            func path(_ shot: Image) -> [Int] { (0..<800).filter { bluish(shot[$0, 300]) || bluish(shot[$0, 290]) } }
            let shot = try sway.screenshot("ripples-mid-drag") { path($0).count > 10 && (path($0).min() ?? 800) < (path($0).max() ?? 0) - 70 }
            let x = path(shot)
            #expect(x.count > 10, "marker and ripple pixels on the path")
            #expect((x.min() ?? 800) < (x.max() ?? 0) - 70, "ripples trail behind the marker: blue from \(x.min() ?? -1) to \(x.max() ?? -1)")
        }

        @Test func aSecondOutputAddedAtRunTimeGetsMarkers() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["--replay", Self.trace, "--loop"], stderr: log)
            var printed = waitForLine(in: log, containing: "logical px")
            try sway.swaymsg("create_output")
            func blue(_ shot: Image) -> Int {
                var blue = 0
                for y in stride(from: 0, to: shot.height, by: 2) {
                    for x in stride(from: 0, to: shot.width, by: 2) where shot[x, y].isMarkerBlue { blue += 1 }
                }
                return blue
            }
            let second = try sway.screenshot("second-output", output: "HEADLESS-2") { blue($0) > 50 }
            #expect(blue(second) > 50, "markers on HEADLESS-2 (\(blue(second)) blue samples)")
            printed += drain(log)
            #expect(printed.contains("overlay on output HEADLESS-2"))
            // (Removing an output cannot be exercised here: sway 1.7's headless outputs acknowledge
            // `output … disable` but stay active, with no global removal and no `closed` event.)
            #expect(touchlight.isRunning)
        }

        @Test func scaleTwoGivesCrispMarkersOfTheSameLogicalSize() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            try sway.startApp(["foot", "sh", "-c", "sleep 60"], name: "scale-2-terminal")
            let log = Pipe()
            try sway.start(Desktop.touchlight.path, ["--replay", Self.trace], stderr: log)
            waitForLine(in: log, containing: "logical px")
            // The scale changes while touchlight runs: a new configure, new buffers, new sprites.
            try sway.swaymsg("output", "HEADLESS-1", "scale", "2")
            waitForLine(in: log, containing: "400×300 logical px")
            // Once the finger holds, what shows stays; the ring is then centred at x = 560.
            let shot = try sway.stillScreenshot("scale-2") { shot in
                let ring = (540..<580).filter { shot[$0, 300].isMarkerBlue }
                return ring.count > 1 && abs(Double(ring.first! + ring.last!) / 2 - 560) <= 1.5
            }
            // 400×300 logical: the trace lands at (250, 150) logical = (500, 300) pixels; the ring's
            // radius is 30 logical = 60 pixels, its width 3 logical = 6 pixels.
            let row = (540..<580).map { shot[$0, 300] }
            if let ring = Self.expectRing(in: shot, row: 300, 540..<580, centredAt: 560, width: 4...8) {
                // Crisp: from the ring to the background in at most two pixels.
                let outside = row[(ring.last - 540 + 1)...].prefix(3)
                #expect(outside.dropFirst(2).allSatisfy { $0.b < 120 }, "edge ramp longer than 2 px: \(Array(outside))")
            }
        }

        @Test func losingTheCompositorExitsWithAMessage() throws {
            let sway = try Desktop()
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, [], stderr: log)
            var printed = waitForLine(in: log, containing: "logical px")
            sway.stopCompositorOnly()
            #expect(waitForExit(touchlight, timeout: 5), "touchlight is still running after the compositor went away")
            #expect(touchlight.terminationStatus == 1)
            printed += drain(log)
            #expect(printed.contains("lost the connection to the compositor"))
        }
    }
}
