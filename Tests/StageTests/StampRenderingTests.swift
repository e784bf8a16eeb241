import Testing
import TestSupport
import TouchCore
@testable import Stage

/// Numbered stamps as `touchlight render` draws a recorded trace: a disc of the ink's colour
/// with its number over it, the numbers going on per tap and starting again after a reset.
@MainActor @Suite struct StampRenderingTests {
    /// Three taps with the stamp tool, a recorded `stamp reset`, and a fourth tap.
    static let trace = """
        touchlight-trace 4
        output 800 600 1
        0.0 set mode draw
        0.0 set tool stamp
        0.0 set width 8
        0.1 1 down 250 100
        0.15 1 up 250 100
        0.4 2 down 370 100
        0.45 2 up 370 100
        0.7 3 down 490 100
        0.75 3 up 490 100
        0.9 set stamp reset
        1.0 4 down 610 100
        1.05 4 up 610 100
        """

    /// Which pixels of the disc at `centre` are light (the number), as a pattern.
    static func number(in frame: [UInt8], at centre: (x: Int, y: Int), radius: Int = 18) -> [Bool] {
        var pattern: [Bool] = []
        for y in centre.y - radius...centre.y + radius {
            for x in centre.x - radius...centre.x + radius {
                let i = (y * 800 + x) * 4
                pattern.append(frame[i] > 200 && frame[i + 1] > 200 && frame[i + 2] > 200)
            }
        }
        return pattern
    }

    @Test func eachTapShowsTheNextNumberAndAResetStartsAgain() throws {
        let (frames, renderer) = TraceRendererTests.rendered(try TouchTrace(text: Self.trace))
        #expect(renderer.ignoredSettings.isEmpty, "\(renderer.ignoredSettings)")
        let last = try #require(frames.last)
        // A 48 px red disc (six widths) at each tap, nothing outside it.
        for x in [250, 370, 490, 610] {
            let edge = (100 * 800 + x + 20) * 4
            #expect(last[edge + 3] == 255 && last[edge] > 200 && last[edge + 1] < 90, "the disc at \(x)")
            #expect(last[(100 * 800 + x + 28) * 4 + 3] == 0, "nothing past the disc at \(x)")
        }
        let one = Self.number(in: last, at: (250, 100)), two = Self.number(in: last, at: (370, 100))
        let three = Self.number(in: last, at: (490, 100)), again = Self.number(in: last, at: (610, 100))
        #expect(one.filter { $0 }.count > 20, "the number is drawn in white over the red disc (\(one.filter { $0 }.count) pixels)")
        #expect(one != two && two != three && one != three, "three different numbers")
        #expect(again == one, "after the reset the next stamp is 1 again (\(zip(again, one).filter { $0 != $1 }.count) pixels differ)")
    }

    @Test func aStampOnALightInkHasADarkNumber() throws {
        let trace = try TouchTrace(text: """
            touchlight-trace 4
            output 800 600 1
            0.0 set mode draw
            0.0 set tool stamp
            0.0 set color fdd835
            0.0 set width 8
            0.1 1 down 300 100
            0.15 1 up 300 100
            """)
        let last = try #require(TraceRendererTests.frames(trace).last)
        var dark = 0
        for y in 85...115 {
            for x in 285...315 {
                let i = (y * 800 + x) * 4
                if last[i + 3] == 255, last[i] < 60, last[i + 1] < 60 { dark += 1 }
            }
        }
        #expect(dark > 20, "black digits on a yellow disc (\(dark) dark pixels)")
    }
}
