import OverlayClient
import TouchCore

/// The demo's choreography: every gesture once, each in its own place on a 1280×720 output,
/// with realistic jitter. One list gives both the trace and the moments the screenshots are
/// taken, so changing a scene moves its screenshot with it.
struct DemoScene {
    typealias Path = TraceScript.Path

    /// A group of fingers: when they go down (after the scene starts), for how long they move,
    /// and the path of each.
    struct Touch {
        let after: Double
        let duration: Double
        let paths: [Path]
    }

    /// The screenshot's name: `demo-NAME.png`.
    let name: String
    let touches: [Touch]
    /// When the screenshot is taken, after the scene starts: while its cue is on screen.
    let screenshotAfter: Double
    /// When the next scene starts, after this one starts.
    let length: Double

    static let outputSize = Size(width: 1280, height: 720)
    /// When the first scene starts in the trace.
    static let firstStart = 0.3

    static let all: [DemoScene] = [
        DemoScene(name: "tap", touches: [Touch(after: 0, duration: 0.06, paths: [.still(p(200, 160))])],
                  screenshotAfter: 0.55, length: 1.0),
        DemoScene(name: "double-tap", touches: [Touch(after: 0, duration: 0.06, paths: [.still(p(420, 160))]),
                                                Touch(after: 0.2, duration: 0.06, paths: [.still(p(422, 161))])],
                  screenshotAfter: 0.65, length: 1.2),
        DemoScene(name: "long-press", touches: [Touch(after: 0, duration: 1.0, paths: [.still(p(640, 160))])],
                  screenshotAfter: 0.55, length: 1.6),
        DemoScene(name: "pan", touches: [Touch(after: 0, duration: 1.0, paths: [.line(from: p(160, 400), to: p(520, 440))])],
                  screenshotAfter: 1.0, length: 1.6),
        DemoScene(name: "pinch", touches: [Touch(after: 0, duration: 0.7, paths: [.line(from: p(700, 400), to: p(620, 400)),
                                                                                  .line(from: p(780, 400), to: p(860, 400))])],
                  screenshotAfter: 0.8, length: 1.3),
        DemoScene(name: "rotate", touches: [Touch(after: 0, duration: 0.7, paths: [
                      .arc(center: p(1060, 400), radius: 90, from: .pi, to: .pi * 1.5),
                      .arc(center: p(1060, 400), radius: 90, from: 0, to: .pi * 0.5)])],
                  screenshotAfter: 0.8, length: 1.3),
        DemoScene(name: "swipe", touches: [Touch(after: 0, duration: 0.12, paths: [.line(from: p(420, 620), to: p(240, 626))])],
                  screenshotAfter: 0.2, length: 1.0),
        DemoScene(name: "edge-swipe", touches: [Touch(after: 0, duration: 0.7, paths: [.line(from: p(1278, 620), to: p(1040, 630))])],
                  screenshotAfter: 0.8, length: 1.2),
    ]

    /// When each scene starts in the trace.
    static var starts: [Double] {
        all.reduce(into: [firstStart]) { starts, scene in starts.append(starts.last! + scene.length) }.dropLast()
    }

    /// The whole demo as one trace.
    static var trace: TouchTrace {
        var script = TraceScript(outputSize: outputSize, realistic: true, seed: 99)
        for (scene, start) in zip(all, starts) {
            for touch in scene.touches { script.fingers(at: start + touch.after, for: touch.duration, touch.paths) }
        }
        return script.trace
    }

    /// Each screenshot's name and moment, in seconds after touchlight starts.
    static var screenshots: [(name: String, moment: Double)] {
        zip(all, starts).map { scene, start in (scene.name, App.replayStartDelay + start + scene.screenshotAfter) }
    }

    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
}
