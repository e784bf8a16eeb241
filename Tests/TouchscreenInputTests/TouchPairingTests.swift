import Testing
import TouchCore
@testable import TouchscreenInput

/// The two sightings of a touch (libinput's and wl_touch's) find each other by their stamps.
struct TouchPairingTests {
    static func panel(at time: Double, arrived: Double, output: String = "eDP-1") -> TouchPairing.PanelTouch {
        .init(device: "panel", output: output, panel: Point(x: 0.5, y: 0.5), mapped: Point(x: 100, y: 100), time: time, arrived: arrived)
    }

    static func delivered(_ milliseconds: UInt32, arrived: Double) -> TouchPairing.DeliveredTouch {
        .init(output: "eDP-1", point: Point(x: 101, y: 99), milliseconds: milliseconds, arrived: arrived)
    }

    /// The compositor's stamp is the event's time in milliseconds: matched whichever comes
    /// first, and among several waiting touches the one with that stamp.
    @Test func stampsMatchInEitherOrder() {
        var pairing = TouchPairing()
        #expect(pairing.add(Self.panel(at: 12.3456, arrived: 1)) == nil)
        #expect(pairing.add(Self.panel(at: 12.5, arrived: 1.01)) == nil)
        let second = pairing.add(Self.delivered(12_500, arrived: 1.02))
        #expect(second?.panel.time == 12.5)
        let first = pairing.add(Self.delivered(12_345, arrived: 1.02))
        #expect(first?.panel.time == 12.3456 && first?.delivered.milliseconds == 12_345)
        #expect(pairing.add(Self.delivered(20_000, arrived: 1.03)) == nil)
        #expect(pairing.add(Self.panel(at: 20.0009, arrived: 1.04))?.delivered.milliseconds == 20_000)
    }

    /// wl_touch's milliseconds wrap at 2³²; libinput's microseconds go on.
    @Test func stampsMatchAcrossTheWrap() {
        let seconds = Double(UInt64(1) << 32) / 1000 + 0.0015  // 1.5 ms past the wrap
        #expect(TouchPairing.sameStamp(seconds, 1))
        #expect(TouchPairing.sameStamp(seconds - 0.003, UInt32.max))
        #expect(!TouchPairing.sameStamp(seconds, 100))
        #expect(!TouchPairing.sameStamp(.nan, 0) && !TouchPairing.sameStamp(-1, 0) && !TouchPairing.sameStamp(.infinity, 0))
    }

    /// A compositor stamping on another clock: one touch each, arriving together, pair; two
    /// waiting, or far apart in arrival, do not (which would be a guess).
    @Test func withoutStampsOnlyALonePairIsMatched() {
        var pairing = TouchPairing()
        #expect(pairing.add(Self.panel(at: 5, arrived: 2)) == nil)
        #expect(pairing.add(Self.delivered(999_999, arrived: 2.01)) != nil)
        #expect(pairing.add(Self.panel(at: 6, arrived: 3)) == nil)
        #expect(pairing.add(Self.delivered(999_999, arrived: 3.2)) == nil)
        var crowded = TouchPairing()
        _ = crowded.add(Self.panel(at: 7, arrived: 4))
        _ = crowded.add(Self.panel(at: 7.001, arrived: 4))
        #expect(crowded.add(Self.delivered(1, arrived: 4.005)) == nil)
    }

    /// A sighting whose partner never comes (a touch the compositor sent elsewhere) is
    /// forgotten, and cannot pair with a later touch of the same stamp.
    @Test func anUnmatchedSightingIsForgotten() {
        var pairing = TouchPairing()
        #expect(pairing.add(Self.panel(at: 8, arrived: 1)) == nil)
        #expect(pairing.add(Self.delivered(8_000, arrived: 1 + TouchPairing.patience + 0.1)) == nil)
    }
}

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
