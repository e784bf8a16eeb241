import Foundation
import Testing
import TestSupport
import TouchCore
@testable import Visualizer

extension DrawItem {
    var isMarker: Bool { if case .marker = shape { true } else { false } }
}

/// A measurer for tests: 10 px per byte, 15 above the baseline and 5 below.
final class FixedWidthMeasurer: TextMeasuring {
    var measured = 0
    func measure(_ line: inout TextLine) {
        measured += 1
        (line.width, line.ascent, line.descent) = (Double(line.count) * 10, 15, 5)
    }
}

@Suite struct CaptionFormatTests {
    private func written(_ source: String, _ kind: GestureKind, _ fill: (inout CaptionMeasures) -> Void) throws -> String {
        var measures = CaptionMeasures()
        fill(&measures)
        var line = TextLine(size: 20)
        try CaptionStyle.format(source, for: kind).write(measures, into: &line)
        return line.text
    }

    @Test func everyDefaultCaptionParsesWithItsGesturesMeasures() {
        #expect(CaptionStyle.defaultFormats.count == GestureKind.allCases.count)
        for kind in GestureKind.allCases {
            #expect(CaptionStyle.defaultFormat(for: kind)?.source == kind.defaultCaption)
        }
    }

    @Test func measuresAreFilledInRoundedAsTheIssueShowsThem() throws {
        #expect(try written("pinch ×{scale}", .pinch) { $0.scale = 1.84 } == "pinch ×1.8")
        #expect(try written("rotate {degrees}°", .rotation) { $0.rotation = 35 * .pi / 180 } == "rotate 35°")
        #expect(try written("rotate {degrees}°", .rotation) { $0.rotation = -0.61 } == "rotate -35°")
        #expect(try written("pan {distance} px", .pan) { $0.distance = 239.6 } == "pan 240 px")
        #expect(try written("hold {seconds} s", .longPress) { $0.seconds = 0.81 } == "hold 0.8 s")
        #expect(try written("×{taps}", .doubleTap) { $0.taps = 2 } == "×2")
        #expect(try written("{fingers}-finger swipe {arrow}", .swipe) { $0.fingers = 2; $0.direction = .left } == "2-finger swipe ←")
        #expect(try written("swipe {direction}", .swipe) { $0.direction = .up } == "swipe up")
        #expect(try written("edge swipe from {edge}", .edgeSwipe) { $0.edge = .left } == "edge swipe from left")
        #expect(try written("{{literal}} {scale}", .pinch) { $0.scale = 2 } == "{literal} 2.0")
    }

    @Test func numbersNeverTrapAndNeverShowMinusZero() throws {
        #expect(try written("{scale}", .pinch) { $0.scale = -0.04 } == "0.0")
        #expect(try written("{scale}", .pinch) { $0.scale = .nan } == "–")
        #expect(try written("{scale}", .pinch) { $0.scale = .infinity } == "–")
        #expect(try written("{distance}", .pan) { $0.distance = 1e300 } == "–")
        #expect(try written("{distance}", .pan) { $0.distance = 123_456_789 } == "123456789")
        #expect(try written("{seconds}", .longPress) { $0.seconds = 9.96 } == "10.0")
    }

    @Test func mistakesAreNamedWithTheGesturesMeasures() {
        #expect(throws: CaptionFormatError.unknownValue("scale", allowed: ["degrees"])) { try CaptionStyle.format("turn {scale}", for: .rotation) }
        #expect(CaptionFormatError.unknownValue("scale", allowed: ["degrees"]).description
                == "{scale} is not a measure of this gesture; it has {degrees}")
        #expect(throws: CaptionFormatError.unclosedBrace("pinch {scale")) { try CaptionStyle.format("pinch {scale", for: .pinch) }
        #expect(throws: CaptionFormatError.unopenedBrace("pinch }")) { try CaptionStyle.format("pinch }", for: .pinch) }
    }

    @Test func aLineKeepsWholeCharactersOnly() {
        var line = TextLine(String(repeating: "a", count: 63) + "é", size: 10)
        #expect(line.count == 63, "é would take bytes 64 and 65: it is dropped whole")
        line = TextLine(String(repeating: "é", count: 40), size: 10)
        #expect(line.count == 64 && line.text == String(repeating: "é", count: 32))
        #expect(TextLine("pinch", size: 10) == TextLine("pinch", size: 10))
        #expect(TextLine("pinch", size: 10) != TextLine("pinch", size: 12))
    }
}

@MainActor @Suite struct CaptionVisualizerTests {
    private let bounds = Rect(x: 0, y: 0, width: 800, height: 600)

    private func captions(_ visualizer: TouchVisualizer) -> [(text: String, item: DrawItem)] {
        visualizer.items.compactMap { item in if case .text(let line) = item.shape { (line.text, item) } else { nil } }
    }

    @Test func aTapsCaptionHoldsThenFadesThenGoes() {
        let visualizer = TouchVisualizer(), measurer = FixedWidthMeasurer()
        visualizer.textMeasurer = measurer
        visualizer.touchDown(key: 1, at: Point(x: 400, y: 300), time: 0)
        visualizer.touchUp(key: 1, time: 0.05)
        visualizer.showTap(at: Point(x: 400, y: 300), time: 0.3)
        visualizer.caption(.tap, CaptionMeasures())
        visualizer.update(to: 0.35, bounds: bounds)
        let shown = captions(visualizer)
        #expect(shown.map(\.text) == ["tap"])
        #expect(shown.first?.item.color.alpha == 1)
        let hold = visualizer.style.captions.holdDuration, fade = visualizer.style.cueDuration
        visualizer.update(to: 0.3 + hold + fade / 2, bounds: bounds)
        #expect(abs((captions(visualizer).first?.item.color.alpha ?? 0) - 0.5) < 0.02, "half way through its fade")
        #expect(visualizer.isAnimating)
        visualizer.update(to: 0.3 + hold + fade + 0.01, bounds: bounds)
        #expect(captions(visualizer).isEmpty)
        #expect(visualizer.cues.live.isEmpty, "the cue went with its caption")
        #expect(measurer.measured == 1, "measured once, when written")
    }

    @Test func aLongPressCountsWhileHeldAndStopsAtTheLift() {
        let visualizer = TouchVisualizer()
        visualizer.textMeasurer = FixedWidthMeasurer()
        visualizer.touchDown(key: 1, at: Point(x: 400, y: 300), time: 0)
        visualizer.showLongPress(at: Point(x: 400, y: 300), time: 0.5, pressStart: 0)
        visualizer.caption(.longPress, CaptionMeasures())
        visualizer.update(to: 0.5, bounds: bounds)
        #expect(captions(visualizer).map(\.text) == ["hold 0.5 s"])
        #expect(visualizer.nextDeadline.map { $0 <= 0.55 } == true, "a frame comes while the count goes on")
        visualizer.update(to: 0.83, bounds: bounds)
        #expect(captions(visualizer).map(\.text) == ["hold 0.8 s"])
        visualizer.touchUp(key: 1, time: 1.21)
        visualizer.endLongPress(time: 1.21)
        visualizer.update(to: 1.5, bounds: bounds)
        #expect(captions(visualizer).map(\.text) == ["hold 1.2 s"], "stopped at the lift")
    }

    @Test func aLivePinchCaptionFollowsItsScaleAndKeepsOffTheFingers() {
        let visualizer = TouchVisualizer()
        visualizer.textMeasurer = FixedWidthMeasurer()
        var measures = CaptionMeasures()
        for (step, gap) in [100.0, 140, 180].enumerated() {
            let time = Double(step) * 0.1
            let a = Point(x: 400 - gap / 2, y: 300), b = Point(x: 400 + gap / 2, y: 300)
            if step == 0 { visualizer.touchDown(key: 1, at: a, time: time); visualizer.touchDown(key: 2, at: b, time: time) }
            visualizer.touchMoved(key: 1, to: a, time: time)
            visualizer.touchMoved(key: 2, to: b, time: time)
            visualizer.updatePinch(a, b, time: time)
            measures.scale = gap / 100
            visualizer.caption(.pinch, measures)
            visualizer.update(to: time, bounds: bounds)
            let shown = captions(visualizer)
            #expect(shown.map(\.text) == ["pinch ×\(String(format: "%.1f", gap / 100))"])
            for caption in shown {
                #expect(bounds.contains(caption.item.bounds))
                for marker in visualizer.items where marker.isMarker {
                    #expect(!marker.bounds.intersects(caption.item.bounds), "never over a finger")
                }
            }
        }
        visualizer.endCue(.pinch, time: 0.3)
        visualizer.update(to: 0.3 + visualizer.style.captions.holdDuration - 0.01, bounds: bounds)
        #expect(captions(visualizer).first?.item.color.alpha == 1, "held after the pinch ends")
    }

    /// Bug 29.18: a pinch and a rotation at once, their captions anchored at the same
    /// midpoint and the pinch's line running straight up through it: the two captions do not
    /// overlap, and no cue line crosses either.
    @Test func simultaneousCaptionsKeepOffEachOtherAndOffTheCueLines() {
        let visualizer = TouchVisualizer()
        visualizer.textMeasurer = FixedWidthMeasurer()
        var measures = CaptionMeasures()
        for step in 0..<4 {
            let time = Double(step) * 0.1, gap = 160 + Double(step) * 20
            let a = Point(x: 400, y: 300 - gap / 2), b = Point(x: 400 + Double(step), y: 300 + gap / 2)
            if step == 0 { visualizer.touchDown(key: 1, at: a, time: time); visualizer.touchDown(key: 2, at: b, time: time) }
            visualizer.touchMoved(key: 1, to: a, time: time)
            visualizer.touchMoved(key: 2, to: b, time: time)
            visualizer.updatePinch(a, b, time: time)
            visualizer.updateRotation(a, b, rotation: Double(step) * 0.1, time: time)
            measures.scale = gap / 160
            measures.rotation = Double(step) * 0.1
            visualizer.caption(.pinch, measures)
            visualizer.caption(.rotation, measures)
            visualizer.update(to: time, bounds: bounds)
            let shown = captions(visualizer)
            #expect(shown.count == 2, "\(shown.map(\.text))")
            if shown.count == 2 { #expect(!shown[0].item.bounds.intersects(shown[1].item.bounds), "step \(step): \(shown.map(\.text)) overlap") }
            for caption in shown {
                for case let (item, .line(to, width)) in visualizer.items.map({ ($0, $0.shape) }) {
                    let line = CaptionPlacement.Line(from: item.center, to: to, width: width)
                    #expect(!line.crosses(caption.item.bounds), "step \(step): a cue line crosses \(caption.text)")
                }
            }
        }
    }

    @Test func nothingShowsWhenCaptionsAreOffOrTextCannotBeMeasured() {
        var style = VisualizerStyle()
        style.captions.formats[.tap] = nil
        style.captions.formats[.doubleTap] = try? CaptionStyle.format("×{taps}", for: .doubleTap)
        let visualizer = TouchVisualizer(style: style)
        visualizer.textMeasurer = FixedWidthMeasurer()
        visualizer.showTap(at: Point(x: 100, y: 100), time: 0)
        visualizer.caption(.tap, CaptionMeasures())
        visualizer.showDoubleTap(at: Point(x: 300, y: 100), time: 0)
        visualizer.caption(.doubleTap, CaptionMeasures())
        visualizer.update(to: 0.05, bounds: bounds)
        #expect(captions(visualizer).map(\.text) == ["×1"], "the tap's caption is off, the double tap's on")
        visualizer.style.captions.isEnabled = false
        visualizer.showDoubleTap(at: Point(x: 300, y: 300), time: 0.1)
        visualizer.caption(.doubleTap, CaptionMeasures())
        visualizer.update(to: 0.15, bounds: bounds)
        #expect(captions(visualizer).map(\.text) == ["×1"], "captions off: the new one has none")
        let unmeasured = TouchVisualizer()
        unmeasured.showTap(at: Point(x: 100, y: 100), time: 0)
        unmeasured.caption(.tap, CaptionMeasures())
        unmeasured.update(to: 0.05, bounds: bounds)
        #expect(captions(unmeasured).isEmpty, "no text engine: no caption, and nothing breaks")
    }

    /// Captions from the real recognizers: a recorded pinch, rotation and swipe replayed into
    /// an overlay window end with the measures their recognizers report.
    @Test(arguments: [("pinch-out-clean", "pinch ×"), ("rotate-clean", "rotate "), ("swipe-left-clean", "1-finger swipe ←"),
                      ("edge-pan-clean", "edge swipe from "), ("double-tap-clean", "×2"), ("long-press-clean", "hold ")])
    func recognizedGesturesAreCaptionedWithTheirMeasures(_ fixture: String, _ prefix: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TouchCoreTests/Fixtures/gestures/\(fixture).trace")
        let trace = try TouchTrace(text: String(contentsOf: url, encoding: .utf8))
        let scheduler = ManualScheduler()
        let window = OverlayWindow(size: trace.outputSize, scheduler: scheduler)
        window.visualizer.textMeasurer = FixedWidthMeasurer()
        let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        var seen: [String] = []
        var measured: Double?
        window.lens.gestures.observeAll { _, r in
            if let p = r as? PinchGestureRecognizer { measured = p.scale }
            if let p = r as? RotationGestureRecognizer { measured = p.rotation * 180 / .pi }
        }
        var player = TracePlayer(trace: trace)
        while let time = player.nextFrameTime {
            scheduler.advance(to: time)
            player.playFrame(into: dispatcher)
            window.visualizer.update(to: time, bounds: Rect(origin: .zero, size: trace.outputSize))
            seen += captions(window.visualizer).map(\.text).filter { $0 != seen.last }
        }
        scheduler.advance(to: trace.duration + 0.5)
        window.visualizer.update(to: trace.duration + 0.5, bounds: Rect(origin: .zero, size: trace.outputSize))
        seen += captions(window.visualizer).map(\.text).filter { $0 != seen.last }
        let last = try #require(seen.last(where: { $0.hasPrefix(prefix) }), "\(fixture): \(seen)")
        if fixture.hasPrefix("pinch") { #expect(last == "pinch ×" + String(format: "%.1f", measured ?? 0)) }
        if fixture.hasPrefix("rotate") { #expect(last == "rotate \(Int((measured ?? 0).rounded()))°") }
        if fixture.hasPrefix("edge") { #expect(last == "edge swipe from left", "the fixture starts at x = 3") }
    }
}
