import CWaylandProtocols
import Testing
import TouchCore
@testable import OverlayClient

/// A tablet tool's events, frame by frame, as dispatcher calls: a pen is a contact only while
/// its tip touches.
@Suite struct PenFrameTests {
    @Test func hoveringIsNoContactAndATouchIsDownMovesUp() {
        var pen = PenFrame()
        pen.motion(to: Point(x: 10, y: 10))
        pen.pressure(0)
        #expect(pen.changes().isEmpty, "hovering takes no touch")
        pen.tipDown()
        pen.pressure(65535)
        #expect(pen.changes() == [.down(Point(x: 10, y: 10), force: 1)])
        pen.motion(to: Point(x: 20, y: 10))
        #expect(pen.changes() == [.move(Point(x: 20, y: 10), force: 1)], "the last pressure holds")
        #expect(pen.changes().isEmpty, "a frame with nothing new says nothing")
        pen.pressure(0)
        pen.tipUp()
        #expect(pen.changes() == [.move(Point(x: 20, y: 10), force: 0), .up])
        #expect(!pen.isTouching)
    }

    /// Where the pen hovers: in proximity without touching, following it; nothing while the
    /// tip touches, nothing once it left.
    @Test func theHoverIsWhereAnUntouchingPenIs() {
        var pen = PenFrame()
        #expect(pen.hover == nil)
        pen.motion(to: Point(x: 10, y: 10))
        _ = pen.changes()
        #expect(pen.hover == Point(x: 10, y: 10))
        pen.motion(to: Point(x: 12, y: 10))
        _ = pen.changes()
        #expect(pen.hover == Point(x: 12, y: 10))
        pen.tipDown()
        _ = pen.changes()
        #expect(pen.hover == nil, "touching: it draws, it does not hover")
        pen.tipUp()
        _ = pen.changes()
        #expect(pen.hover == Point(x: 12, y: 10), "lifted, still in proximity")
        pen.proximityOut()
        _ = pen.changes()
        #expect(pen.hover == nil)
    }

    @Test func aTapInsideOneFrameIsADownThenAnUp() {
        var pen = PenFrame()
        pen.motion(to: Point(x: 5, y: 6))
        pen.tipDown()
        pen.tipUp()
        #expect(pen.changes() == [.down(Point(x: 5, y: 6), force: nil), .up])
    }

    @Test func leavingProximityWhileTouchingLiftsAndForgetsThePosition() {
        var pen = PenFrame()
        pen.motion(to: Point(x: 5, y: 6))
        pen.tipDown()
        _ = pen.changes()
        pen.proximityOut()
        #expect(pen.changes() == [.up])
        pen.tipDown()
        #expect(pen.changes().isEmpty, "no down without a position on the surface")
    }

    @Test func eachToolTypeDrawsAsItsTouchType() {
        #expect(TabletTool.touchType(ofTool: ZWP_TABLET_TOOL_V2_TYPE_PEN.rawValue) == .pencil)
        #expect(TabletTool.touchType(ofTool: ZWP_TABLET_TOOL_V2_TYPE_PENCIL.rawValue) == .pencil)
        #expect(TabletTool.touchType(ofTool: ZWP_TABLET_TOOL_V2_TYPE_ERASER.rawValue) == .eraser)
        #expect(TabletTool.touchType(ofTool: ZWP_TABLET_TOOL_V2_TYPE_MOUSE.rawValue) == .indirectPointer)
        #expect(TabletTool.touchType(ofTool: ZWP_TABLET_TOOL_V2_TYPE_FINGER.rawValue) == .direct)
    }
}
