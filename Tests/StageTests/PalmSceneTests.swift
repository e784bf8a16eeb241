import Annotation
import Testing
import TestSupport
import TouchCore
import TouchlightConfig
@testable import Stage

/// Palm rejection as the overlay's scene draws a recorded trace: a contact larger than
/// `palm_size` shows nothing at all, and a finger beside a drawing pen leaves no ink but a
/// marker.
@MainActor @Suite struct PalmSceneTests {
    static func configuration(_ mode: PalmRule.Mode) -> Configuration {
        var configuration = Configuration()
        configuration.annotate.toolbar = false
        configuration.annotate.palm.mode = mode
        return configuration
    }

    /// Whether any frame has a pixel drawn within `radius` of (x, y).
    static func drawnNear(_ frames: [[UInt8]], x: Int, y: Int, radius: Int = 30) -> Bool {
        frames.contains { frame in
            (y - radius...y + radius).contains { py in (x - radius...x + radius).contains { frame[(py * 800 + $0) * 4 + 3] > 0 } }
        }
    }

    /// A palm (its contact 120 px long) drags across the top, a finger (16 px) across the bottom.
    static let palmAndFinger = try! TouchTrace(text: """
        touchlight-trace 4
        output 800 600 1
        0.0 set mode draw
        0.1 1 down 200 150 120 90 0
        0.1 2 down 200 450 16 14 0
        0.2 1 move 400 150 120 90 0
        0.2 2 move 400 450 16 14 0
        0.3 1 move 600 150 120 90 0
        0.3 2 move 600 450 16 14 0
        0.4 1 up 600 150
        0.4 2 up 600 450
        """)

    @Test func aContactLargerThanTheSizeShowsNothingAndAFingerDraws() {
        let (frames, renderer) = TraceRendererTests.rendered(Self.palmAndFinger, configuration: Self.configuration(.penAndSize))
        #expect(!Self.drawnNear(frames, x: 400, y: 150), "the palm showed a marker, ripple or ink")
        #expect(Self.drawnNear(frames, x: 400, y: 450), "the finger")
        #expect(renderer.scene.ink.document.strokes.count == 1)
        #expect(renderer.scene.dispatcher.statistics.palms == 1)
    }

    @Test func withPalmsByPenOnlyTheLargeContactIsAFinger() {
        let (frames, renderer) = TraceRendererTests.rendered(Self.palmAndFinger, configuration: Self.configuration(.pen))
        #expect(Self.drawnNear(frames, x: 400, y: 150))
        #expect(renderer.scene.ink.document.strokes.count == 2)
    }

    /// A pen draws along y 300 from 0.1 s to 1.0 s; a finger drags along y 100 meanwhile, and
    /// another at 1.7 s, 0.7 s after the pen lifted.
    @Test func aFingerBesideThePenShowsAMarkerButNoInk() throws {
        let trace = try TouchTrace(text: """
            touchlight-trace 4
            output 800 600 1
            0.0 set mode draw
            0.1 9 down 100 300 type=pencil force=0.5
            0.3 1 down 200 100
            0.4 1 move 400 100
            0.5 1 move 600 100
            0.6 1 up 600 100
            0.9 9 move 700 300 force=0.5
            1.0 9 up 700 300
            1.7 2 down 200 500
            1.8 2 move 400 500
            1.9 2 move 600 500
            2.0 2 up 600 500
            """)
        let (frames, renderer) = TraceRendererTests.rendered(trace, configuration: Self.configuration(.pen))
        let strokes = renderer.scene.ink.document.strokes
        #expect(strokes.map { Int($0.samples[0].point.y) } == [300, 500], "the pen's stroke and the later finger's, no palm ink")
        #expect(frames.indices.contains(27) && frames[27][(100 * 800 + 400) * 4 + 3] > 0, "0.45 s: the resting finger's marker shows")
        let last = try #require(frames.last)
        #expect(last[(100 * 800 + 400) * 4 + 3] == 0 && last[(300 * 800 + 400) * 4 + 3] > 0)
    }
}
