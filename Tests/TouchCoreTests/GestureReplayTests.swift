import Testing
import TestSupport
import Foundation
@testable import TouchCore
import Visualizer

/// Replays the recorded gesture fixtures (clean and realistic) through a view with the
/// standard gesture set and checks the exact sequence of states (repeats of `changed` folded).
@MainActor @Suite struct GestureReplayTests {
    nonisolated static let expectations: [String: [String]] = [
        "tap": ["tap:ended"],
        "double-tap": ["doubleTap:ended"],
        "long-press": ["longPress:began", "longPress:changed", "longPress:ended"],
        "pan": ["pan:began", "pan:changed", "pan:ended"],
        "swipe-left": ["swipe:ended"],
        "swipe-up": ["swipe:ended"],
        "pinch-out": ["pinch:began", "pinch:changed", "pinch:ended"],
        "pinch-in": ["pinch:began", "pinch:changed", "pinch:ended"],
        "rotate": ["rotation:began", "rotation:changed", "rotation:ended"],
        "edge-pan": ["edgeSwipe:began", "edgeSwipe:changed", "edgeSwipe:ended"],
    ]

    nonisolated static var fixtures: [String] {
        expectations.keys.sorted().flatMap { ["\($0)-clean", "\($0)-real"] }
    }

    static func load(_ name: String) throws -> TouchTrace {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/gestures/\(name).trace")
        return try TouchTrace(text: String(contentsOf: url, encoding: .utf8))
    }

    @Test(arguments: fixtures)
    func replayedGestureIsRecognizedExactly(_ fixture: String) throws {
        let trace = try Self.load(fixture)
        let h = Harness()
        let canvas = View(frame: Rect(x: 0, y: 0, width: trace.outputSize.width, height: trace.outputSize.height))
        canvas.isMultipleTouchEnabled = true
        h.window.addSubview(canvas)
        let gestures = StandardGestureSet()
        gestures.install(on: canvas)
        var seen: [String] = []
        var measured: [Double] = []
        var directions: [SwipeGestureRecognizer.Direction] = []
        gestures.observeAll { kind, r in
            let entry = "\(kind.rawValue):\(r.state)"
            if entry != seen.last { seen.append(entry) }
            if r.state == .ended {
                switch r {
                case let p as PinchGestureRecognizer: measured.append(p.scale)
                case let p as RotationGestureRecognizer: measured.append(p.rotation)
                case let s as SwipeGestureRecognizer: directions += s.recognizedDirection.map { [$0] } ?? []
                default: break
                }
            }
        }
        TracePlayer.play(trace, into: h.dispatcher, scheduler: h.scheduler)
        let name = String(fixture.split(separator: "-").dropLast().joined(separator: "-"))
        #expect(seen == Self.expectations[name], "\(fixture): \(seen)")
        for (_, r) in gestures.all { #expect(r.state == .possible, "\(fixture): everything reset") }
        // The measured values fit the gesture.
        // The measured values fit the gesture (the fingers' final positions, up to jitter).
        let tolerance = fixture.hasSuffix("real") ? 0.06 : 1e-9
        switch name {
        case "pinch-out": #expect(measured.count == 1 && approx(measured[0], 3, tolerance), "\(measured)")
        case "pinch-in": #expect(measured.count == 1 && approx(measured[0], 1.0 / 3, tolerance), "\(measured)")
        case "rotate": #expect(measured.count == 1 && approx(measured[0], .pi / 2, tolerance), "\(measured)")
        case "swipe-left": #expect(directions == [.left])
        case "swipe-up": #expect(directions == [.up])
        default: break
        }
    }
}
