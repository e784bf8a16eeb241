/// Delivers a window's touch events: first to the gesture recognizers of each touch, then to
/// the touched views, applying `cancelsTouchesInView`, `delaysTouchesBegan` and
/// `delaysTouchesEnded`. It owns the arena of the current touch sequence.
///
/// Work happens in *steps* (one input frame, or one timer): after each step, held deliveries
/// are released, finished recognizers reset and a sequence without touches is swept.
@MainActor
final class TouchRouter {
    let scheduler: Scheduler
    let event: TouchEvent
    /// Touches still down, in the order they began.
    private(set) var activeTouches: [Touch] = []
    /// Touches that lifted, whose `touchesBegan` or `touchesEnded` a recognizer holds back.
    private var heldTouches: [Touch] = []
    private(set) var arena: GestureArena?
    /// Told why the arena decided each transition (see `TouchDispatcher.explainGestures`).
    var explainDecision: ((GestureRecognizer, String) -> Void)?
    private var stepDepth = 0

    init(scheduler: Scheduler) {
        self.scheduler = scheduler
        self.event = TouchEvent(router: nil)
        event.router = self
    }

    // MARK: Steps

    /// Runs `body`, then (unless nested in another step) settles what it changed.
    func runStep(_ body: () -> Void) {
        stepDepth += 1
        body()
        stepDepth -= 1
        if stepDepth == 0 { finishStep() }
    }

    private func finishStep() {
        releaseHeldDeliveries()
        guard let arena else { return }
        if activeTouches.isEmpty { arena.sweep() }
        releaseHeldDeliveries()
        arena.resetFinishedMembers { recognizer in
            self.heldTouches.contains { touch in touch.recognizers.contains { $0 === recognizer } }
        }
        if activeTouches.isEmpty, arena.isEmpty, heldTouches.isEmpty { self.arena = nil }
    }

    // MARK: Beginning a touch

    /// Hit-tests a new touch and decides who will see it: its view (subject to exclusive and
    /// multiple-touch rules) and the recognizers on the view and its ancestors.
    func begin(_ touch: Touch, in window: Window) {
        let others = activeTouches.filter { !$0.isFinished }
        activeTouches.append(touch)
        guard let hit = window.hitTest(touch.locationInWindow, with: event) else {
            touch.delivery = .none
            return
        }
        touch.view = hit
        let blockedByExclusive = others.contains { $0.view !== hit && $0.view?.isExclusiveTouch == true }
            || (hit.isExclusiveTouch && others.contains { $0.view !== hit && $0.view != nil })
        if blockedByExclusive {
            touch.delivery = .none
            return
        }
        if !hit.isMultipleTouchEnabled, others.contains(where: { $0.view === hit && $0.delivery != .none }) {
            touch.delivery = .none
        }
        var recognizers: [GestureRecognizer] = []
        var current: View? = hit
        while let view = current {
            for recognizer in view.recognizers where recognizer.acceptsNewTouches
                && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) != false {
                recognizers.append(recognizer)
            }
            current = view.superview
        }
        touch.recognizers = recognizers
        guard !recognizers.isEmpty else { return }
        let arena = self.arena ?? makeArena()
        for recognizer in recognizers {
            recognizer.router = self
            arena.admit(recognizer, touchKey: ObjectIdentifier(touch))
        }
    }

    private func makeArena() -> GestureArena {
        let arena = GestureArena()
        arena.onRecognized = { [weak self] recognizer in
            if recognizer.cancelsTouchesInView { self?.cancelViewTouches(of: recognizer) }
        }
        if let explainDecision { arena.explain = { recognizer, reason in explainDecision(recognizer, reason()) } }
        self.arena = arena
        return arena
    }

    // MARK: Delivery

    private static let phaseOrder: [Touch.Phase] = [.began, .moved, .ended, .cancelled]

    /// Delivers the event built by the dispatcher from `activeTouches`.
    func route(_ event: TouchEvent) {
        runStep {
            deliverToRecognizers()
            deliverToViews()
            finishInputTouches()
        }
    }

    private func deliverToRecognizers() {
        for phase in Self.phaseOrder {
            // Recognizers in the order they first appear among this phase's touches; each gets
            // its touches of the phase in one call. Failed or finished ones are skipped early.
            var recognizers: [GestureRecognizer] = []
            for touch in activeTouches where touch.phase == phase {
                for recognizer in touch.recognizers where recognizer.isReceivingTouches
                    && !recognizers.contains(where: { $0 === recognizer }) {
                    recognizers.append(recognizer)
                }
            }
            for recognizer in recognizers where recognizer.isReceivingTouches {
                var touches = Set<Touch>(minimumCapacity: activeTouches.count)
                for touch in activeTouches where touch.phase == phase
                    && touch.recognizers.contains(where: { $0 === recognizer }) && !touch.isIgnored(by: recognizer) {
                    touches.insert(touch)
                }
                guard !touches.isEmpty else { continue }
                switch phase {
                case .began:
                    recognizer.trackedTouches.append(contentsOf: activeTouches.filter { touches.contains($0) })
                    recognizer.touchesBegan(touches, with: event)
                case .moved:
                    recognizer.touchesMoved(touches, with: event)
                case .ended:
                    recognizer.touchesEnded(touches, with: event)
                default:
                    recognizer.touchesCancelled(touches, with: event)
                    // A cancelled sequence cancels every recognizer that was following it.
                    recognizer.arena?.abandon(recognizer)
                }
            }
        }
    }

    private func deliverToViews() {
        var batches = ViewBatches()
        for touch in activeTouches {
            switch (touch.phase, touch.delivery) {
            case (.began, .toView):
                switch beganDecision(for: touch) {
                case .deliver: batches.add(touch, .began)
                case .hold: touch.delivery = .beganHeld
                case .drop: touch.delivery = .finished
                }
            case (.moved, .toView):
                batches.add(touch, .moved)
            case (.ended, .toView):
                decideEnd(of: touch, into: &batches)
            case (.cancelled, .toView), (.cancelled, .endedHeld):
                touch.delivery = .finished
                batches.add(touch, .cancelled)
            case (.cancelled, .beganHeld):
                touch.delivery = .finished
            default:
                break
            }
        }
        batches.deliver(with: event)
    }

    /// Stops following lifted and cancelled touches; those with a held delivery wait.
    private func finishInputTouches() {
        for touch in activeTouches where touch.isFinished {
            for recognizer in touch.recognizers {
                if recognizer.trackedTouches.contains(where: { $0 === touch }) {
                    recognizer.lastLocationInWindow = recognizer.centroidInWindow
                    recognizer.trackedTouches.removeAll { $0 === touch }
                }
            }
            if touch.delivery == .beganHeld || touch.delivery == .endedHeld { heldTouches.append(touch) }
        }
        activeTouches.removeAll { $0.isFinished }
    }

    // MARK: Delays and cancellation

    private enum Decision { case deliver, hold, drop }

    /// `delaysTouchesBegan`: hold while such a recognizer is undecided, drop once one recognized.
    private func beganDecision(for touch: Touch) -> Decision {
        var hold = false
        for recognizer in touch.recognizers where recognizer.delaysTouchesBegan && !touch.isIgnored(by: recognizer) {
            if recognizer.currentState.hasRecognized || recognizer.currentState == .cancelled { return .drop }
            if recognizer.currentState == .possible { hold = true }
        }
        return hold ? .hold : .deliver
    }

    /// `delaysTouchesEnded`: hold while such a recognizer is undecided; if one recognized, the
    /// view gets `touchesCancelled` instead of `touchesEnded`.
    private func decideEnd(of touch: Touch, into batches: inout ViewBatches) {
        var hold = false, cancel = false
        for recognizer in touch.recognizers where recognizer.delaysTouchesEnded && !touch.isIgnored(by: recognizer) {
            switch recognizer.currentState {
            case .possible: hold = true
            case .failed: break
            default: cancel = true
            }
        }
        if hold {
            touch.delivery = .endedHeld
        } else {
            touch.delivery = .finished
            batches.add(touch, cancel ? .cancelled : .ended)
        }
    }

    /// Releases held `touchesBegan` and `touchesEnded` whose recognizers have decided.
    private func releaseHeldDeliveries() {
        var batches = ViewBatches()
        for touch in activeTouches + heldTouches {
            if touch.delivery == .beganHeld {
                switch beganDecision(for: touch) {
                case .hold: continue
                case .drop: touch.delivery = .finished; continue
                case .deliver:
                    touch.delivery = .toView
                    batches.add(touch, .began, replayingBegin: true)
                    if touch.phase == .ended { decideEnd(of: touch, into: &batches) }
                    if touch.phase == .cancelled { touch.delivery = .finished; batches.add(touch, .cancelled) }
                }
            } else if touch.delivery == .endedHeld {
                decideEnd(of: touch, into: &batches)
            }
        }
        heldTouches.removeAll { $0.delivery == .finished || $0.delivery == .none }
        if !batches.isEmpty {
            event.allTouches = Set(activeTouches)
            batches.deliver(with: event)
        }
    }

    /// `cancelsTouchesInView`: the touches `recognizer` follows are cancelled in their views.
    private func cancelViewTouches(of recognizer: GestureRecognizer) {
        var batches = ViewBatches()
        for touch in activeTouches + heldTouches where touch.recognizers.contains(where: { $0 === recognizer })
            && !touch.isIgnored(by: recognizer) {
            switch touch.delivery {
            case .toView, .endedHeld:
                touch.delivery = .finished
                batches.add(touch, .cancelled)
            case .beganHeld:
                touch.delivery = .finished
            default:
                break
            }
        }
        batches.deliver(with: event)
    }
}

extension Touch {
    func isIgnored(by recognizer: GestureRecognizer) -> Bool {
        ignoredBy.contains(ObjectIdentifier(recognizer))
    }
}
