import Foundation
import HeadlessSession
import Testing

/// GNOME, where no overlay can show (no wlr-layer-shell): what works there is recording the
/// touchscreen without an overlay while the screen is recorded, then laying the touches over
/// the recording. Proven here on gnome-shell 43 itself, headless: touchlight records an
/// emulated touchscreen (`record --no-overlay`, umockdev) while GNOME runs, and `render --over`
/// puts the finger where it touched on a recording of GNOME's screen, at the moment it touched,
/// aligned by the clocks alone.
///
/// The screen recording is made of GNOME's own screenshot (org.gnome.Shell.Screenshot, as
/// GNOME's tools take it), held for the length of the recording and stamped with the time it
/// began: GNOME's screencast needs PipeWire, which these machines do not run.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: EmulatedTouchscreen.missingPrerequisite == nil, "SKIPPED LOUDLY: \(EmulatedTouchscreen.missingPrerequisite ?? "")"))
    struct GnomeTests {
        @Test func touchesRecordedOnGnomeGoOverItsScreen() throws {
            guard let gnome = try Desktop.started(.gnomeShell) else { return }
            defer { gnome.stop() }
            let work = try Export.workDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            // The screen, as GNOME shows it (the session user writes into its own directory).
            let began = Date()
            let shot = gnome.runtimeDirectory.appendingPathComponent("screen.png").path
            let bus = "unix:path=" + gnome.runtimeDirectory.appendingPathComponent("session-bus").path
            let reply = try Desktop.run("/usr/bin/env", try gnome.session.asSessionUser([
                "env", "DBUS_SESSION_BUS_ADDRESS=\(bus)", "gdbus", "call", "--session", "--dest", "org.gnome.Shell.Screenshot",
                "--object-path", "/org/gnome/Shell/Screenshot", "--method", "org.gnome.Shell.Screenshot.Screenshot", "false", "false", shot]))
            #expect(reply.hasPrefix("(true,"), "\(reply)")
            // One finger held still at (200, 150) for a second, read by touchlight without an
            // overlay, with GNOME's session all around it.
            let frames: [(Double, [EmulatedTouchscreen.Contact])] = [
                (0, [.init(slot: 0, position: EmulatedPanel.position(of: (200, 150)))]), (1, [.init(slot: 0, position: nil)]),
            ]
            let run = try EmulatedTouchscreen.run(on: gnome, base: EmulatedPanel.baseTime(), frames: frames,
                                                  recordArguments: ["--no-overlay", "--output-size", "800x600"])
            #expect(run.status == 0, "\(run.stderr)")
            let trace = try Export.write(run.trace, in: work)
            let start = run.trace.split(separator: "\n").first { $0.hasPrefix("start ") }.map { String($0.dropFirst("start ".count)) }
            let touched = try #require(start.flatMap(Self.date), "the trace's start line: \(run.trace)")
            // The recording: 30 frames a second from `began`, as long as the touches and more, in
            // Matroska, as GNOME's recorder writes it (WebM): its start time keeps the
            // millisecond, where MP4's keeps whole seconds.
            let seconds = Int(touched.timeIntervalSince(began).rounded(.up)) + 2
            let video = work.appendingPathComponent("gnome.mkv").path
            try Desktop.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-loop", "1", "-framerate", "30", "-i", shot, "-t", "\(seconds)",
                                                "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-metadata", "creation_time=\(Self.iso(began))", video])
            let out = work.appendingPathComponent("with-touches.mp4").path
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", video, "--out", out])
            #expect(status == 0 && output.contains("aligned by the clock"), "\(output)")
            // Half a second into the hold: the marker's ring around (200, 150), GNOME's screen
            // elsewhere; a frame before the touch is GNOME's screen alone.
            let during = Int((touched.timeIntervalSince(began) + 0.5) * 30)
            let screen = try Export.decode(shot, width: 800, height: 600)
            let frame = try Export.videoFrame(out, index: during, width: 800, height: 600, decoder: [])
            let before = try Export.videoFrame(out, index: max(0, during - 30), width: 800, height: 600, decoder: [])
            func differs(_ a: Export.Frame, _ b: Export.Frame, _ x: Int, _ y: Int) -> Int {
                max(abs(Int(a.red(x, y)) - Int(b.red(x, y))), abs(Int(a.green(x, y)) - Int(b.green(x, y))), abs(Int(a.blue(x, y)) - Int(b.blue(x, y))))
            }
            let ring = [(230, 150), (170, 150), (200, 120), (200, 180)]
            #expect(ring.allSatisfy { differs(frame, screen, $0.0, $0.1) > 60 }, "the marker's ring at frame \(during): \(ring.map { differs(frame, screen, $0.0, $0.1) })")
            #expect(ring.allSatisfy { differs(before, screen, $0.0, $0.1) < 24 }, "nothing a second before the touch")
            let elsewhere = [(60, 15), (400, 60), (600, 300), (400, 560)]
            #expect(elsewhere.allSatisfy { differs(frame, screen, $0.0, $0.1) < 24 }, "GNOME's screen elsewhere: \(elsewhere.map { differs(frame, screen, $0.0, $0.1) })")
        }

        /// RFC 3339 with milliseconds, as traces' start lines and ffmpeg's creation_time have it.
        static var format: ISO8601DateFormatter {
            let format = ISO8601DateFormatter()
            format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return format
        }

        static func date(_ text: String) -> Date? { format.date(from: text) }

        static func iso(_ date: Date) -> String { format.string(from: date) }
    }
}
