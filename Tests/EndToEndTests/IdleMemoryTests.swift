import Foundation
import HeadlessSession
import Testing

/// `[performance] idle_release_ms`: with nothing shown, the overlay gives its buffers back and
/// unmaps its layer surface (no buffer attached: nothing for the compositor to composite); the
/// next touch maps it again through layer-shell's configure and shows. Under sway, and from the
/// protocol log on sway, Mir and KWin.
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
            let baseline = try sway.startApp(["foot", "sh", "-c", "echo hello; sleep 60"], name: "idle-terminal-alone")
            let file = NSTemporaryDirectory() + "touchlight-idle-\(UUID().uuidString.prefix(8)).toml"
            try "[performance]\nidle_release_ms = 500\nrenderer = \"\(renderer)\"\n".write(toFile: file, atomically: true, encoding: .utf8)
            defer { unlink(file) }
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["--config", file, "--replay", Self.trace, "--verbose"], stderr: log)
            let pid = touchlight.processIdentifier
            // The tap at 0 s has faded by about 0.6 s; half a second later the buffers go.
            var printed = waitForLine(in: log, containing: "buffers released", after: "touch 1 ended")
            eventually { Self.bufferBytes(of: pid) <= 4096 }
            let idleBytes = Self.bufferBytes(of: pid), idleMemory = Self.proportionalSetSize(of: pid)
            #expect(idleBytes <= 4096, "\(idleBytes) bytes of buffers mapped while nothing shows")
            let idle = try sway.screenshot("idle-released-\(renderer)") { $0.differences(from: baseline).isEmpty }
            #expect(idle.differences(from: baseline).isEmpty, "the transparent pixel changed \(idle.differences(from: baseline).count) pixels")
            // The finger at 4 s brings them back: its marker shows where it rests.
            let shot = try sway.screenshot("idle-buffers-back-\(renderer)") { $0[560, 300].isMarkerBlue && $0[500, 300].isMarkerBlue }
            let activeBytes = Self.bufferBytes(of: pid), activeMemory = Self.proportionalSetSize(of: pid)
            if renderer != "sprites" {
                #expect(activeBytes >= 800 * 600 * 4, "\(activeBytes) bytes of buffers mapped with a finger down")
            } else {
                #expect(activeBytes > 0 && activeBytes < 800 * 600 * 4, "\(activeBytes) bytes of sprites mapped with a finger down")
            }
            #expect(shot[560, 300].isMarkerBlue, "ring at (560, 300): \(shot[560, 300])")
            #expect(shot[500, 300].isMarkerBlue, "ring at (500, 300): \(shot[500, 300])")
            // The new buffers start transparent and only the new marker is drawn into them:
            // everything else is as before.
            let elsewhere = shot.differences(from: baseline, excluding: [(440, 230, 620, 370)])
            #expect(elsewhere.isEmpty, "\(elsewhere.count) pixels changed away from the marker, first \(elsewhere.prefix(3))")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5))
            printed += drain(log)
            #expect(printed.contains("overlay on HEADLESS-1: nothing shown for 0.5 s: buffers released"), "\(printed.suffix(1500))")
            #expect(printed.contains("overlay on HEADLESS-1: something to show: buffers back") == (renderer != "sprites"), "\(printed.suffix(1500))")
            print("\(renderer) idle: \(idleBytes) bytes of buffers, \(idleMemory); a finger down: \(activeBytes) bytes of buffers, \(activeMemory)")
        }

        /// From the protocol log: once idle, the overlay's last request on its surface is a NULL
        /// attach and a commit (unmapped), and nothing is attached until the next touch; that
        /// touch's commit is answered by a configure, acknowledged before the first buffer (Mir
        /// 2.12 sends none: the overlay draws after 0.1 s and stays mapped from then on).
        @Test(arguments: [Compositor.sway, .mir, .kwin])
        func anIdleOverlayIsUnmappedAndMapsAgainForTheNextTouch(on compositor: Compositor) throws {
            guard let desktop = try Desktop.started(compositor) else { return }
            defer { desktop.stop() }
            let protocolLog = desktop.runtimeDirectory.appendingPathComponent("wayland-debug-idle.txt")
            _ = FileManager.default.createFile(atPath: protocolLog.path, contents: nil)
            let log = try FileHandle(forWritingTo: protocolLog)
            defer { try? log.close() }
            let config = desktop.runtimeDirectory.appendingPathComponent("idle.toml").path
            try "[performance]\nidle_release_ms = 500\nrenderer = \"canvas\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            let touchlight = try desktop.session.start([Desktop.touchlight.path, "--config", config, "--replay", Self.trace, "--verbose"],
                                                       standardError: log, extraEnvironment: ["WAYLAND_DEBUG": "1"])
            // The tap at 0.3 s has faded by about 1 s; half a second later the overlay is unmapped.
            let unmapped = eventually {
                let printed = (try? String(contentsOf: protocolLog, encoding: .utf8)) ?? ""
                return printed.components(separatedBy: "touch 1 ended").dropFirst().joined().contains("buffers released, surface unmapped")
            }
            #expect(unmapped, "\(compositor): the overlay was not unmapped")
            let idle = try String(contentsOf: protocolLog, encoding: .utf8)
            // The finger at 4.3 s rests until 6.3 s.
            let shot = try desktop.screenshot("\(compositor)-idle-mapped-again") { $0[560, 300].isMarkerBlue && $0[500, 300].isMarkerBlue }
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5))
            let printed = try String(contentsOf: protocolLog, encoding: .utf8)
            #expect(!printed.contains("error"), "\(compositor): a protocol error: \(printed.components(separatedBy: "\n").filter { $0.contains("error") }.prefix(3))")

            let lines = printed.components(separatedBy: "\n")
            let layer = try #require(lines.first { $0.contains(".get_layer_surface(") }, "\(compositor): no layer surface")
            let surface = try #require(layer.components(separatedBy: ", ").dropFirst().first, "\(layer)")  // wl_surface@N
            let layerSurface = try #require(layer.range(of: "new id ").map { String(layer[$0.upperBound...].prefix { $0 != "," }) }, "\(layer)")
            let idleRequests = idle.components(separatedBy: "\n").filter { $0.contains("-> \(surface).") }
            let unmap = idleRequests.lastIndex { $0.contains("\(surface).attach(nil, 0, 0)") }
            #expect(unmap != nil, "\(compositor): no NULL attach on \(surface) while idle: \(idleRequests.suffix(6))")
            if let unmap {
                #expect(idleRequests[(unmap + 1)...].allSatisfy { !$0.contains(".attach(") }, "\(compositor): attached again while idle: \(idleRequests.suffix(4))")
                #expect(idleRequests.last?.contains(".commit()") == true, "\(compositor): \(idleRequests.suffix(4))")
            }
            // After it: the map request, the configure, its acknowledgement, then a buffer.
            let afterUnmap = lines.drop { !$0.contains("\(surface).attach(nil, 0, 0)") }.dropFirst()
            let steps = afterUnmap.compactMap { line -> String? in
                if line.contains("-> \(surface).commit()") { return "commit" }
                if line.contains("\(layerSurface).configure(") && !line.contains("->") { return "configure" }
                if line.contains("-> \(layerSurface).ack_configure(") { return "ack" }
                if line.contains("-> \(surface).attach(wl_buffer@") { return "attach" }
                return nil
            }
            let firstAttach = steps.firstIndex(of: "attach") ?? steps.endIndex
            let fallback = "no configure within 0.1 s of mapping again: drawing, and keeping the surface mapped while idle from now on"
            if compositor.name == Compositor.mir.name {
                // Mir 2.12 answers that commit with no configure: the overlay draws after 0.1 s.
                #expect(Array(steps[..<firstAttach]) == ["commit", "commit"] && printed.contains(fallback), "Mir: mapped again by \(steps.prefix(8))")
            } else {
                #expect(Array(steps[..<firstAttach].suffix(3)) == ["commit", "configure", "ack"], "\(compositor): mapped again by \(steps.prefix(8))")
                #expect(!printed.contains(fallback), "\(compositor)")
            }
            #expect(firstAttach < steps.endIndex, "\(compositor): nothing attached for the finger; after the unmap: \(afterUnmap.filter { !$0.contains("wl_pointer") }.prefix(30).joined(separator: "\n"))")
            #expect(shot[560, 300].isMarkerBlue && shot[500, 300].isMarkerBlue,
                    "\(compositor): the finger's marker at (500…560, 300): \(shot[560, 300]) \(shot[500, 300])")
            #expect(printed.contains(": nothing shown for 0.5 s: buffers released, surface unmapped"), "\(compositor)")
            // Released once for the three seconds without a touch: nothing maps it again meanwhile
            // (sway's configure answering the unmap once did, every half second).
            let pause = printed.components(separatedBy: "touch 1 ended").dropFirst().joined().components(separatedBy: "touch 2 began").first ?? ""
            let releases = pause.components(separatedBy: "buffers released").count - 1
            #expect(releases == 1, "\(compositor): released \(releases) times between the touches")
        }
    }
}
