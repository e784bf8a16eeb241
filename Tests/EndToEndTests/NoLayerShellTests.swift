import Foundation
import Testing

/// A compositor without wlr-layer-shell (weston, Debian's, headless; GNOME is the other one
/// users meet): touchlight ends at once with one plain message naming what works there, and
/// doctor says the same.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Sway.which("weston") != nil, "SKIPPED LOUDLY: weston is not installed (scripts/install-deps test installs it)"))
    struct NoLayerShellTests {
        @Test func westonGetsOnePlainMessageAndDoctorAgrees() throws {
            let weston = try Weston()
            defer { weston.stop() }
            let (status, output) = try Sway.execute(Sway.touchlight.path, [], environment: weston.environment)
            #expect(status == 1)
            let lines = output.split(separator: "\n")
            #expect(lines.count == 1 && output.hasPrefix("touchlight: this compositor has no wlr-layer-shell"), "\(output)")
            #expect(output.contains("touchlight record touches.trace --no-overlay") && output.contains("--over screen.mp4")
                    && output.contains("Touch Points"), "\(output)")
            let (doctorStatus, report) = try Sway.execute(Sway.touchlight.path, ["doctor"], environment: weston.environment)
            #expect(doctorStatus == 0, "\(report)")
            #expect(report.contains("weston_desktop_shell"), "doctor spoke to weston: \(report)")
            #expect(report.contains("Layer shell: NOT offered: this compositor has no wlr-layer-shell") && report.contains("--no-overlay"), "\(report)")
        }
    }
}

/// weston with its headless backend, in a private runtime directory.
final class Weston {
    let process = Process()
    let runtime: URL
    let socket = "wayland-weston-\(getpid())"

    init() throws {
        runtime = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-weston-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        process.executableURL = URL(fileURLWithPath: Sway.which("weston")!)
        process.arguments = ["--backend=headless-backend.so", "--socket=\(socket)", "--idle-time=0", "--width=800", "--height=600"]
        process.environment = ["XDG_RUNTIME_DIR": runtime.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: runtime.appendingPathComponent(socket).path) {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw Sway.SwayError.commandFailed("weston did not start")
            }
            usleep(50_000)
        }
    }

    var environment: [String: String] {
        ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket, "HOME": runtime.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    func stop() {
        if process.isRunning { process.terminate() }
        waitForExit(process, timeout: 5)
        try? FileManager.default.removeItem(at: runtime)
    }
}
