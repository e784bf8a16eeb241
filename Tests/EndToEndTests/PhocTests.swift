import Foundation
import HeadlessSession
import Testing

/// touchlight on phoc, Phosh's compositor (the shell of Linux phones and tablets), headless.
extension EndToEnd {
    @Suite(.serialized)
    struct PhocTests {
        /// Bug 29.13: phoc 0.24 dies (SIGSEGV in wl_list_remove) when a subsurface of a layer
        /// surface is unmapped with a NULL buffer or destroyed, and the sprite renderer did both:
        /// touchlight then lost its compositor about 1.25 s into a replay. Sprites are hidden
        /// with the transparent pixel now and live as long as their overlay: through a whole
        /// drag, its fade, a switch to the canvas by reload and back, and SIGTERM, phoc lives on.
        @Test func spritesNeverTakePhocDown() throws {
            guard let desktop = try Desktop.started(.phoc) else { return }
            defer { desktop.stop() }
            let baseline = try desktop.screenshot("phoc-empty")
            let config = desktop.runtimeDirectory.appendingPathComponent("touchlight.toml").path
            try "[performance]\nrenderer = \"sprites\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            let log = desktop.runtimeDirectory.appendingPathComponent("touchlight.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            defer { try? handle.close() }
            let touchlight = try desktop.session.start([Desktop.touchlight.path, "--config", config, "--replay", SwayOverlayTests.trace],
                                                       standardError: handle)
            usleep(2_800_000)
            let shot = try desktop.screenshot("phoc-sprites-marker")
            #expect(SwayOverlayTests.isMarkerBlue(shot[530, 300]), "the marker, as a sprite: \(shot[530, 300])")
            usleep(2_500_000)  // the drag has ended and its sprites have faded and gone
            #expect(touchlight.isRunning && kill(desktop.compositorPID, 0) == 0, "touchlight and phoc live after the sprites hid")
            try "[performance]\nrenderer = \"canvas\"\n".write(toFile: config + ".new", atomically: false, encoding: .utf8)
            rename(config + ".new", config)
            usleep(800_000)
            try "[performance]\nrenderer = \"sprites\"\n".write(toFile: config + ".new", atomically: false, encoding: .utf8)
            rename(config + ".new", config)
            usleep(800_000)
            #expect(touchlight.isRunning && kill(desktop.compositorPID, 0) == 0, "touchlight and phoc live after switching renderers")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5) && touchlight.terminationStatus == 0, "status \(touchlight.terminationStatus)")
            usleep(500_000)
            #expect(kill(desktop.compositorPID, 0) == 0, "phoc lives after the overlay went")
            let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(!printed.contains("lost the connection") && printed.contains("configuration reloaded"), "\(printed.suffix(1500))")
            #expect(try desktop.screenshot("phoc-after-sigterm").differences(from: baseline).isEmpty, "nothing left on screen")
        }
    }
}
