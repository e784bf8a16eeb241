import TouchCore
import TouchscreenInput

/// Plays a libinput-shaped trace through the touchscreen path: the device filter, the choice
/// of output, the panel-to-output mapping and the event translation the libinput source uses.
@MainActor
final class LibinputReplaySource {
    private let trace: LibinputTrace
    private let speed: Double
    private unowned let events: TouchscreenEvents
    private let scheduler: Scheduler
    private(set) var translator: TouchTranslator?
    private var startTime = 0.0
    private var next = 0

    init(scheduler: Scheduler, events: TouchscreenEvents, trace: LibinputTrace, speed: Double) {
        self.events = events
        self.scheduler = scheduler
        self.trace = trace
        self.speed = speed
    }

    func start(after delay: Double) {
        startTime = scheduler.now + delay
        translator = TouchTranslator { [unowned events] name in events.touchscreenTarget(forDevice: name) }
        next = 0
        scheduleNext()
    }

    private func scheduleNext() {
        guard next < trace.events.count else {
            for (name, reason) in translator?.refused ?? [] { events.note("refused \(name): \(reason)") }
            events.note("libinput replay finished")
            return
        }
        _ = scheduler.schedule(at: startTime + trace.events[next].time / speed) { [weak self] in self?.playDue() }
    }

    private func playDue() {
        guard let translator else { return }
        let now = trace.events[next].time
        events.inputArrived()
        while next < trace.events.count, trace.events[next].time == now {
            translator.handle(Self.shifted(trace.events[next].event, by: startTime, speed: speed))
            next += 1
        }
        events.touchscreensDelivered()
        scheduleNext()
    }

    /// The event with its time on the scheduler's time line.
    private static func shifted(_ event: LibinputEvent, by offset: Double, speed: Double) -> LibinputEvent {
        switch event {
        case .touchDown(let d, let s, let x, let y, let t): .touchDown(device: d, slot: s, x: x, y: y, time: offset + t / speed)
        case .touchMotion(let d, let s, let x, let y, let t): .touchMotion(device: d, slot: s, x: x, y: y, time: offset + t / speed)
        case .touchUp(let d, let s, let t): .touchUp(device: d, slot: s, time: offset + t / speed)
        case .touchCancel(let d, let s, let t): .touchCancel(device: d, slot: s, time: offset + t / speed)
        case .touchFrame(let d, let t): .touchFrame(device: d, time: offset + t / speed)
        case .deviceAdded, .deviceRemoved: event
        }
    }
}
