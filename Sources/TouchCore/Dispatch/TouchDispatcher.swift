/// Turns wl_touch-shaped input (down, motion, up, shape, orientation, frame, cancel) into
/// `TouchEvent`s for one window, and owns the `Touch` objects. Every input source — Wayland,
/// libinput, a recorded trace — feeds one of these.
///
/// Events accumulate until `frame()`, which delivers them as one event. Positions are in the
/// window's coordinates; times are seconds on the scheduler's time line, always passed in.
///
/// Robustness: motion, up, shape or orientation for an unknown id is ignored and counted; a
/// down for an id that is already down cancels the old touch first; an up following a down in
/// the same frame (or a down reusing an id lifted in the same frame) splits the frame so every
/// touch goes through began before it ends; a frame with no changes sends nothing. Positions
/// and contact sizes are held to `InputLimits` (NaN is dropped and counted), and a time that
/// is not finite is taken as the frame's time, so no number can trap further on.
@MainActor
public final class TouchDispatcher {
    /// Counts of input that was ignored or repaired, for diagnostics.
    public struct Statistics: Sendable, Equatable {
        public var framesDelivered = 0
        public var emptyFrames = 0
        public var unknownMotions = 0
        public var unknownUps = 0
        public var unknownShapes = 0
        public var duplicateDowns = 0
        public var cancellations = 0
        /// Positions, sizes or times that were not numbers and were dropped or replaced.
        public var invalidValues = 0
        /// Contacts that went down while `InputLimits.contacts` were already down: ignored.
        public var refusedContacts = 0
        /// Contacts larger than `largestContact`: palms, dropped or cancelled.
        public var palms = 0
    }

    public let window: Window
    public let scheduler: Scheduler
    /// Thresholds for `Touch.tapCount`.
    public var tapCounter = TapCounter()
    public private(set) var statistics = Statistics()
    /// Called with each event after it was delivered (for visualizers and recorders).
    public var eventObserver: ((TouchEvent) -> Void)?
    /// Called when a contact is refused because `InputLimits.contacts` are down, once until
    /// every contact has lifted (for one clear message, not one per refused finger).
    public var contactLimitReached: (() -> Void)?
    private var reportedContactLimit = false
    /// Called with every decision of the gesture arena and why: which recognizer waits for
    /// which, which failed because another recognized, what `shouldBegin` refused. For
    /// `--verbose`; when nil, no explanation is even made.
    public var explainGestures: ((GestureRecognizer, String) -> Void)? {
        get { router.explainDecision }
        set { router.explainDecision = newValue }
    }

    /// A contact whose major axis (its whole length, in the window's units) is larger than
    /// this is a palm, as iOS and libinput treat one: one not yet delivered never is, one
    /// delivered is cancelled, and what it does after is ignored. Nil: no limit. A pen's
    /// contact has no size, and is never a palm.
    public var largestContact: Double?
    /// The palms still down, whose motion and lift are ignored.
    private var palms: Set<Int> = []

    let router: TouchRouter

    fileprivate struct Pending {
        var location: Point
        var time: Double
        var major: Double?
        var minor: Double?
        var orientation: Double?
        var force: Double?
        var type = TouchType.direct
    }

    /// Touches delivered and not yet lifted, by source id.
    private var active: [Int: Touch] = [:]
    private var downs: [(id: Int, pending: Pending)] = []
    private var moves: [Int: Pending] = [:]
    private var ups: [Int: Double] = [:]
    private var frameTime = -Double.infinity

    /// A dispatcher for `window`, setting timers on `scheduler` (a `ManualScheduler` if none).
    public init(window: Window, scheduler: Scheduler? = nil) {
        self.window = window
        self.scheduler = scheduler ?? ManualScheduler()
        self.router = TouchRouter(scheduler: self.scheduler)
        window.router = router
    }

    /// The event object this dispatcher reuses for every frame.
    public var event: TouchEvent { router.event }

    /// Touches currently down, in the order they began.
    public var activeTouches: [Touch] { router.activeTouches }

    // MARK: Input

    /// A contact went down; `type` says what made it (a finger unless told).
    public func down(id: Int, at location: Point, time: Double, type: TouchType = .direct) {
        guard let location = valid(location) else { return }
        let time = valid(time)
        if ups[id] != nil || downs.contains(where: { $0.id == id }) { frame() }
        palms.remove(id)
        if let old = active[id] {
            frame()
            statistics.duplicateDowns += 1
            cancel([old], at: time)
        }
        // As a touchscreen's slots do, the contacts at once are capped: a trace of thousands
        // of fingers would otherwise stall every frame.
        guard active.count + downs.count < InputLimits.contacts else {
            statistics.refusedContacts += 1
            if !reportedContactLimit {
                reportedContactLimit = true
                contactLimitReached?()
            }
            return
        }
        downs.append((id, Pending(location: location, time: time, type: type)))
        note(time)
    }

    public func motion(id: Int, at location: Point, time: Double) {
        guard let location = valid(location) else { return }
        let time = valid(time)
        if let index = downs.firstIndex(where: { $0.id == id }) {
            downs[index].pending.location = location
        } else if let touch = active[id], ups[id] == nil {
            var pending = moves[id] ?? Pending(touch, time: time)
            pending.location = location
            pending.time = time
            moves[id] = pending
        } else {
            if !palms.contains(id) { statistics.unknownMotions += 1 }
            return
        }
        note(time)
    }

    public func up(id: Int, time: Double) {
        let time = valid(time)
        if downs.contains(where: { $0.id == id }) { frame() }
        guard active[id] != nil, ups[id] == nil else {
            if palms.remove(id) == nil { statistics.unknownUps += 1 }
            return
        }
        ups[id] = time
        note(time)
    }

    /// The contact's size: `major` and `minor` are the full axis lengths, as wl_touch gives them.
    public func shape(id: Int, major: Double, minor: Double) {
        guard let major = InputLimits.contactAxis(major), let minor = InputLimits.contactAxis(minor) else {
            statistics.invalidValues += 1
            return
        }
        update(id) { $0.major = major / 2; $0.minor = minor / 2 }
    }

    /// The contact's orientation: the major axis angle in radians, clockwise from the y axis.
    public func orientation(id: Int, angle: Double) {
        guard angle.isFinite else {
            statistics.invalidValues += 1
            return
        }
        update(id) { $0.orientation = angle.remainder(dividingBy: 2 * .pi) }
    }

    /// The contact's pressure, from 0 to 1 (a pen's); values outside are clamped.
    public func force(id: Int, _ value: Double) {
        guard let force = InputLimits.force(value) else {
            statistics.invalidValues += 1
            return
        }
        update(id) { $0.force = force }
    }

    /// Cancels the touches with these ids only (a device that went away), delivering the
    /// pending changes first. Unknown ids are ignored.
    public func cancel(ids: [Int]) {
        downs.removeAll { ids.contains($0.id) }
        frame()
        cancel(ids.compactMap { active[$0] }, at: max(frameTime, scheduler.now))
    }

    /// Cancels every active touch at once (wl_touch.cancel), delivering the pending changes
    /// first; touches that went down in the pending frame are dropped.
    public func cancel() {
        cancel(ids: Array(active.keys) + downs.map(\.id))
    }

    /// Delivers the changes since the last frame as one event; nothing when there are none.
    public func frame() {
        rejectPalms()
        guard !downs.isEmpty || !moves.isEmpty || !ups.isEmpty else {
            statistics.emptyFrames += 1
            return
        }
        let time = frameTime
        scheduler.fireTimers(dueBy: time)
        for touch in router.activeTouches { touch.phase = .stationary }
        for (id, pending) in downs {
            let touch = Touch(sourceID: id, location: pending.location, timestamp: pending.time, window: window)
            touch.majorRadius = pending.major
            touch.minorRadius = pending.minor
            touch.orientation = pending.orientation
            touch.force = pending.force
            touch.type = pending.type
            touch.tapCount = tapCounter.countForTouchDown(at: pending.location, time: pending.time)
            active[id] = touch
            router.begin(touch, in: window)
        }
        for (id, pending) in moves {
            guard let touch = active[id] else { continue }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = pending.location
            touch.timestamp = pending.time
            (touch.majorRadius, touch.minorRadius, touch.orientation) = (pending.major, pending.minor, pending.orientation)
            touch.force = pending.force
            touch.phase = .moved
        }
        for (id, time) in ups {
            guard let touch = active.removeValue(forKey: id) else { continue }
            touch.phase = .ended
            touch.timestamp = time
            tapCounter.touchEnded(count: touch.tapCount, from: touch.beganLocation, at: touch.locationInWindow, time: time)
        }
        downs.removeAll(keepingCapacity: true)
        moves.removeAll(keepingCapacity: true)
        ups.removeAll(keepingCapacity: true)
        if active.isEmpty { reportedContactLimit = false }
        send(at: time)
    }

    // MARK: Internals

    /// The location clamped to `InputLimits`, or nil (counted) when it is not a number.
    private func valid(_ location: Point) -> Point? {
        guard let point = InputLimits.point(location) else {
            statistics.invalidValues += 1
            return nil
        }
        return point
    }

    /// The time, or the frame's time (else the scheduler's) when it is not finite.
    private func valid(_ time: Double) -> Double {
        guard !time.isFinite else { return time }
        statistics.invalidValues += 1
        return frameTime.isFinite ? frameTime : scheduler.now
    }

    private func note(_ time: Double) {
        frameTime = max(frameTime, time)
    }

    private func update(_ id: Int, _ change: (inout Pending) -> Void) {
        if let index = downs.firstIndex(where: { $0.id == id }) {
            change(&downs[index].pending)
        } else if let touch = active[id] {
            var pending = moves[id] ?? Pending(touch, time: frameTime)
            change(&pending)
            moves[id] = pending
        } else if !palms.contains(id) {
            statistics.unknownShapes += 1
        }
    }

    /// Takes out the contacts larger than `largestContact`: a palm not yet delivered is
    /// dropped, one delivered is cancelled (an event of its own, before the frame's).
    private func rejectPalms() {
        guard let largest = largestContact else { return }
        func isPalm(_ pending: Pending) -> Bool { (pending.major ?? 0) * 2 > largest }
        guard downs.contains(where: { isPalm($0.pending) }) || moves.values.contains(where: isPalm) else { return }
        let grown = moves.filter { isPalm($0.value) }.keys.sorted()
        let new = downs.filter { isPalm($0.pending) }.map(\.id)
        downs.removeAll { isPalm($0.pending) }
        for id in grown {
            moves[id] = nil
            ups[id] = nil
        }
        palms.formUnion(new + grown)
        statistics.palms += new.count + grown.count
        cancel(grown.compactMap { active[$0] }, at: frameTime)
    }

    private func cancel(_ touches: [Touch], at time: Double) {
        guard !touches.isEmpty else { return }
        statistics.cancellations += 1
        scheduler.fireTimers(dueBy: time)
        for touch in router.activeTouches { touch.phase = .stationary }
        for touch in touches {
            active.removeValue(forKey: touch.sourceID)
            touch.phase = .cancelled
            touch.timestamp = time
        }
        send(at: time)
    }

    private func send(at time: Double) {
        let event = router.event
        event.timestamp = time
        event.allTouches = Set(router.activeTouches)
        statistics.framesDelivered += 1
        window.sendEvent(event)
        eventObserver?(event)
    }
}

extension TouchDispatcher.Pending {
    /// A change to `touch`, starting from what it is now.
    @MainActor init(_ touch: Touch, time: Double) {
        self.init(location: touch.locationInWindow, time: time, major: touch.majorRadius, minor: touch.minorRadius,
                  orientation: touch.orientation, force: touch.force, type: touch.type)
    }
}
