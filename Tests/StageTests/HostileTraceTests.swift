import Annotation
import Foundation
@testable import Stage
import Renderer
import Testing
import TouchCore
import TouchlightConfig

/// Traces an attacker (or a broken recorder) writes: numbers past any output reach no
/// conversion that traps, thousands of fingers are capped, and a render whose result would be
/// absurd is refused up front, with the figures, before a frame is drawn.
@MainActor
@Suite struct HostileTraceTests {
    /// Bug 46.6: `set spotlight_at 1e19,300` killed `render` and the live overlay (SIGILL in
    /// SpotlightUnderlay: "Double value cannot be converted to Int"). Every `set` value that
    /// carries a number is held to `InputLimits`, as touch coordinates are.
    @Test func hugeNumbersInSetValuesAreHeldWithinLimits() throws {
        let renderer = try TraceRendererTests.inkRenderer("""
            0 set mode draw
            0 set spotlight on
            0.05 set spotlight_at 1e19,300
            0.1 set spotlight_at -1e300,1e300
            0.15 set pen_hover 1e19,-1e19,pen
            0.2 set zoom on
            0.25 set zoom 1e300,1e300,1e300
            0.3 set zoom off
            0.35 set width 200
            """)
        while !renderer.isFinished { renderer.renderNextFrame() }
        #expect(renderer.frameCount > 10 && renderer.ignoredSettings.isEmpty, "\(renderer.ignoredSettings)")
        #expect(Spotlight.parseHover("1e19,300") == Point(x: InputLimits.coordinate, y: 300))
        #expect(try PenHover.parse(settingValue: "1e19,5,pen")?.point == Point(x: InputLimits.coordinate, y: 5))
        #expect(try ZoomView.parse(settingValue: "1e300,0,0", in: Size(width: 800, height: 600))?.scale == AnnotationDefaults.zoomRange.upperBound)
    }

    /// Bug 46.9: 5,000 fingers down at once stalled the overlay. A dispatcher takes at most
    /// `InputLimits.contacts`, counts the rest, and says so once.
    @Test func thousandsOfFingersAreCapped() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let dispatcher = TouchDispatcher(window: window)
        var reports = 0
        dispatcher.contactLimitReached = { reports += 1 }
        for id in 0..<5_000 { dispatcher.down(id: id, at: Point(x: Double(id % 800), y: 300), time: 0) }
        dispatcher.frame()
        #expect(dispatcher.activeTouches.count == InputLimits.contacts)
        #expect(dispatcher.statistics.refusedContacts == 5_000 - InputLimits.contacts && reports == 1)
        for id in 0..<5_000 { dispatcher.up(id: id, time: 0.1) }
        dispatcher.frame()
        #expect(dispatcher.activeTouches.isEmpty)
        dispatcher.down(id: 1, at: Point(x: 1, y: 1), time: 0.2)
        dispatcher.frame()
        #expect(dispatcher.activeTouches.count == 1 && reports == 1, "after every finger lifted, new ones are taken")
    }

    /// A trace of 100,000 `set` lines waits on one timer, not 100,000 (each timer the loop
    /// sets looks through them all), and plays them in order, before the events of their time.
    @Test func aTraceOfManySettingsWaitsOnOneTimer() throws {
        let lines = (0..<100_000).map { "\(Double($0) / 1000) set width \($0 % 2 == 0 ? 4 : 8)\n" }.joined()
        let renderer = try TraceRendererTests.inkRenderer("0 set mode draw\n" + lines + "100 set width 12\n100 1 down 10 10\n100.1 1 up 10 10\n")
        let scheduler = try #require(renderer.scene.dispatcher.scheduler as? ManualScheduler)
        #expect(scheduler.pendingTimerCount == 1)
        for _ in 0..<30 { renderer.renderNextFrame() }
        #expect(scheduler.pendingTimerCount <= 2, "\(scheduler.pendingTimerCount) timers")
        while !renderer.isFinished { renderer.renderNextFrame() }
        #expect(renderer.scene.ink.settings.ink.width == 12 && renderer.ignoredSettings.isEmpty)
    }

    static func traceFile(_ text: String) throws -> (directory: String, path: String) {
        let directory = NSTemporaryDirectory() + "touchlight-hostile-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try text.write(toFile: directory + "/t.trace", atomically: true, encoding: .utf8)
        return (directory, directory + "/t.trace")
    }

    /// Bug 46.8: a trace whose last line was a year away counted billions of frames before
    /// drawing the first, and SIGTERM could not stop it. Now the frames are bounded by
    /// arithmetic and such a render is refused at once, unless asked for with --allow-long.
    @Test func anAbsurdRenderIsRefusedWithItsFigures() throws {
        let (directory, path) = try Self.traceFile("touchlight-trace 4\noutput 800 600 1\n0.5 1 down 10 10\n0.56 1 up 10 10\n31536000 set mode off\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let started = Date()
        #expect(throws: ExportError.self) { try RenderJob.run(RenderRequest(tracePath: path, output: directory + "/out.webm"), progress: false) { _ in } }
        do { _ = try RenderJob.run(RenderRequest(tracePath: path, output: directory + "/frames/"), progress: false) { _ in } } catch {
            #expect("\(error)".contains("over the 2-hour limit") && "\(error)".contains("31536000") && "\(error)".contains("--allow-long"), "\(error)")
        }
        #expect(Date().timeIntervalSince(started) < 30, "refused before drawing")
        #expect(!FileManager.default.fileExists(atPath: directory + "/frames/frame-000000.png"), "no frame was written")

        // Ten minutes of PNG frames pass; eleven are over the frame limit.
        let (long, longPath) = try Self.traceFile("touchlight-trace 4\noutput 80 60 1\n0 1 down 10 10\n660 1 up 10 10\n")
        defer { try? FileManager.default.removeItem(atPath: long) }
        do { _ = try RenderJob.run(RenderRequest(tracePath: longPath, output: long + "/frames/"), progress: false) { _ in }; Issue.record("rendered") } catch {
            #expect("\(error)".contains("over the limit of \(RenderJob.longestFrameSequence) PNG frames"), "\(error)")
        }
    }

    /// A render asks whether to stop between frames, from the first: a signal ends it at once.
    @Test func aRenderStopsWhenInterrupted() throws {
        let (directory, path) = try Self.traceFile("touchlight-trace 4\noutput 80 60 1\n0 1 down 10 10\n600 1 up 10 10\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var asked = 0
        var request = RenderRequest(tracePath: path, output: directory + "/frames/")
        request.allowsLong = true
        #expect(throws: ExportError.interrupted) {
            try RenderJob.run(request, progress: false, isInterrupted: { asked += 1; return asked > 3 }) { _ in }
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/frames").count) ?? 0
        #expect(written == 3, "\(written) frames")
    }
}
