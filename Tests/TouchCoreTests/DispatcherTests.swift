import Testing
@testable import TouchCore

@MainActor @Suite struct DispatcherTests {
    @Test func touchStaysWithTheViewItBeganIn() {
        let h = Harness()
        let a = h.view("a", Rect(x: 0, y: 0, width: 100, height: 100))
        _ = h.view("b", Rect(x: 200, y: 0, width: 100, height: 100))
        h.down(1, Point(x: 50, y: 50), at: 0)
        h.move(1, Point(x: 250, y: 50), at: 0.01)  // into b
        h.up(1, at: 0.02)
        #expect(h.log.entries == ["a.began(1)", "a.moved(1)", "a.ended(1)"])
        #expect(a.beganLocations == [Point(x: 50, y: 50)])
    }

    @Test func restingFingerIsStationaryWhileAnotherMoves() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.isMultipleTouchEnabled = true
        h.dispatcher.down(id: 1, at: Point(x: 10, y: 10), time: 0)
        h.dispatcher.down(id: 2, at: Point(x: 100, y: 10), time: 0)
        h.dispatcher.frame()
        var phases: [Int: Touch.Phase] = [:]
        h.dispatcher.eventObserver = { event in
            for touch in event.allTouches { phases[touch.sourceID] = touch.phase }
        }
        h.move(1, Point(x: 20, y: 10), at: 0.01)
        #expect(phases == [1: .moved, 2: .stationary])
        #expect(h.log.entries == ["v.began(1,2)", "v.moved(1)"])
        let touch = h.dispatcher.activeTouches[0]
        #expect(touch.location(in: v) == Point(x: 20, y: 10))
        #expect(touch.previousLocation(in: v) == Point(x: 10, y: 10))
        #expect(touch.timestamp == 0.01)
    }

    @Test func singleTouchViewReceivesOnlyTheFirstTouch() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        #expect(v.isMultipleTouchEnabled == false)
        h.down(1, Point(x: 10, y: 10), at: 0)
        h.down(2, Point(x: 50, y: 50), at: 0.01)
        h.move(2, Point(x: 60, y: 60), at: 0.02)
        h.up(2, at: 0.03)
        h.up(1, at: 0.04)
        #expect(h.log.entries == ["v.began(1)", "v.ended(1)"])
        #expect(h.dispatcher.activeTouches.isEmpty)
    }

    @Test func exclusiveTouchBlocksOtherViews() {
        let h = Harness()
        let exclusive = h.view("x", Rect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        _ = h.view("o", Rect(x: 200, y: 0, width: 100, height: 100))
        h.down(1, Point(x: 10, y: 10), at: 0)
        h.down(2, Point(x: 210, y: 10), at: 0.01)  // blocked while x tracks a touch
        h.up(2, at: 0.02)
        h.up(1, at: 0.03)
        h.down(3, Point(x: 210, y: 10), at: 0.1)    // x is free now
        h.down(4, Point(x: 10, y: 10), at: 0.11)    // an exclusive view takes none while others track
        h.up(4, at: 0.12)
        h.up(3, at: 0.13)
        #expect(h.log.entries == ["x.began(1)", "x.ended(1)", "o.began(3)", "o.ended(3)"])
    }

    @Test func tapCountCountsQuickNearbyTaps() {
        let h = Harness()
        _ = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        var counts: [Int] = []
        h.dispatcher.eventObserver = { event in
            for touch in event.allTouches where touch.phase == .began { counts.append(touch.tapCount) }
        }
        h.tap(Point(x: 100, y: 100), at: 0)
        h.tap(Point(x: 105, y: 98), at: 0.2)       // quick and close: 2
        h.tap(Point(x: 102, y: 101), at: 0.4)      // 3
        h.tap(Point(x: 300, y: 100), at: 0.6)      // far away: 1
        h.tap(Point(x: 300, y: 100), at: 1.5)      // too late: 1
        #expect(counts == [1, 2, 3, 1, 1])
    }

    @Test func robustnessAgainstBrokenInput() {
        let h = Harness()
        _ = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        h.dispatcher.motion(id: 9, at: .zero, time: 0)
        h.dispatcher.up(id: 9, time: 0)
        h.dispatcher.frame()
        #expect(h.dispatcher.statistics.unknownMotions == 1)
        #expect(h.dispatcher.statistics.unknownUps == 1)
        #expect(h.dispatcher.statistics.emptyFrames == 1, "a frame with no changes sends nothing")
        #expect(h.dispatcher.statistics.framesDelivered == 0)

        h.down(1, Point(x: 10, y: 10), at: 0.1)
        h.down(1, Point(x: 20, y: 20), at: 0.2)   // already down: the old sequence is cancelled
        #expect(h.log.entries == ["v.began(1)", "v.cancelled(1)", "v.began(1)"])
        #expect(h.dispatcher.statistics.duplicateDowns == 1)

        h.up(1, at: 0.3)
        h.down(1, Point(x: 30, y: 30), at: 0.4)   // ids are reused after their up
        h.dispatcher.cancel()
        #expect(h.log.entries.suffix(3) == ["v.ended(1)", "v.began(1)", "v.cancelled(1)"])
        #expect(h.dispatcher.activeTouches.isEmpty)
    }

    @Test func cancellingSomeTouchesLeavesTheOthers() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        v.isMultipleTouchEnabled = true
        h.dispatcher.down(id: 1, at: Point(x: 5, y: 5), time: 0)
        h.dispatcher.down(id: 102, at: Point(x: 50, y: 5), time: 0)
        h.dispatcher.frame()
        h.dispatcher.cancel(ids: [102, 7])
        #expect(h.log.entries == ["v.began(1,102)", "v.cancelled(102)"])
        #expect(h.dispatcher.activeTouches.map(\.sourceID) == [1])
    }

    @Test func downAndUpInOneFrameStillBeginsFirst() {
        let h = Harness()
        _ = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        h.dispatcher.down(id: 1, at: Point(x: 5, y: 5), time: 0)
        h.dispatcher.up(id: 1, time: 0.001)
        h.dispatcher.frame()
        #expect(h.log.entries == ["v.began(1)", "v.ended(1)"])
    }

    @Test func contactShapeAndOrientation() {
        let h = Harness()
        _ = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        h.dispatcher.down(id: 1, at: Point(x: 5, y: 5), time: 0)
        h.dispatcher.shape(id: 1, major: 20, minor: 10)
        h.dispatcher.orientation(id: 1, angle: 0.5)
        h.dispatcher.frame()
        let touch = h.dispatcher.activeTouches[0]
        #expect(touch.majorRadius == 10 && touch.minorRadius == 5 && touch.orientation == 0.5)
        h.dispatcher.shape(id: 1, major: 30, minor: 12)
        h.dispatcher.frame()
        #expect(touch.majorRadius == 15 && touch.phase == .moved)
        #expect(touch.force == nil)
    }

    @Test func eventAccessors() {
        let h = Harness()
        let a = h.view("a", Rect(x: 0, y: 0, width: 100, height: 100))
        let b = h.view("b", Rect(x: 200, y: 0, width: 100, height: 100))
        h.dispatcher.down(id: 1, at: Point(x: 10, y: 10), time: 1)
        h.dispatcher.down(id: 2, at: Point(x: 210, y: 10), time: 1)
        h.dispatcher.frame()
        let event = h.dispatcher.event
        #expect(event.timestamp == 1)
        #expect(event.allTouches.count == 2)
        #expect(event.touches(for: a).map(\.sourceID) == [1])
        #expect(event.touches(for: b).map(\.sourceID) == [2])
        #expect(event.touches(for: h.window).count == 2)
        #expect(event.allTouches.allSatisfy { $0.window === h.window })
    }
}

/// No number from any source traps or reaches the views unbounded.
@MainActor @Suite struct HostileNumberTests {
    @Test func positionsAreClampedAndNaNIsDroppedAndCounted() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let dispatcher = TouchDispatcher(window: window, scheduler: ManualScheduler())
        dispatcher.down(id: 1, at: Point(x: 1e19, y: -.infinity), time: 0)
        dispatcher.down(id: 2, at: Point(x: .nan, y: 0), time: 0)
        dispatcher.shape(id: 1, major: 1e300, minor: .infinity)
        dispatcher.shape(id: 1, major: .nan, minor: 1)
        dispatcher.orientation(id: 1, angle: .infinity)
        dispatcher.frame()
        let touch = dispatcher.activeTouches.first
        #expect(dispatcher.activeTouches.count == 1)
        #expect(touch?.locationInWindow == Point(x: InputLimits.coordinate, y: -InputLimits.coordinate))
        #expect(touch?.majorRadius == InputLimits.contactAxis / 2)
        #expect(dispatcher.statistics.invalidValues == 3)
        dispatcher.motion(id: 1, at: Point(x: 5, y: 5), time: .infinity)
        dispatcher.up(id: 1, time: .nan)
        dispatcher.frame()
        #expect(dispatcher.activeTouches.isEmpty, "a touch with a bad time still ends")
    }
}

/// Pens: a touch's type is set when it goes down; its force is held to 0…1 and kept until the
/// next report, like a contact's shape.
@MainActor @Suite struct PenTouchTests {
    @Test func typeAndForceReachTheTouchAndForceIsHeldToItsRange() {
        let h = Harness()
        _ = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        h.dispatcher.down(id: 1, at: Point(x: 10, y: 10), time: 0, type: .pencil)
        h.dispatcher.force(id: 1, 0.4)
        h.dispatcher.frame()
        let touch = h.dispatcher.activeTouches[0]
        #expect(touch.type == .pencil && touch.force == 0.4)
        h.move(1, Point(x: 20, y: 10), at: 0.01)
        #expect(touch.force == 0.4, "kept until the next report")
        h.dispatcher.force(id: 1, 7)
        h.dispatcher.frame()
        #expect(touch.force == 1, "clamped to 1")
        h.dispatcher.force(id: 1, -.infinity)
        h.dispatcher.frame()
        #expect(touch.force == 0)
        h.dispatcher.force(id: 1, .nan)
        h.dispatcher.frame()
        #expect(touch.force == 0 && h.dispatcher.statistics.invalidValues == 1, "NaN is dropped and counted")
        h.dispatcher.force(id: 9, 0.5)
        #expect(h.dispatcher.statistics.unknownShapes == 1, "an unknown id is ignored and counted")
        h.up(1, at: 0.02)
        h.dispatcher.down(id: 2, at: Point(x: 10, y: 10), time: 0.03)
        h.dispatcher.frame()
        #expect(h.dispatcher.activeTouches[0].type == .direct && h.dispatcher.activeTouches[0].force == nil, "a finger unless told")
    }
}
