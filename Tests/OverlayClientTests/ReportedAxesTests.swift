import Testing
@testable import OverlayClient

/// What `doctor` reads from a touchscreen's ABS bitmask: contact size and the palm tool.
@Suite struct ReportedAxesTests {
    @Test func theBitsAreReadFromTheRightWords() {
        let both = Touchscreens.ReportedAxes(bitmask: "2e1800000000003")  // the emulated panel's
        #expect(both.contactSize && both.palmTool)
        let neither = Touchscreens.ReportedAxes(bitmask: "260800000000003")  // slot, position, tracking id only
        #expect(!neither.contactSize && !neither.palmTool)
        let twoWords = Touchscreens.ReportedAxes(bitmask: "1 80000000000000")  // bit 64, then ABS_MT_TOOL_TYPE alone
        #expect(!twoWords.contactSize && twoWords.palmTool)
        let garbage = Touchscreens.ReportedAxes(bitmask: "zz")
        #expect(!garbage.contactSize && !garbage.palmTool)
    }
}
