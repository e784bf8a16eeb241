import Testing
@testable import TouchCore

/// `TouchDispatcher.largestContact`: a contact larger than it is a palm, as iOS and libinput
/// treat one, and a pen's contact never is.
@MainActor @Suite struct PalmTests {
    func harness(largest: Double? = 60) -> (Harness, RecordingView) {
        let h = Harness()
        let view = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        view.isMultipleTouchEnabled = true
        h.dispatcher.largestContact = largest
        return (h, view)
    }

    @Test func aPalmFromTheStartIsNeverDelivered() {
        let (h, _) = harness()
        h.dispatcher.down(id: 1, at: Point(x: 100, y: 100), time: 0)
        h.dispatcher.shape(id: 1, major: 90, minor: 70)
        h.dispatcher.frame()
        h.move(1, Point(x: 120, y: 100), at: 0.02)
        h.up(1, at: 0.05)
        #expect(h.log.entries.isEmpty)
        #expect(h.dispatcher.statistics.palms == 1 && h.dispatcher.statistics.unknownMotions == 0 && h.dispatcher.statistics.unknownUps == 0)
    }

    @Test func aContactThatGrowsIntoAPalmIsCancelledAndTheOthersGoOn() {
        let (h, _) = harness()
        h.dispatcher.down(id: 1, at: Point(x: 100, y: 100), time: 0)
        h.dispatcher.shape(id: 1, major: 12, minor: 10)
        h.dispatcher.down(id: 2, at: Point(x: 400, y: 100), time: 0)
        h.dispatcher.frame()
        h.dispatcher.motion(id: 1, at: Point(x: 110, y: 100), time: 0.02)
        h.dispatcher.shape(id: 1, major: 80, minor: 60)
        h.dispatcher.motion(id: 2, at: Point(x: 410, y: 100), time: 0.02)
        h.dispatcher.frame()
        h.move(1, Point(x: 130, y: 100), at: 0.04)
        h.up(1, at: 0.05)
        h.up(2, at: 0.06)
        #expect(h.log.entries == ["v.began(1,2)", "v.cancelled(1)", "v.moved(2)", "v.ended(2)"])
    }

    @Test func aPensContactAndSmallFingersAreNeverPalms() {
        let (h, _) = harness()
        h.dispatcher.down(id: 1, at: Point(x: 100, y: 100), time: 0, type: .pencil)
        h.dispatcher.down(id: 2, at: Point(x: 300, y: 100), time: 0)
        h.dispatcher.shape(id: 2, major: 59, minor: 40)
        h.dispatcher.frame()
        h.up(1, at: 0.1)
        h.up(2, at: 0.1)
        #expect(h.log.entries == ["v.began(1,2)", "v.ended(1)", "v.ended(2)"])
    }

    @Test func withoutALimitNothingIsAPalm() {
        let (h, _) = harness(largest: nil)
        h.dispatcher.down(id: 1, at: Point(x: 100, y: 100), time: 0)
        h.dispatcher.shape(id: 1, major: 300, minor: 300)
        h.dispatcher.frame()
        #expect(h.log.entries == ["v.began(1)"])
    }

    @Test func anIDLiftedAsAPalmIsAFingerAgainWhenItComesBackSmall() {
        let (h, _) = harness()
        h.dispatcher.down(id: 1, at: Point(x: 100, y: 100), time: 0)
        h.dispatcher.shape(id: 1, major: 90, minor: 70)
        h.dispatcher.frame()
        h.up(1, at: 0.05)
        h.down(1, Point(x: 200, y: 100), at: 0.2)
        h.up(1, at: 0.3)
        #expect(h.log.entries == ["v.began(1)", "v.ended(1)"])
    }
}

/// A trace's cancel of one touch (`5 cancel`, a palm the compositor took beside a pen) cancels
/// that one alone; `* cancel` every touch; both are written back as read.
@MainActor @Suite struct TraceCancelTests {
    @Test func aCancelWithAnIDCancelsThatTouchAlone() throws {
        let text = """
            touchlight-trace 4
            output 800 600 1
            0.1 1 down 100 100 type=pencil
            0.1 5 down 300 100
            0.2 5 cancel 0 0
            0.3 1 up 120 100
            0.4 2 down 100 300
            0.4 3 down 300 300
            0.5 * cancel 0 0
            """
        let trace = try TouchTrace(text: text)
        #expect(trace.events.filter { $0.phase == .cancel }.map(\.id) == [5, TouchTrace.Event.everyTouch])
        #expect(trace.text.contains("5 cancel") && trace.text.contains("* cancel"), "\(trace.text)")
        let h = Harness()
        let view = h.view("v", Rect(x: 0, y: 0, width: 800, height: 600))
        view.isMultipleTouchEnabled = true
        for time in [0.1, 0.2, 0.3, 0.4, 0.5] {
            TracePlayer.feed(trace.events.filter { $0.time == time }[...], into: h.dispatcher, timeOffset: 0)
        }
        #expect(h.log.entries == ["v.began(1,5)", "v.cancelled(5)", "v.ended(1)", "v.began(2,3)", "v.cancelled(2,3)"])
    }
}
