@testable import TouchCore

/// A shared, ordered log of touch-method calls, so tests can assert exact delivery order.
@MainActor
final class CallLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

/// A view that logs its touch methods (and, with `forwards`, passes them up the chain).
@MainActor
final class RecordingView: View {
    let name: String
    let log: CallLog
    var forwards = false
    /// Locations (window coordinates) and times seen in touchesBegan.
    var beganLocations: [Point] = []
    var beganTimes: [Double] = []

    init(_ name: String, frame: Rect, log: CallLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    private func record(_ phase: String, _ touches: Set<Touch>) {
        let ids = touches.map(\.sourceID).sorted().map(String.init).joined(separator: ",")
        log.add("\(name).\(phase)(\(ids))")
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        record("began", touches)
        for touch in touches {
            beganLocations.append(touch.location(in: nil))
            beganTimes.append(touch.timestamp)
        }
        if forwards { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        record("moved", touches)
        if forwards { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        record("ended", touches)
        if forwards { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        record("cancelled", touches)
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

/// A responder at the end of the chain that logs what reaches it.
@MainActor
final class RecordingResponder: Responder {
    let log: CallLog
    init(log: CallLog) { self.log = log }
    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { log.add("app.began") }
    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { log.add("app.ended") }
}

/// A window of 800×600 with a dispatcher on a manual clock.
@MainActor
struct Harness {
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let scheduler = ManualScheduler()
    let dispatcher: TouchDispatcher
    let log = CallLog()

    init() {
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
    }

    /// A recording view added to `parent` (the window by default).
    func view(_ name: String, _ frame: Rect, in parent: View? = nil) -> RecordingView {
        let view = RecordingView(name, frame: frame, log: log)
        (parent ?? window).addSubview(view)
        return view
    }

    /// One-finger tap at `point`, down at `time` and up `duration` later, each its own frame.
    func tap(_ point: Point, at time: Double, id: Int = 1, duration: Double = 0.05) {
        scheduler.advance(to: time)
        dispatcher.down(id: id, at: point, time: time)
        dispatcher.frame()
        scheduler.advance(to: time + duration)
        dispatcher.up(id: id, time: time + duration)
        dispatcher.frame()
    }

    func down(_ id: Int, _ point: Point, at time: Double) {
        scheduler.advance(to: time)
        dispatcher.down(id: id, at: point, time: time)
        dispatcher.frame()
    }

    func move(_ id: Int, _ point: Point, at time: Double) {
        scheduler.advance(to: time)
        dispatcher.motion(id: id, at: point, time: time)
        dispatcher.frame()
    }

    func up(_ id: Int, at time: Double) {
        scheduler.advance(to: time)
        dispatcher.up(id: id, time: time)
        dispatcher.frame()
    }

    /// Moves finger `id` from `from` to `to` in `steps` frames spaced 1/120 s, starting at `time`.
    /// Returns the time of the last frame.
    @discardableResult
    func drag(_ id: Int, from: Point, to: Point, at time: Double, steps: Int = 12) -> Double {
        var t = time
        for step in 1...steps {
            t = time + Double(step) / 120
            let f = Double(step) / Double(steps)
            move(id, Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), at: t)
        }
        return t
    }
}

func approx(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
func approx(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    approx(a.x, b.x, tolerance) && approx(a.y, b.y, tolerance)
}
