/// Turns a sequence of touches into a gesture (UIKit's `UIGestureRecognizer`).
///
/// Subclasses watch touches through the four touch methods and move `state`; the arena of the
/// touch sequence (`GestureArena`) decides, from the conflict rules, whether a requested state
/// takes effect, waits, or becomes a failure. Actions run on began, changed, ended
/// (recognized) and cancelled.
@MainActor
open class GestureRecognizer {
    public typealias Action = (GestureRecognizer) -> Void

    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// A name for diagnostics (UIKit's `name`): the arena's explanations use it.
    public var name: String?
    public weak var delegate: GestureRecognizerDelegate?
    /// Turning a recognizer off mid-gesture cancels it (or fails it while still possible).
    public var isEnabled = true {
        didSet { if !isEnabled { abandon() } }
    }
    /// Send `touchesCancelled` to the view when the gesture is recognized. Default true.
    public var cancelsTouchesInView = true
    /// Hold the view's `touchesBegan` back until this recognizer fails. Default false.
    public var delaysTouchesBegan = false
    /// Hold the view's `touchesEnded` back until this recognizer fails; if it recognizes, the
    /// view gets `touchesCancelled` instead (UIKit's documented rule). Default true.
    public var delaysTouchesEnded = true

    var actions: [(token: Int, action: Action)] = []
    private var nextActionToken = 0

    var currentState: State = .possible
    /// A state the recognizer asked for while a recognizer it requires to fail is undecided.
    var pendingState: State?
    var failureRequirements: [WeakRecognizer] = []
    /// The touches this recognizer follows, in the order they began.
    var trackedTouches: [Touch] = []
    /// Every touch seen since the last reset: recognizers that saw a common touch compete.
    var seenTouches: Set<ObjectIdentifier> = []
    var lastLocationInWindow = Point.zero
    var timer: ScheduledTimer?
    weak var router: TouchRouter?
    weak var arena: GestureArena?

    public init() {}

    /// A recognizer that calls `action` on each state change that fires actions.
    public init(action: @escaping Action) {
        addTarget(action)
    }

    /// Adds another action; the returned token removes it again.
    @discardableResult
    public func addTarget(_ action: @escaping Action) -> Int {
        nextActionToken += 1
        actions.append((nextActionToken, action))
        return nextActionToken
    }

    public func removeTarget(_ token: Int) {
        actions.removeAll { $0.token == token }
    }

    /// The current state. Subclasses set it as they interpret touches; an illegal transition is
    /// ignored, and the arena may hold or refuse a transition out of `.possible`.
    public var state: State {
        get { currentState }
        set { requestTransition(to: newValue) }
    }

    /// Makes this recognizer wait for `other` to fail before it can leave the possible state;
    /// if `other` recognizes, this one fails.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.value === other }) else { return }
        failureRequirements.append(WeakRecognizer(value: other))
    }

    /// How many touches the recognizer follows right now.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (nil: the window);
    /// after the touches are gone, where they last were.
    public func location(in view: View?) -> Point {
        let inWindow = trackedTouches.isEmpty ? lastLocationInWindow : centroidInWindow
        guard let window = self.view?.window ?? trackedTouches.first?.window else { return inWindow }
        return window.convert(inWindow, to: view)
    }

    /// Where the touch at `index` (in the order the touches began) is, in `view`'s coordinates.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(index) else { return location(in: view) }
        return trackedTouches[index].location(in: view)
    }

    var centroidInWindow: Point {
        guard !trackedTouches.isEmpty else { return lastLocationInWindow }
        var x = 0.0, y = 0.0
        for touch in trackedTouches {
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
        }
        let n = Double(trackedTouches.count)
        return Point(x: x / n, y: y / n)
    }

    // MARK: For subclasses

    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {}

    /// Called when the recognizer returns to possible; clear per-gesture state here.
    open func reset() {}

    /// Stops delivering `touch` to this recognizer for the rest of its sequence.
    open func ignore(_ touch: Touch, for event: TouchEvent) {
        if !touch.isIgnored(by: self) { touch.ignoredBy.append(ObjectIdentifier(self)) }
        trackedTouches.removeAll { $0 === touch }
    }

    /// Whether recognizing this gesture makes `preventedGestureRecognizer` fail. Default true.
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` recognizing makes this one fail. Default true.
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Whether this recognizer waits for `otherGestureRecognizer` to fail. Default false.
    open func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` waits for this one to fail. Default false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    /// The scheduler of the dispatcher delivering touches to this recognizer.
    public var scheduler: Scheduler? { router?.scheduler }

    /// Arranges for `timerFired()` at `time` (event time line), replacing any earlier timer.
    public func scheduleTimer(at time: Double) {
        cancelTimer()
        guard let router else { return }
        timer = router.scheduler.schedule(at: time) { [weak self, weak router] in
            guard let self, let router else { return }
            router.runStep {
                self.timer = nil
                self.timerFired()
            }
        }
    }

    public func cancelTimer() {
        if let timer { router?.scheduler.cancel(timer) }
        timer = nil
    }

    /// Called when the timer set with `scheduleTimer(at:)` comes due.
    open func timerFired() {}

    // MARK: Internals

    func requestTransition(to next: State) {
        guard currentState.allowsTransition(to: next) else { return }
        if let arena {
            arena.handle(self, to: next)
        } else {
            GestureArena.handleAlone(self, to: next)
        }
    }

    /// Whether the recognizer may look at new touches and at moves of the ones it has.
    var isReceivingTouches: Bool {
        isEnabled && (currentState == .possible || currentState.isInProgress)
    }

    /// Whether it may join a new touch: not while it waits on another recognizer.
    var acceptsNewTouches: Bool { isReceivingTouches && pendingState == nil }

    func shouldBegin() -> Bool {
        (view?.gestureRecognizerShouldBegin(self) ?? true)
            && (delegate?.gestureRecognizerShouldBegin(self) ?? true)
    }

    func fireActions() {
        for entry in actions { entry.action(self) }
    }

    /// Cancels a gesture in progress, or fails one still possible (disabled, detached, or its
    /// view left the window).
    func abandon() {
        cancelTimer()
        if let arena {
            arena.abandon(self)
            router?.runStep {}
        } else if currentState != .possible {
            performReset()
        }
    }

    func performReset() {
        cancelTimer()
        if !trackedTouches.isEmpty { lastLocationInWindow = centroidInWindow }
        trackedTouches.removeAll()
        seenTouches.removeAll()
        pendingState = nil
        currentState = .possible
        arena = nil
        reset()
    }
}

/// A weak reference to a recognizer, for failure requirements that must not keep it alive.
struct WeakRecognizer {
    weak var value: GestureRecognizer?
}
