import Foundation
import HeadlessSession
import Testing
import TouchCore
import TouchscreenInput

/// Where a compositor puts a touchscreen's touches, against where touchlight's libinput source
/// puts the same touches. One session plays the same taps into two emulated copies of one
/// touchscreen at once, each in its own umockdev testbed (one process cannot share an emulated
/// device with another: a second reader gets nothing):
/// - the compositor reads one through its own libinput backend, applying its settings
///   (transforms, `map_to_output`, `calibration_matrix`), and delivers the taps as wl_touch to
///   a touchlight recording in capture mode;
/// - a second touchlight reads the other with `--source libinput` and records where its own
///   mapping puts them. Its overlay takes no input, so the taps pass it to the first.
struct MappingComparison {
    /// Four taps spread over the panel (0…1 of each axis), none on a line with two others.
    static let taps: [(x: Double, y: Double)] = [(0.2, 0.2), (0.8, 0.25), (0.75, 0.8), (0.3, 0.65)]

    /// The panel events of `taps`: each down for 0.1 s, one every 0.25 s.
    static func events(_ taps: [(x: Double, y: Double)] = taps) -> String {
        let frames = taps.enumerated().flatMap { index, tap -> [(Double, [EmulatedTouchscreen.Contact])] in
            let position = EmulatedPanel.position(of: tap, on: (1, 1))  // 0…1 of the panel
            let start = Double(index) * 0.25
            return [(start, [.init(slot: 0, position: position)]), (start + 0.1, [.init(slot: 0, position: nil)])]
        }
        return EmulatedTouchscreen.events(base: EmulatedPanel.baseTime(), delay: 0.3, frames: frames)
    }

    /// `touchlight calibrate` in a session `start` makes, touched where the compositor
    /// delivers each target when it maps the panel with `matrix` (0…1 of the panel to 0…1 of
    /// the output, as libinput writes it), and how far touchlight's mapping was off before
    /// (the worst touch, logical px). The state file it left is returned.
    static func calibrate(in start: () throws -> EmulatedPanel?, matrix: [Double], config: String = "") throws -> (state: String, formerMiss: Double)? {
        guard let panel = try start() else { return nil }
        defer { panel.stop() }
        let taps = CalibrationRun.targets.map { panelPoint(for: ($0.x, $0.y), matrix: matrix) }
        let events = events(taps)
        let session = try EmulatedTouchscreen.start(on: panel.desktop, events: events, config: config, calibrate: true)
        try panel.play(events)
        #expect(session.waitFor("calibrated Touchlight Test Touchscreen"), "\(session.printed.suffix(2500))")
        let run = session.finish(afterTouchesEnd: taps.count)
        #expect(run.status == 0, "\(run.stderr.suffix(1500))")
        let miss = run.stderr.firstRange(of: "so far missed by up to ").flatMap { found in
            Double(run.stderr[found.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        guard let state = run.state, let miss else {
            Issue.record("no calibration: \(run.stderr.suffix(1500))")
            return nil
        }
        return (state, miss)
    }

    /// Where on the panel (0…1) to touch for a compositor applying libinput calibration
    /// `matrix` to deliver the touch at `target` (0…1 of its output): the matrix's inverse.
    static func panelPoint(for target: (x: Double, y: Double), matrix m: [Double]) -> (x: Double, y: Double) {
        let (u, v) = (target.x - m[2], target.y - m[5])
        let determinant = m[0] * m[4] - m[1] * m[3]
        return ((m[4] * u - m[1] * v) / determinant, (m[0] * v - m[3] * u) / determinant)
    }

    /// The downs of both recordings, in the order the taps were played.
    struct Result {
        let delivered: [Point]
        let mapped: [Point]
        /// What the libinput touchlight printed (where it mapped the touchscreen).
        let printed: String

        /// The largest distance between a tap's two positions (logical px); infinity when a
        /// recording misses taps.
        var largestOffset: Double {
            guard delivered.count == mapped.count, !delivered.isEmpty else { return .infinity }
            return zip(delivered, mapped).map { $0.distance(to: $1) }.max() ?? .infinity
        }

        var description: String {
            "delivered \(delivered.map { "(\(Int($0.x.rounded())), \(Int($0.y.rounded())))" }), "
                + "mapped \(mapped.map { "(\(Int($0.x.rounded())), \(Int($0.y.rounded())))" })"
        }
    }

    /// Plays `events` into `panel` (whose compositor is set up as the case wants) and into
    /// touchlight's libinput source with `config` and `state`, and returns both recordings.
    static func run(on panel: EmulatedPanel, events: String = events(), taps: Int = taps.count, config: String = "",
                    state: String? = nil) throws -> Result {
        let desktop = panel.desktop
        let trace = desktop.runtimeDirectory.appendingPathComponent("delivered-\(UUID().uuidString.prefix(6)).trace").path
        let log = Pipe()
        let capture = try desktop.start(Desktop.touchlight.path, ["record", trace, "--verbose"], stderr: log)
        var printed = waitForLine(in: log, containing: "first frame committed")
        let libinput = try EmulatedTouchscreen.start(on: desktop, events: events, config: config, state: state, beside: true)
        try panel.play(events)
        printed += waitForLine(in: log, containing: " ended at ", times: taps)
        let run = libinput.finish(afterTouchesEnd: taps)
        capture.terminate()
        printed += waitForExit(capture, timeout: 5) ? drain(log) : "did not exit"
        #expect(capture.terminationStatus == 0 && run.status == 0, "capture: \(printed.suffix(800))\nlibinput: \(run.stderr.suffix(800))")
        func downs(_ text: String) -> [Point] {
            ((try? TouchTrace(text: text))?.events ?? []).filter { $0.phase == .down }.map { Point(x: $0.x, y: $0.y) }
        }
        let delivered = downs((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "")
        return Result(delivered: delivered, mapped: downs(run.trace), printed: run.stderr)
    }
}
