import Foundation
import Testing

extension EndToEnd {
    /// The libinput source's guard rails on a machine with no touchscreen (these test machines
    /// have no input devices at all): it refuses root, says plainly when there is no
    /// touchscreen, and falls back to wl_touch when configured to.
    @Suite(.serialized, .enabled(if: getuid() == 0 && Desktop.missingPrerequisite == nil,
                                 "SKIPPED LOUDLY: needs root (to run touchlight as both root and the test user) and sway"))
    struct LibinputSourceTests {
        /// Runs touchlight, as the unprivileged test user when `asUser`, and returns status and stderr.
        func touchlight(_ arguments: [String], asUser: Bool, environment: [String: String] = [:]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            let command = [Desktop.touchlight.path] + arguments
            process.arguments = asUser ? ["--reuid=\(Desktop.testUser)", "--regid=\(Desktop.testUser)", "--init-groups", "--"] + command
                : ["--"] + command
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"].merging(environment) { $1 }
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(waitForExit(process, timeout: 10))
            return (process.terminationStatus, text)
        }

        @Test func refusesToRunAsRoot() throws {
            let (status, text) = try touchlight(["--source", "libinput"], asUser: false)
            #expect(status == 1)
            #expect(text.contains("the libinput source does not run as root"), "\(text)")
            #expect(text.contains("scripts/install-udev-rule"))
        }

        @Test func noTouchscreenIsSaidPlainly() throws {
            let (status, text) = try touchlight(["--source", "libinput"], asUser: true)
            #expect(status == 1)
            #expect(text.contains("no touchscreen found: udev lists no input device tagged ID_INPUT_TOUCHSCREEN=1"), "\(text)")
        }

        @Test func fallsBackToWlTouchWhenConfigured() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let config = sway.runtimeDirectory.appendingPathComponent("touchlight.toml").path
            try "[input]\nsource = \"libinput\"\nfallback_to_wayland = true\n".write(toFile: config, atomically: true, encoding: .utf8)
            chmod(config, 0o644)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(Desktop.testUser)", "--regid=\(Desktop.testUser)", "--init-groups", "--", Desktop.touchlight.path, "--config", config]
            process.environment = sway.environment
            let err = Pipe()
            process.standardError = err
            try process.run()
            var text = waitForLine(in: err, containing: "logical px")  // its overlay is up
            #expect(process.isRunning, "it carries on")
            process.terminate()
            #expect(waitForExit(process, timeout: 5))
            text += String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(text.contains("no touchscreen found"))
            #expect(text.contains("falling back to wl_touch ([input] fallback_to_wayland)"))
            #expect(text.contains("overlay on output HEADLESS-1"))
            #expect(process.terminationStatus == 0)
        }
    }
}
