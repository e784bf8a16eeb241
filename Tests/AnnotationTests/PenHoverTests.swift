import Testing
import TouchCore
@testable import Annotation

/// How a trace writes a pen's hover, and reads it back.
@Suite struct PenHoverTests {
    @Test func aHoverRoundTripsThroughItsTraceValue() throws {
        for hover in [PenHover(point: Point(x: 300.25, y: 12), erases: false), PenHover(point: Point(x: -4.5, y: 0.01), erases: true)] {
            #expect(try PenHover.parse(settingValue: hover.settingValue) == hover, "\(hover.settingValue)")
        }
        #expect(PenHover(point: Point(x: 1.0 / 3, y: 2), erases: false).settingValue == "0.33,2.0,pen")
        #expect(try PenHover.parse(settingValue: "off") == nil)
    }

    @Test func otherValuesAreRefusedByName() {
        for value in ["", "1,2", "1,2,pencil", "x,2,pen", "1,2,pen,3", "nan,2,pen", "inf,2,eraser", "1;2;pen"] {
            #expect(throws: PenHoverValueError(value: value), "\(value)") { try PenHover.parse(settingValue: value) }
        }
    }
}
