/// Feeds a trace's events into a dispatcher, frame by frame. Timing is the caller's: `play`
/// runs everything at once on a manual clock; a live player calls `playFrame` when each
/// frame's time comes.
@MainActor
public struct TracePlayer {
    public let trace: TouchTrace
    private let frames: [ArraySlice<TouchTrace.Event>]
    /// Index of the next frame to play.
    public private(set) var position = 0

    public init(trace: TouchTrace) {
        self.trace = trace
        self.frames = trace.frames
    }

    /// Index of the next `set` line to take.
    private var settingPosition = 0

    public var isFinished: Bool { position >= frames.count }
    /// Trace time of the next frame.
    public var nextFrameTime: Double? { isFinished ? nil : frames[position].first?.time }
    /// Trace time of the next frame or `set` line, whichever comes first; nil after both.
    public var nextTime: Double? {
        let setting = settingPosition < trace.settings.count ? trace.settings[settingPosition].time : nil
        return [nextFrameTime, setting].compactMap { $0 }.min()
    }

    /// The `set` lines due by trace time `time`, in order, taken: a player applies them before
    /// the events of the same time, as the trace writes them. One timer for the next line or
    /// frame, whichever comes first, is all a player needs, however many lines a trace holds.
    public mutating func takeSettings(dueBy time: Double) -> ArraySlice<TouchTrace.Setting> {
        let start = settingPosition
        while settingPosition < trace.settings.count, trace.settings[settingPosition].time <= time { settingPosition += 1 }
        return trace.settings[start..<settingPosition]
    }

    /// Feeds the next frame: times divided by `speed` and shifted by `timeOffset`, positions
    /// scaled by `scaleX` and `scaleY` (from the trace's output to the target's size).
    public mutating func playFrame(into dispatcher: TouchDispatcher, timeOffset: Double = 0, speed: Double = 1,
                                   scaleX: Double = 1, scaleY: Double = 1) {
        guard !isFinished else { return }
        Self.feed(frames[position], into: dispatcher, timeOffset: timeOffset, speed: speed, scaleX: scaleX, scaleY: scaleY)
        position += 1
    }

    /// Moves past the next frame without playing it.
    public mutating func skipFrame() {
        if !isFinished { position += 1 }
    }

    /// Plays the whole trace on `scheduler`'s clock, advancing it to each frame's time, then
    /// `settle` seconds past the end so pending timers fire.
    public static func play(_ trace: TouchTrace, into dispatcher: TouchDispatcher,
                            scheduler: ManualScheduler, settle: Double = 1) {
        let offset = scheduler.now
        for frame in trace.frames {
            if let time = frame.first?.time { scheduler.advance(to: offset + time) }
            feed(frame, into: dispatcher, timeOffset: offset)
        }
        scheduler.advance(to: offset + trace.duration + settle)
    }

    static func feed(_ frame: ArraySlice<TouchTrace.Event>, into dispatcher: TouchDispatcher, timeOffset: Double,
                     speed: Double = 1, scaleX: Double = 1, scaleY: Double = 1) {
        var cancelled = false
        for e in frame {
            let time = e.time / speed + timeOffset
            let point = Point(x: e.x * scaleX, y: e.y * scaleY)
            switch e.phase {
            case .down: dispatcher.down(id: e.id, at: point, time: time, type: e.type ?? .direct)
            case .move: dispatcher.motion(id: e.id, at: point, time: time)
            case .up: dispatcher.up(id: e.id, time: time)
            case .cancel:
                if e.id == TouchTrace.Event.everyTouch { dispatcher.cancel() } else { dispatcher.cancel(ids: [e.id]) }
                cancelled = true
            }
            if e.phase != .cancel, let major = e.major, let minor = e.minor {
                dispatcher.shape(id: e.id, major: major * scaleX, minor: minor * scaleX)
                if let orientation = e.orientation { dispatcher.orientation(id: e.id, angle: orientation) }
            }
            if e.phase != .cancel, let force = e.force { dispatcher.force(id: e.id, force) }
        }
        if !cancelled || frame.contains(where: { $0.phase != .cancel }) { dispatcher.frame() }
    }
}
