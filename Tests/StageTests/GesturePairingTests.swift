import Foundation
import Testing
import TouchCore
import TouchlightConfig
@testable import Stage
@testable import Visualizer

/// Three fingers down at once turn: the rotation follows the first two to go down, in id
/// order, in every scene. The event's set of touches iterates in the order of the touches'
/// addresses, and the gesture lens once fed new fingers in that order, so renders of one trace
/// in one process drew the rotation's arc around different pairs.
@MainActor
@Suite struct GesturePairingTests {
    static let trace: TouchTrace = {
        var lines = ["touchlight-trace 4", "output 800 600 1"]
        for step in 0...40 {
            let t = Double(step) / 60
            for finger in 0..<3 {
                let angle = 2 * Double.pi * (t / 1.5 + Double(finger) / 3)
                lines.append(String(format: "%.4f %d %@ %.2f %.2f", t, finger + 1, step == 0 ? "down" : "move",
                                    400 + 150 * cos(angle), 300 + 150 * sin(angle)))
            }
        }
        return try! TouchTrace(text: lines.joined(separator: "\n") + "\n")
    }()

    /// Where the rotation's arc is centred after `frames` frames of a fresh scene.
    static func rotationCentre(afterFrames frames: Int) -> Point? {
        let renderer = TraceRenderer(trace: trace, configuration: Configuration(), geometry: RenderGeometry(trace: trace), framesPerSecond: 60)
        for _ in 0..<frames { _ = renderer.prepareNextFrame() }
        return renderer.scene.window.visualizer.items.first { if case .arc = $0.shape { true } else { false } }?.center
    }

    @Test func everySceneRotatesAroundTheFirstTwoFingers() throws {
        // Fingers 1 and 2 start at 0° and 120° and have turned 144° by frame 36 (0.6 s).
        let turned = 2 * Double.pi * 0.6 / 1.5
        let first = Point(x: 400 + 150 * cos(turned), y: 300 + 150 * sin(turned))
        let second = Point(x: 400 + 150 * cos(turned + 2 * .pi / 3), y: 300 + 150 * sin(turned + 2 * .pi / 3))
        let expected = Point(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2)
        var centres: [Point] = []
        for _ in 0..<12 {
            let centre = try #require(Self.rotationCentre(afterFrames: 37), "no rotation arc by frame 36")
            centres.append(centre)
        }
        for centre in centres {
            #expect(centre.distance(to: expected) < 3, "the arc is centred at \(centre), not between fingers 1 and 2 at \(expected)")
        }
    }
}
