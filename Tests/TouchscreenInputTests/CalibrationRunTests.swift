import Testing
import TouchCore
@testable import TouchscreenInput

/// `touchlight calibrate`'s four targets, and what each touch does to the run.
struct CalibrationRunTests {
    static let size = Size(width: 800, height: 600)

    /// A touch the compositor delivered at `delivered` (logical px) whose panel position was `panel`.
    static func pair(panel: Point, delivered: Point, output: String = "eDP-1") -> TouchPairing.Pair {
        TouchPairing.Pair(panel: .init(device: "panel", output: "eDP-1", panel: panel, mapped: Point(x: panel.x * 800, y: panel.y * 600),
                                       time: 0, arrived: 0),
                          delivered: .init(output: output, point: delivered, milliseconds: 0, arrived: 0))
    }

    /// A compositor that turns the panel a quarter (x' = y, y' = 1 − x): four touches on the
    /// targets give that map, and how far touchlight's own (straight) mapping was off.
    @Test func fourTouchesOnTheTargetsGiveTheCompositorsMap() throws {
        var run = CalibrationRun(device: "panel", output: "eDP-1", size: Self.size)
        #expect(run.currentTarget == Point(x: 160, y: 120))
        var last: CalibrationRun.Progress?
        for target in CalibrationRun.targets {
            let panel = Point(x: 1 - target.y, y: target.x)  // the compositor's inverse
            last = run.add(Self.pair(panel: panel, delivered: Point(x: target.x * 800 + 1, y: target.y * 600)))
        }
        guard case .calibrated(let calibration, let miss) = last else { Issue.record("\(String(describing: last))"); return }
        let expected = [0.0, 1, 0, -1, 0, 1]
        #expect(zip(calibration.matrix, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(calibration.matrix)")
        #expect(miss < 1)
        #expect(run.formerMiss > 100 && run.currentTarget == nil)
    }

    /// A touch far from the target, or on another output, is not taken; four touches no one
    /// map explains start the run over.
    @Test func strayTouchesAreRefusedAndAnInconsistentRunStartsOver() {
        var run = CalibrationRun(device: "panel", output: "eDP-1", size: Self.size)
        #expect(run.add(Self.pair(panel: Point(x: 0.5, y: 0.5), delivered: Point(x: 400, y: 300))) == .missed(by: Point(x: 400, y: 300).distance(to: Point(x: 160, y: 120))))
        #expect(run.add(Self.pair(panel: Point(x: 0.2, y: 0.2), delivered: Point(x: 160, y: 120), output: "HDMI-A-1")) == .wrongOutput("HDMI-A-1"))
        #expect(run.step == 1)
        // The panel says the same place each time; the compositor's places differ.
        var last: CalibrationRun.Progress?
        for (index, target) in CalibrationRun.targets.enumerated() {
            let panel = index == 3 ? Point(x: 0.9, y: 0.1) : target
            last = run.add(Self.pair(panel: panel, delivered: Point(x: target.x * 800, y: target.y * 600)))
        }
        guard case .inconsistent(let miss) = last else { Issue.record("\(String(describing: last))"); return }
        #expect(miss > CalibrationRun.tolerance)
        #expect(run.step == 1 && run.currentTarget == Point(x: 160, y: 120) && run.formerMiss == 0)
    }
}
