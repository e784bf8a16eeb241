import TouchCore

/// Plays a recorded trace into every overlay, honouring its times (divided by `speed`), as
/// one more input source beside wl_touch. Positions are scaled from the trace's output size
/// to each overlay's size. Its `set` lines (annotation mode, tool, colour, width) are applied
/// at their times too. With `loops`, it starts over half a second after the end.
@MainActor
final class ReplaySource {
    let trace: TouchTrace
    let speed: Double
    let loops: Bool
    private unowned let events: ReplayEvents
    private let scheduler: Scheduler
    private var player: TracePlayer
    private var startTime = 0.0
    private(set) var rounds = 0

    init(scheduler: Scheduler, events: ReplayEvents, trace: TouchTrace, speed: Double, loops: Bool) {
        self.events = events
        self.scheduler = scheduler
        self.trace = trace
        self.speed = speed
        self.loops = loops
        player = TracePlayer(trace: trace)
    }

    /// Starts playing after `delay` seconds (time for the surfaces to be configured).
    func start(after delay: Double) {
        startTime = scheduler.now + delay
        player = TracePlayer(trace: trace)
        scheduleNext()
    }

    /// One timer for the next frame or `set` line, whichever comes first: a trace of a million
    /// lines costs the loop's timers no more than one of ten.
    private func scheduleNext() {
        guard let t = player.nextTime else {
            rounds += 1
            events.note("replay finished (round \(rounds))")
            if loops { start(after: 0.5) }
            return
        }
        _ = scheduler.schedule(at: startTime + t / speed) { [weak self] in self?.play(upTo: t) }
    }

    private func play(upTo time: Double) {
        for setting in player.takeSettings(dueBy: time) { events.replay(setting) }
        if let frameTime = player.nextFrameTime, frameTime <= time { playFrame() }
        scheduleNext()
    }

    private func playFrame() {
        events.inputArrived()
        for overlay in events.activeOverlays where overlay.isConfigured {
            let sx = Double(overlay.logicalSize.width) / trace.outputSize.width
            let sy = Double(overlay.logicalSize.height) / trace.outputSize.height
            var copy = player
            copy.playFrame(into: overlay.dispatcher, timeOffset: startTime, speed: speed, scaleX: sx, scaleY: sy)
            overlay.setNeedsDraw()
        }
        player.skipFrame()
    }
}
