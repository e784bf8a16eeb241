import Foundation
import Testing

/// `[performance] idle_release_ms` under sway: with nothing shown, the overlay gives its shm
/// buffers back and shows one transparent pixel; the next touch brings them back and shows.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct IdleMemoryTests {
        static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/tap-pause-rest.trace").path

        /// The bytes of touchlight's shm buffers mapped in `pid` (its memfds, from /proc): its
        /// own, and Mesa's for the GLES renderer's window (software GL draws into wl_shm).
        static func bufferBytes(of pid: Int32) -> Int {
            let maps = procFile("/proc/\(pid)/maps")
            let buffers = maps.split(separator: "\n").filter { $0.contains("memfd:touchlight-buffer") || $0.contains("memfd:mesa-shared") }
            return buffers.reduce(0) { total, line in
                let range = line.prefix { $0 != " " }.split(separator: "-").compactMap { Int($0, radix: 16) }
                return total + (range.count == 2 ? range[1] - range[0] : 0)
            }
        }

        /// A /proc file read to its end (Foundation's String(contentsOfFile:) stops after 4 KB
        /// there, since /proc gives every file a size of 0).
        static func procFile(_ path: String) -> String {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { return "" }
            defer { close(fd) }
            var data = [UInt8](), chunk = [UInt8](repeating: 0, count: 65_536)
            while case let count = read(fd, &chunk, chunk.count), count > 0 { data += chunk[0..<count] }
            return String(decoding: data, as: UTF8.self)
        }

        /// touchlight's RSS and PSS, from smaps_rollup.
        static func proportionalSetSize(of pid: Int32) -> String {
            let rollup = procFile("/proc/\(pid)/smaps_rollup")
            return rollup.split(separator: "\n").filter { $0.hasPrefix("Rss:") || $0.hasPrefix("Pss:") }
                .map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ") }.joined(separator: " RSS, ") + " PSS"
        }

        /// With the canvas, its full-size buffers go and come back, and so do the GLES window's
        /// (its EGL surface goes); with sprites, the canvas shows the pixel all along, and the
        /// sprites' pictures go and come back.
        @Test(arguments: ["canvas", "sprites", "gles"])
        func buffersGoWhenNothingShowsAndComeBackForTheNextTouch(renderer: String) throws {
            let sway = try Desktop()
            defer { sway.stop() }
            try sway.start("foot", ["sh", "-c", "echo hello; sleep 60"])
            usleep(1_000_000)
            let baseline = try sway.screenshot("idle-terminal-alone")
            let file = NSTemporaryDirectory() + "touchlight-idle-\(UUID().uuidString.prefix(8)).toml"
            try "[performance]\nidle_release_ms = 500\nrenderer = \"\(renderer)\"\n".write(toFile: file, atomically: true, encoding: .utf8)
            defer { unlink(file) }
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["--config", file, "--replay", Self.trace, "--verbose"], stderr: log)
            let pid = touchlight.processIdentifier
            // The tap at 0 s has faded by about 0.6 s; half a second later the buffers go.
            usleep(3_000_000)
            let idleBytes = Self.bufferBytes(of: pid), idleMemory = Self.proportionalSetSize(of: pid)
            #expect(idleBytes <= 4096, "\(idleBytes) bytes of buffers mapped while nothing shows")
            let idle = try sway.screenshot("idle-released-\(renderer)")
            #expect(idle.differences(from: baseline).isEmpty, "the transparent pixel changed \(idle.differences(from: baseline).count) pixels")
            // The finger at 4 s brings them back: its marker shows where it rests.
            usleep(2_300_000)
            let activeBytes = Self.bufferBytes(of: pid), activeMemory = Self.proportionalSetSize(of: pid)
            if renderer != "sprites" {
                #expect(activeBytes >= 800 * 600 * 4, "\(activeBytes) bytes of buffers mapped with a finger down")
            } else {
                #expect(activeBytes > 0 && activeBytes < 800 * 600 * 4, "\(activeBytes) bytes of sprites mapped with a finger down")
            }
            let shot = try sway.screenshot("idle-buffers-back-\(renderer)")
            #expect(SwayOverlayTests.isMarkerBlue(shot[560, 300]), "ring at (560, 300): \(shot[560, 300])")
            #expect(SwayOverlayTests.isMarkerBlue(shot[500, 300]), "ring at (500, 300): \(shot[500, 300])")
            // The new buffers start transparent and only the new marker is drawn into them:
            // everything else is as before.
            let elsewhere = shot.differences(from: baseline, excluding: [(440, 230, 620, 370)])
            #expect(elsewhere.isEmpty, "\(elsewhere.count) pixels changed away from the marker, first \(elsewhere.prefix(3))")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5))
            let printed = drain(log)
            #expect(printed.contains("overlay on HEADLESS-1: nothing shown for 0.5 s: buffers released"), "\(printed.suffix(1500))")
            #expect(printed.contains("overlay on HEADLESS-1: something to show: buffers back") == (renderer != "sprites"), "\(printed.suffix(1500))")
            print("\(renderer) idle: \(idleBytes) bytes of buffers, \(idleMemory); a finger down: \(activeBytes) bytes of buffers, \(activeMemory)")
        }
    }
}
