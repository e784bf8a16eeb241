import Testing
@testable import TouchCore
import Visualizer

/// The arbiter on its own: bare recognizers, no views, no touches — only touch keys.
@MainActor @Suite struct GestureArenaTests {
    final class Key {}
    let arena = GestureArena()
    let t1 = Key(), t2 = Key()

    func member(_ name: String, _ log: CallLog, touch: Key? = nil) -> GestureRecognizer {
        let r = GestureRecognizer { r in log.add("\(name):\(r.state)") }
        arena.admit(r, touchKey: ObjectIdentifier(touch ?? t1))
        return r
    }

    @Test func recognizingPreventsCompetitors() {
        let log = CallLog()
        let a = member("a", log), b = member("b", log)
        a.state = .recognized
        #expect(a.state == .ended && b.state == .failed)
        #expect(log.entries == ["a:ended"])
    }

    @Test func inProgressCompetitorIsCancelledAndBlocksLateBeginners() {
        let log = CallLog()
        let pan = member("pan", log)
        let other = member("other", log)
        pan.state = .began
        #expect(other.state == .failed)
        let late = member("late", log)
        late.state = .began
        #expect(late.state == .failed, "cannot begin while a competitor that prevents it is in progress")
        #expect(log.entries == ["pan:began"])
    }

    @Test func membersWithoutCommonTouchesDoNotCompete() {
        let log = CallLog()
        let a = member("a", log, touch: t1), b = member("b", log, touch: t2)
        a.state = .began
        b.state = .began
        #expect(a.state == .began && b.state == .began)
    }

    @Test func simultaneousRecognitionThroughTheDelegate() {
        final class Both: GestureRecognizerDelegate {
            func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { true }
        }
        let log = CallLog(), delegate = Both()
        let a = member("a", log), b = member("b", log)
        b.delegate = delegate  // either side's delegate is enough
        a.state = .began
        b.state = .began
        #expect(a.state == .began && b.state == .began)
    }

    @Test func preventionOverridesAreAsked() {
        final class Meek: GestureRecognizer {
            override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
        }
        final class Stubborn: GestureRecognizer {
            override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
        }
        let meek = Meek(), stubborn = Stubborn(), plain = GestureRecognizer()
        for r in [meek, stubborn, plain] { arena.admit(r, touchKey: ObjectIdentifier(t1)) }
        meek.state = .began
        #expect(plain.state == .possible && stubborn.state == .possible)
        plain.state = .recognized  // meek is in progress but cannot prevent: plain may recognize
        #expect(plain.state == .ended)
        #expect(meek.state == .cancelled, "plain prevents meek")
        #expect(stubborn.state == .possible, "stubborn cannot be prevented")
    }

    @Test func failureRequirementHoldsThenFiresWhenTheOtherFails() {
        let log = CallLog()
        let single = member("single", log), double = member("double", log)
        single.require(toFail: double)
        single.state = .recognized
        #expect(single.state == .possible && single.pendingState == .ended, "held while double is undecided")
        #expect(log.entries.isEmpty)
        double.state = .failed
        #expect(single.state == .ended)
        #expect(log.entries == ["single:ended"])
    }

    @Test func failureRequirementFailsWhenTheOtherRecognizes() {
        let log = CallLog()
        let single = member("single", log), double = member("double", log)
        single.require(toFail: double)
        single.state = .recognized
        double.state = .recognized
        #expect(single.state == .failed && double.state == .ended)
        #expect(log.entries == ["double:ended"])
    }

    @Test func requirementsFromSubclassesAndDelegates() {
        final class Waits: GestureRecognizer {
            weak var target: GestureRecognizer?
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other === target }
        }
        final class Demands: GestureRecognizerDelegate {
            weak var waiter: GestureRecognizer?
            func gestureRecognizer(_ g: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool { o === waiter }
        }
        let blocker = GestureRecognizer(), waits = Waits(), viaDelegate = GestureRecognizer()
        waits.target = blocker
        let demands = Demands()
        demands.waiter = viaDelegate
        blocker.delegate = demands
        for r in [blocker, waits, viaDelegate] { arena.admit(r, touchKey: ObjectIdentifier(t1)) }
        #expect(arena.requiresFailure(waits, of: blocker))
        #expect(arena.requiresFailure(viaDelegate, of: blocker))
        #expect(!arena.requiresFailure(blocker, of: waits))
        waits.state = .recognized
        viaDelegate.state = .recognized
        #expect(waits.pendingState != nil && viaDelegate.pendingState != nil)
        blocker.state = .failed
        // Both were released; the first to resolve prevents the other (they compete).
        #expect(waits.state == .ended && viaDelegate.state == .failed)
    }

    @Test func requirementOnANonMemberIsIgnored() {
        let outsider = GestureRecognizer()
        let r = GestureRecognizer()
        arena.admit(r, touchKey: ObjectIdentifier(t1))
        r.require(toFail: outsider)
        r.state = .recognized
        #expect(r.state == .ended)
    }

    @Test func shouldBeginFalseMeansFailed() {
        final class No: GestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { false }
        }
        let no = No()
        let r = GestureRecognizer()
        r.delegate = no
        arena.admit(r, touchKey: ObjectIdentifier(t1))
        r.state = .began
        #expect(r.state == .failed)
    }

    @Test func sweepSettlesWhatCanNoLongerChange() {
        let log = CallLog()
        let t3 = Key()
        let idle = member("idle", log)
        let stuck = member("stuck", log, touch: t2)
        let waiter = member("waiter", log, touch: t3)
        waiter.require(toFail: idle)
        stuck.state = .began
        waiter.state = .recognized
        #expect(waiter.pendingState == .ended)
        arena.sweep()
        #expect(idle.state == .failed, "possible with nothing left to wait for")
        #expect(stuck.state == .cancelled, "in progress with no touches left")
        #expect(waiter.state == .ended, "released when idle failed")
        #expect(log.entries == ["stuck:began", "waiter:ended", "stuck:cancelled"])
        arena.resetFinishedMembers()
        #expect(arena.isEmpty)
        #expect([idle, stuck, waiter].allSatisfy { $0.state == .possible })
    }
}

/// `--verbose` can say why a gesture won or lost: the arena explains every decision.
@MainActor @Suite struct ArenaDiagnosticsTests {
    @Test func aFlickExplainsWhyThePanLostToTheSwipe() throws {
        let h = Harness()
        let canvas = View(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        canvas.isMultipleTouchEnabled = true
        h.window.addSubview(canvas)
        let gestures = StandardGestureSet()
        gestures.install(on: canvas)
        var explained: [String] = []
        h.dispatcher.explainGestures = { recognizer, reason in explained.append("\(recognizer.name ?? "?") \(reason)") }
        // A fast flick to the left: a swipe, and the pan that waited for it fails.
        h.dispatcher.down(id: 1, at: Point(x: 600, y: 300), time: 0)
        h.dispatcher.frame()
        for step in 1...6 {
            h.scheduler.advance(to: Double(step) * 0.016)
            h.dispatcher.motion(id: 1, at: Point(x: 600 - Double(step) * 60, y: 300), time: Double(step) * 0.016)
            h.dispatcher.frame()
        }
        h.dispatcher.up(id: 1, time: 0.11)
        h.dispatcher.frame()
        h.scheduler.advance(to: 1)
        #expect(explained.contains("pan waits: it requires swipe to fail, which is still possible"), "\(explained)")
        #expect(explained.contains("swipe recognized (ended)"), "\(explained)")
        #expect(explained.contains("pan failed: it was waiting for swipe to fail, and that recognized"), "\(explained)")
    }
}
