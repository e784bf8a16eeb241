/// The arbiter of one multi-touch sequence: every recognizer that sees a touch of the sequence
/// is a member, and every transition out of `.possible` is decided here, in one place.
///
/// The rules (UIKit's):
/// - **Failure requirements.** A recognizer that requires another member to fail
///   (`require(toFail:)`, `shouldRequireFailure(of:)`, `shouldBeRequiredToFail(by:)` or the
///   delegates' versions) and asks to recognize while that member is undecided is held
///   (`pendingState`). When the member fails, the held transition is tried again; when it
///   recognizes, the held recognizer fails. Requirements on recognizers that are not members
///   are ignored, as UIKit ignores recognizers outside the event.
/// - **Exclusion.** Members *compete* when they saw a common touch. When one recognizes, every
///   competing member it can prevent (`canPrevent` / `canBePrevented(by:)`) fails, or is
///   cancelled if in progress, unless a delegate allows simultaneous recognition. A member
///   cannot begin while a competing member that prevents it is in progress.
/// - **shouldBegin.** The view's and the delegate's `gestureRecognizerShouldBegin` are asked
///   last, on the way out of possible; false means failed.
/// - **Sweep.** When the sequence has no touches left, members still possible with nothing to
///   wait for (no timer, no pending state) fail, and in-progress ones that did not end are
///   cancelled, so nothing waits forever.
///
/// The arena needs no views: tests drive it with bare recognizers and touch keys.
@MainActor
final class GestureArena {
    private(set) var members: [GestureRecognizer] = []
    /// Called after a recognizer recognized (began or ended from possible): the router cancels
    /// the touches in its view.
    var onRecognized: ((GestureRecognizer) -> Void)?
    /// Told why each decision went the way it did (for `--verbose`); nil costs nothing.
    var explain: ((GestureRecognizer, @autoclosure () -> String) -> Void)?

    init() {}

    var isEmpty: Bool { members.isEmpty }

    /// Makes `recognizer` a member that saw the touch identified by `touchKey`.
    func admit(_ recognizer: GestureRecognizer, touchKey: ObjectIdentifier) {
        recognizer.seenTouches.insert(touchKey)
        if recognizer.arena !== self {
            recognizer.arena = self
            members.append(recognizer)
        }
    }

    func remove(_ recognizer: GestureRecognizer) {
        members.removeAll { $0 === recognizer }
        if recognizer.arena === self { recognizer.arena = nil }
    }

    // MARK: Relations

    func requiresFailure(_ waiter: GestureRecognizer, of other: GestureRecognizer) -> Bool {
        waiter.failureRequirements.contains { $0.value === other }
            || waiter.shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: waiter)
            || waiter.delegate?.gestureRecognizer(waiter, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: waiter) == true
    }

    func recognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    func competes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        !a.seenTouches.isDisjoint(with: b.seenTouches)
    }

    /// Whether `winner` recognizing makes `loser` fail (or cancels it).
    func prevents(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
        competes(winner, loser) && winner.canPrevent(loser) && loser.canBePrevented(by: winner)
            && !recognizeSimultaneously(winner, loser)
    }

    // MARK: Transitions

    /// A legal transition asked for by `recognizer` (its setter checked legality).
    func handle(_ recognizer: GestureRecognizer, to next: State) {
        if recognizer.currentState == .possible {
            if next == .began || next == .ended {
                resolve(recognizer, wanting: next)
            } else {
                fail(recognizer)
            }
        } else if next == .cancelled {
            cancel(recognizer)
        } else {
            recognizer.currentState = next
            recognizer.fireActions()
        }
    }

    typealias State = GestureRecognizer.State

    private func resolve(_ recognizer: GestureRecognizer, wanting target: State) {
        let blockers = members.filter { $0 !== recognizer && requiresFailure(recognizer, of: $0) }
        if let winner = blockers.first(where: { $0.currentState.hasRecognized }) {
            explain?(recognizer, "failed: it requires \(Self.name(winner)) to fail, and that recognized")
            fail(recognizer)
            return
        }
        if let undecided = blockers.first(where: { $0.currentState == .possible }) {
            explain?(recognizer, "waits: it requires \(Self.name(undecided)) to fail, which is still possible")
            recognizer.pendingState = target
            return
        }
        if let blocker = members.first(where: { $0 !== recognizer && $0.currentState.isInProgress && prevents($0, recognizer) }) {
            explain?(recognizer, "failed: \(Self.name(blocker)) is in progress on the same touches and prevents it")
            fail(recognizer)
            return
        }
        guard recognizer.shouldBegin() else {
            explain?(recognizer, "failed: shouldBegin (its view or delegate) said no")
            fail(recognizer)
            return
        }
        explain?(recognizer, "recognized (\(target))")
        commit(recognizer, to: target)
    }

    /// A recognizer as diagnostics name it: its name, else its type and its view's type.
    static func name(_ recognizer: GestureRecognizer) -> String {
        if let name = recognizer.name { return name }
        let type = String(describing: Swift.type(of: recognizer))
        return recognizer.view.map { "\(type) on \(Swift.type(of: $0))" } ?? type
    }

    private func commit(_ recognizer: GestureRecognizer, to target: State) {
        recognizer.pendingState = nil
        recognizer.currentState = target
        // Settle the competitors first, so the winner's actions see a decided arena.
        for other in members where other !== recognizer {
            if other.pendingState != nil, requiresFailure(other, of: recognizer) {
                explain?(other, "failed: it was waiting for \(Self.name(recognizer)) to fail, and that recognized")
                fail(other)
            } else if other.currentState == .possible || other.currentState.isInProgress,
                      prevents(recognizer, other) {
                explain?(other, "\(other.currentState == .possible ? "failed" : "cancelled"): \(Self.name(recognizer)) recognized on the same touches and prevents it")
                other.currentState == .possible ? fail(other) : cancel(other)
            }
        }
        recognizer.fireActions()
        onRecognized?(recognizer)
    }

    /// Moves a possible recognizer to failed and retries the transitions that waited on it.
    func fail(_ recognizer: GestureRecognizer) {
        guard recognizer.currentState == .possible else { return }
        recognizer.pendingState = nil
        recognizer.currentState = .failed
        recognizer.cancelTimer()
        retryPending()
    }

    func cancel(_ recognizer: GestureRecognizer) {
        guard recognizer.currentState.isInProgress else { return }
        recognizer.currentState = .cancelled
        recognizer.cancelTimer()
        recognizer.fireActions()
    }

    private func retryPending() {
        for waiter in members {
            if let target = waiter.pendingState, waiter.currentState == .possible {
                resolve(waiter, wanting: target)
            }
        }
    }

    /// Ends a member's part in the sequence: in progress → cancelled, possible → failed.
    func abandon(_ recognizer: GestureRecognizer) {
        if recognizer.currentState.isInProgress { cancel(recognizer) } else { fail(recognizer) }
    }

    /// Settles what can no longer change once the sequence has no touches (see the type's notes).
    func sweep() {
        for member in members {
            if member.currentState == .possible, member.pendingState == nil, member.timer == nil {
                explain?(member, "failed: every touch ended before it recognized")
                fail(member)
            } else if member.currentState.isInProgress, member.trackedTouches.isEmpty {
                cancel(member)
            }
        }
    }

    /// Resets the members that are final and hold no touch; they leave the arena. A member
    /// for which `isStillNeeded` is true (a held delivery still depends on its outcome) waits.
    func resetFinishedMembers(unless isStillNeeded: (GestureRecognizer) -> Bool = { _ in false }) {
        for member in members where member.currentState.isFinal && member.trackedTouches.isEmpty
            && !isStillNeeded(member) {
            remove(member)
            member.performReset()
        }
    }

    /// A transition of a recognizer that belongs to no arena: only `shouldBegin` is asked.
    static func handleAlone(_ recognizer: GestureRecognizer, to next: State) {
        if recognizer.currentState == .possible, next == .began || next == .ended, !recognizer.shouldBegin() {
            recognizer.currentState = .failed
            return
        }
        recognizer.currentState = next
        if next != .failed { recognizer.fireActions() }
    }
}
