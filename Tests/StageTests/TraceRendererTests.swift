import Foundation
import Testing
import TestSupport
import TouchCore
import TouchlightConfig
@testable import Stage

/// `touchlight render`'s drawing: the overlay's scene on the trace's clock.
@MainActor @Suite struct TraceRendererTests {
    /// One finger: down at (200, 150) at 0.1 s, along to (300, 150) by 0.5 s, lifted at 0.6 s.
    static let drag = try! TouchTrace(text: RenderTraces.drag)

    /// Every frame, as straight RGBA.
    static func frames(_ trace: TouchTrace, configuration: Configuration = Configuration(), geometry: RenderGeometry? = nil,
                       fps: Double = 60, startTime: Double = 0) -> [[UInt8]] {
        rendered(trace, configuration: configuration, geometry: geometry, fps: fps, startTime: startTime).frames
    }

    /// Every frame, as straight RGBA, and the renderer that drew them.
    static func rendered(_ trace: TouchTrace, configuration: Configuration = Configuration(), geometry: RenderGeometry? = nil,
                         fps: Double = 60, startTime: Double = 0) -> (frames: [[UInt8]], renderer: TraceRenderer) {
        let renderer = TraceRenderer(trace: trace, configuration: configuration, geometry: geometry ?? RenderGeometry(trace: trace),
                                     framesPerSecond: fps, startTime: startTime)
        var frames: [[UInt8]] = []
        var rgba: [UInt8] = []
        while !renderer.isFinished, frames.count < 10_000 {
            renderer.renderNextFrame()
            renderer.canvas.straightRGBA(into: &rgba)
            frames.append(rgba)
        }
        return (frames, renderer)
    }

    static func alpha(_ frame: [UInt8], width: Int = 800, x: Int, y: Int) -> UInt8 { frame[(y * width + x) * 4 + 3] }

    @Test func theSameTraceGivesTheSameFrames() {
        let first = Self.frames(Self.drag), second = Self.frames(Self.drag)
        #expect(first.count == second.count)
        #expect(first == second)
        #expect(first.contains { $0.contains { $0 != 0 } }, "something was drawn")
    }

    @Test func markersFollowTheTracesClockAndFadeAfterIt() throws {
        let frames = Self.frames(Self.drag)
        // Frame 5 shows 0.083 s (before the touch), frame 6 shows 0.1 s (the touch is down).
        #expect(Self.alpha(frames[5], x: 200, y: 150) == 0)
        #expect(Self.alpha(frames[6], x: 200, y: 150) > 0)
        // At 0.5 s the marker is at (300, 150), and nothing is drawn far below it.
        #expect(Self.alpha(frames[30], x: 300, y: 150) > 0)
        #expect(Self.alpha(frames[30], x: 300, y: 450) == 0)
        // After the lift the marker fades (0.3 s) and the pan's caption holds (0.8 s) and fades
        // (0.45 s), then rendering stops at about 1.85 s: the last frame is empty.
        let last = try #require(frames.last)
        #expect(!last.contains { $0 != 0 })
        #expect((105...120).contains(frames.count), "\(frames.count) frames")
    }

    /// A pen's hover, recorded as `set pen_hover` lines, is drawn where it was while the trace
    /// is in draw mode, until `off`; a value that is not a hover is named and left out.
    @Test func aRecordedPenHoverIsDrawnUntilItEnds() throws {
        let trace = try TouchTrace(text: """
            touchlight-trace 4
            output 800 600 1
            0.0 set mode draw
            0.1 set pen_hover 200,150,pen
            0.2 set pen_hover here
            0.3 set pen_hover off
            0.5 1 down 700 500
            0.55 1 up 700 500
            """)
        let (frames, renderer) = Self.rendered(trace)
        #expect(Self.alpha(frames[5], x: 200, y: 150) == 0, "0.083 s: not yet")
        #expect(Self.alpha(frames[9], x: 200, y: 150) == 255 && frames[9][(150 * 800 + 200) * 4] > 200, "0.15 s: the ink's red dot")
        #expect(Self.alpha(frames[24], x: 200, y: 150) == 0, "0.4 s: gone")
        #expect(renderer.ignoredSettings == ["pen_hover here: expected X,Y,pen or X,Y,eraser or off, not 'here'"], "\(renderer.ignoredSettings)")
    }

    @Test func aLaterStartCutsTheTracesBeginning() {
        let frames = Self.frames(Self.drag, startTime: 0.5)
        #expect(Self.alpha(frames[0], x: 300, y: 150) > 0, "the first frame shows 0.5 s")
        #expect(frames.count < Self.frames(Self.drag).count - 25)
    }

    @Test func aLargerSizeScalesPositionsAndMarkers() {
        let geometry = RenderGeometry(trace: Self.drag, width: 1600, height: 1200)
        #expect(geometry.renderScale == 2 && geometry.pixelWidth == 1600 && geometry.pixelHeight == 1200)
        let frames = Self.frames(Self.drag, geometry: geometry)
        #expect(Self.alpha(frames[6], width: 1600, x: 400, y: 300) > 0)
        #expect(Self.alpha(frames[6], width: 1600, x: 200, y: 150) == 0)
        // Another aspect stretches positions, not markers: y 150 of 600 lands at 100 of 400 logical.
        let wide = RenderGeometry(trace: Self.drag, width: 800, height: 400)
        #expect(wide.positionScale.y == 400.0 / 600 && wide.renderScale == 1)
    }

    /// `radius = "2.5%"`: a marker is the same share of the frame on a 1280×720 output and on
    /// a 2560×1440 one (each rendered at its own size), so both look alike scaled to one video
    /// size; a fixed radius is the same number of pixels on both.
    @Test(arguments: [true, false])
    func relativeMarkersAreTheSameShareOfAnyOutput(relative: Bool) throws {
        var configuration = Configuration()
        configuration.style.ripplesEnabled = false
        configuration.style.showCues = []
        configuration.style.shadowOpacity = 0
        if relative { (configuration.style.markerRadiusShare, configuration.style.ringWidthShare) = (0.025, 0.0025) }
        var widths: [Int] = []
        for (width, height) in [(1280, 720), (2560, 1440)] {
            let trace = try TouchTrace(text: "touchlight-trace 1\noutput \(width) \(height) 1\n0.1 1 down \(width / 2) \(height / 2)\n0.5 1 up \(width / 2) \(height / 2)\n")
            let frame = Self.frames(trace, configuration: configuration)[12]  // 0.2 s: the finger is down
            let row = height / 2
            let covered = (0..<width).filter { Self.alpha(frame, width: width, x: $0, y: row) > 0 }
            widths.append((covered.last ?? 0) - (covered.first ?? 0) + 1)
        }
        if relative {
            // 2.5% of 720 is 18 px, plus the ring's outer half (0.9) and anti-aliasing: about 38.
            #expect(abs(widths[1] - 2 * widths[0]) <= 2, "\(widths)")
            #expect((36...42).contains(widths[0]), "\(widths)")
        } else {
            #expect(widths[0] == widths[1], "\(widths)")
        }
    }

    /// The marker's fill at half opacity, drawn alone, comes out as alpha 128 in straight RGBA
    /// (the export's half of the WebM alpha test).
    @Test func aHalfOpaqueFillIsAlpha128() {
        var configuration = Configuration()
        configuration.style.fillOpacity = 0.5
        configuration.style.shadowOpacity = 0
        configuration.style.ripplesEnabled = false
        configuration.style.showCues = []
        let frames = Self.frames(Self.drag, configuration: configuration)
        let centre = Self.alpha(frames[8], x: 200, y: 150)
        #expect((127...128).contains(centre), "alpha \(centre)")
    }

    /// `set` lines replay as ctl commands: drawing mode and a red pen leave ink that stays
    /// after the markers have faded.
    @Test func recordedSettingsDrawTheInk() throws {
        let trace = try TouchTrace(text: """
            touchlight-trace 4
            output 800 600 1
            0 set mode draw
            0 set color ff0000
            0 set width 8
            0.1 1 down 100 400
            0.15 1 move 150 400
            0.2 1 move 250 400
            0.25 1 move 350 400
            0.3 1 up 350 400
            """)
        var configuration = Configuration()
        configuration.annotate.toolbar = false
        let renderer = TraceRenderer(trace: trace, configuration: configuration, geometry: RenderGeometry(trace: trace), framesPerSecond: 30)
        while !renderer.isFinished { renderer.renderNextFrame() }
        let pixel = renderer.canvas.pixel(x: 250, y: 400)
        #expect(pixel >> 24 == 255 && pixel >> 16 & 0xFF > 200 && pixel & 0xFF < 50, "ink at (250, 400): \(String(pixel, radix: 16))")
        #expect(renderer.canvas.pixel(x: 250, y: 300) == 0)
        #expect(renderer.ignoredSettings.isEmpty)
    }

    /// A renderer of `settings` (trace lines after the header) with no toolbar and, unless
    /// `markers`, no markers while drawing: the ink and its page alone.
    static func inkRenderer(_ lines: String, markers: Bool = true) throws -> TraceRenderer {
        let trace = try TouchTrace(text: "touchlight-trace 4\noutput 800 600 1\n" + lines)
        var configuration = Configuration()
        configuration.annotate.toolbar = false
        configuration.annotate.markersWhileDrawing = markers
        return TraceRenderer(trace: trace, configuration: configuration, geometry: RenderGeometry(trace: trace), framesPerSecond: 30)
    }

    /// Two drags, at y 200 and (on page 2) at y 400.
    static let twoPages = """
        0 set mode draw
        0 set color ff0000
        0.1 1 down 100 200
        0.2 1 move 300 200
        0.3 1 up 500 200
        0.4 set page 2
        0.5 2 down 100 400
        0.6 2 move 300 400
        0.7 2 up 500 400

        """

    /// Recorded pages: each keeps its own ink; going back shows the first page's ink again,
    /// and the second's is gone from it.
    @Test func recordedPagesKeepTheirOwnInk() throws {
        let renderer = try Self.inkRenderer(Self.twoPages + "1.0 set page 1\n", markers: false)
        func inked(_ x: Int, _ y: Int) -> Bool { CanvasPixel(renderer.canvas.pixel(x: x, y: y)).isInk }
        for _ in 0..<27 { renderer.renderNextFrame() }  // 0.9 s: page 2
        #expect(!inked(300, 200) && inked(300, 400), "page 2 shows its own ink only")
        #expect(renderer.scene.ink.pages.count == 2 && renderer.scene.ink.pageIndex == 1)
        while !renderer.isFinished { renderer.renderNextFrame() }
        #expect(inked(300, 200) && !inked(300, 400), "back on page 1")
        #expect(renderer.scene.ink.document.strokes.count == 1 && renderer.scene.ink.pages[1].strokes.count == 1)
        #expect(renderer.ignoredSettings.isEmpty)
    }

    /// Undo, redo and clear edit the page shown only; `next` past the last page and `prev`
    /// before the first are refused and change nothing.
    @Test func eachPageHasItsOwnUndo() throws {
        let renderer = try Self.inkRenderer(Self.twoPages)
        while !renderer.isFinished { renderer.renderNextFrame() }
        let plane = ControlPlane(file: Configuration().annotate)
        let ink = renderer.scene.ink
        #expect(plane.executeAtOnce(.page(.number(2)), on: [renderer]).ok && ink.pageIndex == 1)
        _ = plane.executeAtOnce(.undo, on: [renderer])
        #expect(ink.pages[1].strokes.isEmpty && ink.pages[0].strokes.count == 1, "undo on page 2 leaves page 1 alone")
        #expect(!plane.executeAtOnce(.page(.next), on: [renderer]).ok && ink.pageIndex == 1, "no page after the last")
        #expect(plane.executeAtOnce(.page(.previous), on: [renderer]).ok && ink.pageIndex == 0)
        #expect(!plane.executeAtOnce(.page(.previous), on: [renderer]).ok && ink.pageIndex == 0, "no page before the first")
        _ = plane.executeAtOnce(.clear, on: [renderer])
        #expect(ink.pages[0].strokes.isEmpty)
        _ = plane.executeAtOnce(.undo, on: [renderer])
        #expect(ink.pages[0].strokes.count == 1, "clear is undone on its own page")
        #expect(plane.executeAtOnce(.page(.new), on: [renderer]).ok && ink.pages.count == 3 && ink.pageIndex == 2)
    }

    /// A recorded board is drawn under the ink from its moment on (a video of a whiteboard
    /// session shows the whiteboard), and `off` brings the transparency back.
    @Test func aRecordedBoardIsDrawnUnderTheInk() throws {
        let renderer = try Self.inkRenderer("""
            0 set mode draw
            0 set color ff0000
            0 set board white
            0.1 1 down 100 400
            0.2 1 move 250 400
            0.3 1 up 350 400
            0.5 set board off
            """, markers: false)
        for _ in 0..<12 { renderer.renderNextFrame() }  // 0.4 s: the page is there, under the ink
        #expect(renderer.canvas.pixel(x: 600, y: 100) == 0xFFFF_FFFF, "white page: \(String(renderer.canvas.pixel(x: 600, y: 100), radix: 16))")
        let ink = renderer.canvas.pixel(x: 200, y: 400)
        #expect(ink >> 16 & 0xFF > 200 && ink >> 8 & 0xFF < 120, "red ink on it: \(String(ink, radix: 16))")
        while !renderer.isFinished { renderer.renderNextFrame() }
        #expect(renderer.canvas.pixel(x: 600, y: 100) == 0, "no page after `set board off`")
        #expect(renderer.ignoredSettings.isEmpty)
    }

    /// Recorded typing: the tap with the text tool opens a box, `set text` lines fill it, and
    /// `commit` makes it ink in the ink's colour where the tap was; `ctl undo` takes it away.
    @Test func recordedTypingIsDrawnAsInk() throws {
        let renderer = try Self.inkRenderer("""
            0 set mode draw
            0 set tool text
            0 set color 00ff00
            0 set width 8
            0.1 1 down 200 300
            0.15 1 up 200 300
            0.3 set text 5:Hello
            0.5 set text commit
            """, markers: false)
        func green(_ x: Int, _ y: Int) -> Bool { CanvasPixel(renderer.canvas.pixel(x: x, y: y)).isGreen }
        func greenPixels(_ xs: Range<Int>, _ ys: Range<Int>) -> Int { xs.reduce(0) { sum, x in sum + ys.filter { green(x, $0) }.count } }
        for _ in 0..<12 { renderer.renderNextFrame() }  // 0.4 s: typed, not yet committed
        #expect(renderer.scene.ink.textBox?.text == "Hello")
        #expect(greenPixels(200..<300, 280..<320) > 100, "the words in the box, starting at the tap")
        #expect(greenPixels(100..<195, 250..<350) == 0 && greenPixels(320..<700, 250..<350) == 0, "nowhere else")
        while !renderer.isFinished { renderer.renderNextFrame() }
        #expect(renderer.scene.ink.textBox == nil && renderer.scene.ink.document.strokes.first?.text?.string == "Hello")
        #expect(greenPixels(200..<300, 280..<320) > 100, "committed: the same words, as ink")
        #expect(renderer.ignoredSettings.isEmpty)
        _ = ControlPlane(file: Configuration().annotate).execute(.undo, on: [renderer])
        _ = renderer.scene.prepareFrame(now: 1, pixelWidth: 800, pixelHeight: 600, renderScale: 1)
        _ = renderer.scene.draw(into: renderer.canvas, damage: [Rect(x: 0, y: 0, width: 800, height: 600)])
        #expect(greenPixels(200..<300, 280..<320) == 0, "undone")
    }

    /// A recorded zoom: the ink drawn while zoomed ×2 is kept in picture coordinates and drawn
    /// where the zoom showed it, then where the picture has it once the zoom ends; leaving draw
    /// mode ends a zoom.
    @Test func aRecordedZoomPutsTheInkWhereItShowed() throws {
        let renderer = try Self.inkRenderer("""
            0 set mode draw
            0 set color ff0000
            0 set zoom on
            0 set zoom 2,100,50
            0.1 1 down 300 300
            0.2 1 move 400 300
            0.3 1 up 500 300
            0.6 set zoom off
            """, markers: false)
        func red(_ x: Int, _ y: Int) -> Bool { CanvasPixel(renderer.canvas.pixel(x: x, y: y)).isInk }
        for _ in 0..<15 { renderer.renderNextFrame() }  // 0.5 s: zoomed
        #expect(renderer.scene.zoom.isOn && red(400, 300) && !red(300, 200), "drawn where the fingers were")
        let stroke = try #require(renderer.scene.ink.document.strokes.first)
        #expect(abs(stroke.samples[0].point.x - 250) < 1 && abs(stroke.samples[0].point.y - 200) < 1, "kept at (300, 300) / 2 + (100, 50)")
        while !renderer.isFinished { renderer.renderNextFrame() }
        #expect(!renderer.scene.zoom.isOn && red(300, 200) && !red(400, 300), "after the zoom, where the picture has it")
        #expect(renderer.ignoredSettings.isEmpty, "\(renderer.ignoredSettings)")
        let plane = ControlPlane(file: Configuration().annotate)
        #expect(plane.executeAtOnce(.zoom(.on), on: [renderer]).ok && renderer.scene.zoom.isOn)
        _ = plane.executeAtOnce(.mode(.set(.pass)), on: [renderer])
        #expect(!renderer.scene.zoom.isOn, "pass mode ends the zoom")
    }

    /// A recorded spotlight dims the frames from its moment on, around the newest touch, then
    /// where a recorded hovering pointer led it; `off` ends it.
    @Test func aRecordedSpotlightIsDrawnWhereItWas() throws {
        let renderer = try Self.inkRenderer("""
            0 set mode pass
            0 set spotlight on
            0.1 1 down 100 400
            0.3 1 up 100 400
            0.5 set spotlight_at 600,150
            0.8 set spotlight off
            """, markers: false)
        func darkening(_ x: Int, _ y: Int) -> UInt32 { renderer.canvas.pixel(x: x, y: y) >> 24 }
        for _ in 0..<12 { renderer.renderNextFrame() }  // 0.4 s
        #expect(darkening(700, 100) == 153 && darkening(100, 330) == 0, "dimmed by 0.6, but not around the touch")
        for _ in 0..<6 { renderer.renderNextFrame() }  // 0.6 s
        #expect(darkening(600, 150) == 0 && darkening(250, 500) == 153, "the pointer led it")
        while !renderer.isFinished { renderer.renderNextFrame() }
        #expect(darkening(700, 100) == 0, "no dimming after `set spotlight off`")
        #expect(renderer.ignoredSettings.isEmpty)
    }
}

@Suite struct ExportPartsTests {
    @Test func placementFromAnOffsetOrTheClocks() throws {
        #expect(try Placement.choose(offset: 2.5, traceStart: nil, videoCreation: nil) == Placement(startTime: 0, videoTime: 2.5))
        #expect(try Placement.choose(offset: -1, traceStart: nil, videoCreation: nil) == Placement(startTime: 1, videoTime: 0))
        let video = try #require(WallClockTime(rfc3339: "2026-11-23T10:00:00Z"))
        let trace = try #require(WallClockTime(rfc3339: "2026-11-23T10:00:03.250Z"))
        let byClock = try Placement.choose(offset: nil, traceStart: trace, videoCreation: video)
        #expect(byClock.startTime == 0 && abs(byClock.videoTime - 3.25) < 1e-9)
        #expect(byClock.explanation?.contains("aligned by the clock") == true)
        // A start time of whole seconds (MP4 keeps no more) may be up to a second early: said.
        #expect(byClock.explanation?.contains("may be up to 1 s late") == true, "\(byClock.explanation ?? "")")
        let precise = try #require(WallClockTime(rfc3339: "2026-11-23T10:00:00.412Z"))
        #expect(try Placement.choose(offset: nil, traceStart: trace, videoCreation: precise).explanation?.contains("may be") == false)
        // An explicit offset wins over the clocks.
        #expect(try Placement.choose(offset: 1, traceStart: trace, videoCreation: video).videoTime == 1)
        let neither = try Placement.choose(offset: nil, traceStart: nil, videoCreation: video)
        #expect(neither.videoTime == 0 && neither.explanation?.contains("no start line") == true)
        #expect(throws: ExportError.self) { try Placement.choose(offset: .nan, traceStart: nil, videoCreation: nil) }
    }

    @Test func aMissingFFmpegNamesThePackage() {
        #expect(throws: ExportError.missingProgram(name: "ffmpeg", package: "ffmpeg")) {
            try FFmpeg.locate("ffmpeg", environment: ["PATH": "/nonexistent"])
        }
        #expect(ExportError.missingProgram(name: "ffmpeg", package: "ffmpeg").description.contains("sudo apt install ffmpeg"))
    }

    @Test func frameFilesAreNumberedInOrder() {
        #expect(PNGSequenceSink.name(ofFrame: 0) == "frame-000000.png")
        #expect(PNGSequenceSink.name(ofFrame: 1_234_567) == "frame-1234567.png")
    }
}

/// `record --no-overlay`'s size: the built-in panel's native mode, else the touchscreen's own
/// size, else 1920×1080.
@Suite struct NativeSizeTests {
    static func fakeSysfs(_ connectors: [String: (status: String, modes: String)]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("touchlight-drm-\(UUID().uuidString.prefix(8))")
        for (name, files) in connectors {
            let directory = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try files.status.write(to: directory.appendingPathComponent("status"), atomically: true, encoding: .utf8)
            try files.modes.write(to: directory.appendingPathComponent("modes"), atomically: true, encoding: .utf8)
        }
        return root.path
    }

    @Test func theBuiltInPanelsFirstModeWins() throws {
        let sysfs = try Self.fakeSysfs(["card0-HDMI-A-1": ("connected\n", "3840x2160\n"), "card0-eDP-1": ("connected\n", "2256x1504\n1920x1080\n"),
                                        "card0-DP-2": ("disconnected\n", "")])
        defer { try? FileManager.default.removeItem(atPath: sysfs) }
        let chosen = NativeSize.choose(sysfs: sysfs, touchscreenMillimetres: (290, 190))
        #expect(chosen.size == Size(width: 2256, height: 1504) && chosen.source.contains("eDP-1"))
    }

    @Test func withoutAPanelTheTouchscreensSizeAt96DPI() throws {
        let sysfs = try Self.fakeSysfs(["card0-eDP-1": ("disconnected\n", "1920x1080\n")])
        defer { try? FileManager.default.removeItem(atPath: sysfs) }
        let chosen = NativeSize.choose(sysfs: sysfs, touchscreenMillimetres: (254, 127))
        #expect(chosen.size == Size(width: 960, height: 480))
        #expect(NativeSize.choose(sysfs: "/nonexistent", touchscreenMillimetres: nil).size == NativeSize.fallback)
    }
}
