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
