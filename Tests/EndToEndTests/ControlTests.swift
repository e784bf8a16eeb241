import Foundation
import Testing
import TouchCore

/// `touchlight ctl` against a running overlay on headless sway: every command's effect on
/// screen or in the status, the socket's privacy, malformed lines, a second instance, a stale
/// socket, and (as root) a peer of another user.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct ControlTests {

        static var trace: String {
            var script = TraceScript(outputSize: Size(width: 800, height: 600), realistic: false, seed: 1)
            for (i, y) in [150.0, 250, 350].enumerated() {
                script.fingers(at: Double(i) * 0.4, for: 0.3, [.line(from: Point(x: 100, y: y), to: Point(x: 500, y: y))])
            }
            return script.trace.text
        }


        @Test func ctlDrivesTheRunningOverlay() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let baseline = try sway.startApp(["foot", "sh", "-c", "sleep 60"], name: "ctl-terminal-alone")
            let directory = sway.runtimeDirectory.path
            try Self.trace.write(toFile: directory + "/three.trace", atomically: true, encoding: .utf8)
            try "[annotate]\nwidth = 8.0\nmarkers_while_drawing = false\ntoolbar = false\n".write(toFile: directory + "/touchlight.toml", atomically: true, encoding: .utf8)
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["--mode", "draw", "--replay", directory + "/three.trace",
                                                                   "--config", directory + "/touchlight.toml"], stderr: log)
            waitForLine(in: log, containing: "replay finished")

            // The socket: the user's alone.
            var info = stat()
            #expect(stat(directory + "/touchlight-wayland-1.sock", &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600 && info.st_uid == getuid(), "mode \(String(info.st_mode & 0o777, radix: 8))")

            var (status, output) = try sway.ctl("status")
            #expect(status == 0 && output.contains(#""mode":"draw""#) && output.contains(#""strokes":3"#), "\(output)")
            #expect(try sway.ctl("undo").status == 0)
            #expect(try sway.ctl("status").output.contains(#""strokes":2"#))
            var shot = try sway.screenshot("ctl-after-undo") { !$0[300, 350].isInk }
            #expect(shot[300, 150].isInk && shot[300, 250].isInk && !shot[300, 350].isInk)

            // save: one PNG per output, private.
            (status, output) = try sway.ctl("save", directory)
            #expect(status == 0 && output.contains("touchlight-HEADLESS-1-"), "\(output)")
            let saved = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("touchlight-HEADLESS-1-") && $0.hasSuffix(".png") }
            #expect(saved.count == 1)
            if let file = saved.first {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 500)
                #expect(stat(directory + "/" + file, &info) == 0 && info.st_mode & 0o777 == 0o600)
            }

            // pause hides everything; resume brings it back.
            #expect(try sway.ctl("pause").status == 0)
            #expect(try sway.screenshot("ctl-paused") { $0.differences(from: baseline).isEmpty }.differences(from: baseline).isEmpty,
                    "nothing shows while paused")
            #expect(try sway.ctl("resume").status == 0)
            #expect((try sway.screenshot("ctl-resumed") { $0[300, 150].isInk }[300, 150]).isInk)

            // pass mode keeps the ink; clear removes it; tool, colour and width are reported.
            #expect(try sway.ctl("mode", "pass").status == 0)
            #expect(try sway.ctl("tool", "highlighter").status == 0)
            #expect(try sway.ctl("colour", "#00ff00").status == 0)
            #expect(try sway.ctl("width", "12").status == 0)
            output = try sway.ctl("status").output
            for field in [#""mode":"pass""#, #""tool":"highlighter""#, ##""color":"#00FF00"##, #""width":12"#] {
                #expect(output.contains(field), "\(field) in \(output)")
            }
            // The mode's change has been drawn once the status says so: the ink shows as before.
            shot = try sway.screenshot("ctl-pass-mode")
            #expect(shot[300, 150].isInk, "the ink stays in pass mode")
            #expect(try sway.ctl("clear").status == 0)
            #expect(try sway.screenshot("ctl-cleared") { $0.differences(from: baseline).isEmpty }.differences(from: baseline).isEmpty)
            #expect(try sway.ctl("undo").status == 0, "clear is undoable")
            #expect(try sway.ctl("status").output.contains(#""strokes":2"#))

            // board: an opaque page under the ink, hiding the terminal; its grid every 40 px.
            func isWhite(_ p: Image.Pixel) -> Bool { min(p.r, p.g, p.b) > 245 }
            #expect(try sway.ctl("board", "grid").status == 0)
            shot = try sway.screenshot("ctl-board-grid") { isWhite($0[700, 500]) }
            #expect(isWhite(shot[700, 500]) && shot[300, 150].isInk, "white page, ink over it: \(shot[700, 500])")
            #expect(shot[680, 500].b > 200 && shot[680, 500].r < 180, "a grid line at x 680: \(shot[680, 500])")
            #expect(try sway.ctl("status").output.contains(#""board":"grid""#))
            // spotlight: the page dimmed by 0.6 except around the newest touch (the last stroke's
            // end, 500,350); off again, the page is white everywhere.
            #expect(try sway.ctl("spotlight", "on").status == 0)
            shot = try sway.screenshot("ctl-spotlight") { !isWhite($0[700, 500]) }
            #expect([shot[700, 500].r, shot[700, 500].g, shot[700, 500].b].allSatisfy { abs(Int($0) - 102) <= 3 },
                    "white dimmed to 40% away from the finger: \(shot[700, 500])")
            #expect(isWhite(shot[505, 345]) && isWhite(shot[550, 350]), "near the finger nothing changes: \(shot[505, 345])")
            #expect(try sway.ctl("status").output.contains(#""spotlight":true"#))
            #expect(try sway.ctl("spotlight", "toggle").status == 0)
            #expect(isWhite(try sway.screenshot("ctl-spotlight-off") { isWhite($0[700, 500]) }[700, 500]))
            #expect(try sway.ctl("board", "black").status == 0)
            shot = try sway.screenshot("ctl-board-black") { $0[700, 500].r < 40 && $0[700, 500].g > 30 }
            #expect(shot[700, 500].g > shot[700, 500].r && shot[700, 500].g < 60, "the blackboard: \(shot[700, 500])")
            #expect(try sway.ctl("board", "off").status == 0)
            shot = try sway.screenshot("ctl-board-off") { $0[700, 500] == baseline[700, 500] }
            #expect(shot[700, 500] == baseline[700, 500] && shot[300, 150].isInk, "the terminal shows again, the ink stays")

            // page: a new page is blank; the first keeps its ink; save --all saves each page.
            #expect(try sway.ctl("page", "new").status == 0)
            #expect(try sway.screenshot("ctl-page-2") { !$0[300, 150].isInk }.differences(from: baseline).isEmpty, "page 2 is blank")
            #expect(try sway.ctl("status").output.contains(#""page":2,"pages":2,"strokes":0"#))
            (status, output) = try sway.ctl("page", "next")
            #expect(status == 1 && output.contains("this is the last page (2 of 2)"), "\(output)")
            #expect(try sway.ctl("page", "prev").status == 0)
            #expect((try sway.screenshot("ctl-page-1") { $0[300, 150].isInk }[300, 150]).isInk, "page 1's ink is back")
            let pagesDirectory = directory + "/pages"
            try FileManager.default.createDirectory(atPath: pagesDirectory, withIntermediateDirectories: false)
            (status, output) = try sway.ctl("save", "--all", pagesDirectory)
            let pages = try FileManager.default.contentsOfDirectory(atPath: pagesDirectory).sorted()
            #expect(status == 0 && pages.count == 2 && pages[0].hasSuffix("-page1.png") && pages[1].hasSuffix("-page2.png"), "\(output)")
            // save --pdf: both pages in one PDF at the output's size, as poppler reads it
            // (PDFExportTests compares what it draws with the PNGs).
            (status, output) = try sway.ctl("save", "--pdf", pagesDirectory + "/handout.pdf")
            #expect(status == 0 && output.contains("handout.pdf"), "\(output)")
            let pdfInfo = try Desktop.execute("/usr/bin/pdfinfo", [pagesDirectory + "/handout.pdf"], environment: sway.environment).output
            let png = Array(try Data(contentsOf: URL(fileURLWithPath: pagesDirectory + "/" + pages[0])))
            let size = (png[16...19].reduce(0) { $0 << 8 | Int($1) }, png[20...23].reduce(0) { $0 << 8 | Int($1) })  // IHDR: the page's pixels (scale 1)
            #expect(pdfInfo.contains("Pages:           2") && pdfInfo.contains("Page size:       \(size.0) x \(size.1) pts"), "\(size): \(pdfInfo)")

            // Bugs 29.6–8: a directory with a space and a newline in its name, given relative to
            // the caller's working directory, is one argument of one command.
            let odd = directory + "/my pics\npause"
            try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: false)
            (status, output) = try Desktop.execute("/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" ctl save .", "sh", odd, Desktop.touchlight.path],
                                                   environment: sway.environment)
            #expect(status == 0 && output.contains("touchlight-HEADLESS-1-"), "\(output)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: odd).filter { $0.hasSuffix(".png") }.count == 1)
            #expect(try sway.ctl("status").output.contains(#""paused":false"#), "the newline did not run a second command")

            // Bug 29.5: clients that never finish a line cannot lock ctl out.
            // One more than the server keeps at once.
            let idle = (0..<17).map { _ in openClient(directory + "/touchlight-wayland-1.sock", sending: #"["mode","dr"#) }
            (status, output) = try sway.ctl("status")
            #expect(status == 0 && output.contains(#""ok":true"#), "a new client gets in past \(idle.count) idle ones: \(output)")
            let lastIdle = idle.last ?? -1
            let late = readLine(lastIdle, timeout: 5)
            #expect(late.contains("not finished within 2.0 s"), "an idle client is told and closed: \(late)")
            for fd in idle { close(fd) }

            // Refused commands: an error that lists the valid ones, exit status 1 (bug 29.16);
            // the overlay carries on.
            (status, output) = try sway.ctl("tool", "crayon")
            #expect(status == 1 && output.contains("tool takes pen, highlighter"))
            for line in ["tool crayon", "\u{1}\u{2}\u{3}", String(repeating: "x", count: 100_000), "mode", "width -5"] {
                let reply = try rawExchange(directory + "/touchlight-wayland-1.sock", line)
                #expect(reply.hasPrefix(#"{"error":"#) && reply.contains(#""ok":false"#), "\(reply.prefix(120))")
            }
            #expect(try sway.ctl("status").status == 0, "still answering")

            // A second instance on the same display refuses and names the first.
            let second = try Desktop.execute(Desktop.touchlight.path, ["--quiet"], environment: sway.environment)
            #expect(second.status == 1 && second.output.contains("already running on this display (pid \(touchlight.processIdentifier))"), "\(second.output)")

            // Killed outright, it leaves its socket; the next instance replaces it.
            kill(touchlight.processIdentifier, SIGKILL)
            #expect(waitForExit(touchlight, timeout: 5))
            #expect(FileManager.default.fileExists(atPath: directory + "/touchlight-wayland-1.sock"), "a stale socket is left")
            let next = try sway.start(Desktop.touchlight.path, ["--quiet"])
            #expect(try eventually { try sway.ctl("status").output.contains(#""pid":\#(next.processIdentifier)"#) }, "the next instance answers")
            #expect(next.isRunning)
            (status, output) = try sway.ctl("status")
            #expect(status == 0 && output.contains(#""pid":\#(next.processIdentifier)"#), "\(output)")

            if getuid() == 0 {
                // Another user, even with the file opened up to everyone, is refused by SO_PEERCRED.
                chmod(directory + "/touchlight-wayland-1.sock", 0o666)
                let other = try Desktop.execute("/usr/bin/setpriv", ["--reuid=\(Desktop.testUser)", "--regid=\(Desktop.testUser)", "--init-groups", "--",
                                                                  Desktop.touchlight.path, "ctl", "status"], environment: sway.environment)
                #expect(other.status == 1 && other.output.contains("refused a connection from uid"), "\(other.output)")
                #expect(try sway.ctl("status").status == 0)
            }
            next.terminate()
            #expect(waitForExit(next, timeout: 5) && next.terminationStatus == 0)
            #expect(!FileManager.default.fileExists(atPath: directory + "/touchlight-wayland-1.sock"), "removed at exit")
            _ = log
        }

        /// A connection to the socket that has sent `text` (no newline); its descriptor.
        func openClient(_ path: String, sending text: String) -> Int32 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (i, byte) in path.utf8.enumerated() { buffer[i] = byte }
            }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return fd
        }

        /// What arrives on `fd` until a newline, the end, or `timeout` seconds.
        func readLine(_ fd: Int32, timeout: Int) -> String {
            var time = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            var reply: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !reply.contains(10) {
                let count = recv(fd, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                reply += buffer[..<count]
            }
            return String(decoding: reply.prefix { $0 != 10 }, as: UTF8.self)
        }

        /// Sends raw bytes and a newline over the socket; the reply line.
        func rawExchange(_ path: String, _ line: String) throws -> String {
            let fd = openClient(path, sending: line + "\n")
            defer { close(fd) }
            return readLine(fd, timeout: 5)
        }
    }
}
