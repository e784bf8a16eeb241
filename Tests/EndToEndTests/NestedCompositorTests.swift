import Foundation
import HeadlessSession
import Testing

/// touchlight on Mir (miral-shell, the shell of Ubuntu Frame and Lomiri) and on KWin (KDE
/// Plasma's compositor), each nested in a headless sway and drawing with Mesa's llvmpipe: the
/// sway screenshot checks, with real pixels taken through the host.
extension EndToEnd {
    @Suite(.serialized)
    struct NestedCompositorTests {
        static let compositors = [Compositor.mir, .kwin]

        /// A real terminal under the overlay, a replayed drag: the marker and the pan cue show
        /// above it where the trace says, nothing else changes, and SIGTERM leaves nothing.
        @Test(arguments: compositors)
        func markersAboveATerminalAndNothingElse(on compositor: Compositor) throws {
            guard let desktop = try Desktop.started(compositor) else { return }
            defer { desktop.stop() }
            try desktop.start("foot", ["sh", "-c", "echo hello from foot; sleep 60"])
            usleep(2_500_000)
            let baseline = try desktop.screenshot("\(compositor)-terminal-alone")
            let log = Pipe(), protocolLog = desktop.runtimeDirectory.appendingPathComponent("wayland-debug.txt")
            let touchlight = try desktop.session.start([Desktop.touchlight.path, "--replay", SwayOverlayTests.trace, "--verbose"],
                                                       standardError: log, extraEnvironment: ["WAYLAND_DEBUG": "1"])
            usleep(2_800_000)
            let shot = try desktop.screenshot("\(compositor)-markers-above-terminal")
            #expect(SwayOverlayTests.isMarkerBlue(shot[530, 300]), "\(compositor): ring at (530, 300): \(shot[530, 300])")
            #expect(SwayOverlayTests.isMarkerBlue(shot[470, 300]), "\(compositor): ring at (470, 300): \(shot[470, 300])")
            let trail = shot[350, 300]
            #expect(trail.r > 150 && trail.g > 150 && trail.b > 150, "\(compositor): pan trail at (350, 300): \(trail)")
            let elsewhere = shot.differences(from: baseline, excluding: [(150, 250, 560, 350)])
            #expect(elsewhere.isEmpty, "\(compositor): \(elsewhere.count) pixels changed outside the marker and trail, first \(elsewhere.prefix(3))")

            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5), "\(compositor): touchlight did not exit on SIGTERM")
            #expect(touchlight.terminationStatus == 0)
            let printed = drain(log)
            try printed.write(to: protocolLog, atomically: true, encoding: .utf8)
            #expect(printed.contains("touch 1 began at (200, 300)"), "\(compositor): \(printed.suffix(2000))")
            #expect(!printed.contains("error"), "\(compositor): a protocol error: \(printed.components(separatedBy: "\n").filter { $0.contains("error") }.prefix(3))")
            // The overlay layer, and an input region with nothing in it: touches go to the apps.
            #expect(printed.contains(".get_layer_surface(") && printed.contains(", 3, \"touchlight\")"), "\(compositor): not on the overlay layer (3)")
            #expect(Self.inputRegionsAreEmpty(printed), "\(compositor): an input region with rectangles in \(protocolLog.path)")
            usleep(500_000)
            let after = try desktop.screenshot("\(compositor)-after-sigterm")
            #expect(after.differences(from: baseline).isEmpty, "\(compositor): an overlay pixel was left behind")
        }

        /// Started at scale 2: the overlay takes the output's scale and draws twice the pixels,
        /// and the host shows the nested output at its logical size, so the marker lands where
        /// it does at scale 1. (A scale *change* while running is not tested on these two:
        /// KWin's needs kscreen-doctor, which timed out here; see the README's table.)
        @Test(arguments: compositors)
        func scaleTwoKeepsTheLogicalGeometry(on compositor: Compositor) throws {
            guard let desktop = try Desktop.started(compositor, scale: 2) else { return }
            defer { desktop.stop() }
            let (_, report) = try Desktop.execute(Desktop.touchlight.path, ["doctor"], environment: desktop.environment)
            // KWin reports 1600×1200 px; Mir 2.12's nested output stays 800×600 px at scale 2.
            #expect(report.contains("logical 800×600, scale 2"), "\(compositor): \(report)")
            try desktop.session.start([Desktop.touchlight.path, "--replay", SwayOverlayTests.trace, "--quiet"])
            usleep(2_800_000)
            let shot = try desktop.screenshot("\(compositor)-scale-2")
            #expect(SwayOverlayTests.isMarkerBlue(shot[530, 300]), "\(compositor): ring at (530, 300): \(shot[530, 300])")
            #expect(SwayOverlayTests.isMarkerBlue(shot[470, 300]), "\(compositor): ring at (470, 300): \(shot[470, 300])")
            #expect(!SwayOverlayTests.isMarkerBlue(shot[500, 300]), "\(compositor): the ring's inside at (500, 300): \(shot[500, 300])")
        }

        /// Whether every `wl_surface.set_input_region` in a WAYLAND_DEBUG log is given a region
        /// that received no `wl_region.add` (region ids are reused after `destroy`).
        static func inputRegionsAreEmpty(_ log: String) -> Bool {
            var added = Set<String>()
            var sawOne = false
            for line in log.split(separator: "\n") {
                if let range = line.range(of: "wl_region@"), line.contains(".add(") || line.contains(".destroy(") {
                    let id = String(line[range.upperBound...].prefix { $0.isNumber })
                    if line.contains(".add(") { added.insert(id) } else { added.remove(id) }
                } else if line.contains(".set_input_region(wl_region@"), let range = line.range(of: "(wl_region@") {
                    sawOne = true
                    if added.contains(String(line[range.upperBound...].prefix { $0.isNumber })) { return false }
                }
            }
            return sawOne
        }
    }
}
