import Foundation
import HeadlessSession
import Testing
import TestSupport

/// GNOME live, what it costs and the rest of the presenter's tools: a flood while touchlight is
/// stopped, the forwarding's cost and the marker's latency, the zoom through the Shell's
/// picture, recording, board, pages, spotlight and reload, and the drawing kept across a restart
/// (see GnomeLiveTests.swift), on GNOME 43, 48 and 51.
extension EndToEnd.GnomeLiveTests {
    /// A flood of touches while touchlight is stopped (SIGSTOP): the shell never waits on it.
    /// It drops what does not fit, counts it, and touchlight says so when it runs again, with
    /// no marker left stuck. What the shell spent per event, stopped and running, is printed
    /// (seen through Eval: the time from the first event injected to the last one seen).
    @Test(arguments: versions)
    func aFloodWhileTouchlightIsStoppedDoesNotSlowTheShell(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(root: try version.root()) else { return }
        defer { gnome.stop() }
        #expect(try gnome.openTerminal("terminal"), "foot has the focus")
        let idle = try gnome.screenshot("flood-idle")
        let pid = try #require(try Self.pid(gnome))
        func flood(_ name: String) throws -> (seen: Int, microsecondsPerEvent: Double) {
            _ = try gnome.eval("""
                \(GnomeLive.devices)
                const seen = global._touchlightFlood = {count: 0, last: 0};
                const filter = Clutter.Event.add_filter(global.stage, event => {
                    if (event.type() === Clutter.EventType.TOUCH_UPDATE || event.type() === Clutter.EventType.TOUCH_BEGIN || event.type() === Clutter.EventType.TOUCH_END) {
                        seen.count++;
                        seen.last = GLib.get_monotonic_time();
                    }
                    return Clutter.EVENT_PROPAGATE;
                });
                seen.filter = filter;
                seen.start = GLib.get_monotonic_time();
                for (let round = 0; round < 50; round++) {
                    global._touchlightTestTouch.notify_touch_down(GLib.get_monotonic_time(), 0, 300, 200);
                    for (let step = 1; step <= 38; step++)
                        global._touchlightTestTouch.notify_touch_motion(GLib.get_monotonic_time(), 0, 300 + step * 5, 200 + round);
                    global._touchlightTestTouch.notify_touch_up(GLib.get_monotonic_time(), 0);
                }
                'ok';
                """)
            _ = eventually { (try? gnome.eval("global._touchlightFlood.count")) == "2000" }
            let result = try gnome.eval("const s = global._touchlightFlood; imports.gi.Clutter.Event.remove_filter(s.filter); `${s.count} ${(s.last - s.start) / s.count}`")
                .split(separator: " ")
            print("GNOME flood (\(name)): \(result[0]) touch events, \(result[1]) µs each in the shell, injection included")
            return (Int(result[0]) ?? 0, Double(result[1]) ?? 0)
        }
        let running = try flood("touchlight running")
        #expect(running.seen == 2000)
        kill(pid, SIGSTOP)
        let stopped = try flood("touchlight stopped")
        #expect(stopped.seen == 2000, "the shell handled every event while touchlight was stopped")
        let dropped = Int(try gnome.eval("\(Self.extensionState)._channel.dropped")) ?? 0
        #expect(dropped > 0, "the shell dropped what did not fit: \(dropped)")
        kill(pid, SIGCONT)
        // The count reaches touchlight with the next event the shell sends. (That event may be
        // dropped too while touchlight, just woken, still reads the backlog: "2301 in all".)
        try gnome.touch("down", x: 500, y: 400)
        try gnome.touch("up")
        #expect(gnome.waitForLog("in all): touchlight fell behind", timeout: 30), "touchlight says so: \(gnome.logText.suffix(1500))")
        let said = gnome.logText.components(separatedBy: "touch events (").last?.prefix { $0.isNumber }
        #expect(said.flatMap { Int($0) }.map { $0 >= dropped } == true, "touchlight says \(said ?? "nothing") of the \(dropped) dropped")
        let after = try gnome.screenshot("flood-after", until: { $0.differences(from: idle, excluding: [Self.clock]).count < 50 })
        #expect(after.differences(from: idle, excluding: [Self.clock]).count < 50, "no marker stuck: \(after.differences(from: idle, excluding: [Self.clock]).count) pixels differ")
    }
}

extension EndToEnd.GnomeLiveTests {
    /// What the extension costs the shell per touch event (the time in its stage event filter,
    /// which formats and sends each event), and a marker's latency from the injected touch to
    /// the shell seeing touchlight's next commit (its surface actor scheduling a repaint), with a
    /// finger already held so the window is mapped. Printed for docs/benchmarks.md; asserted is
    /// only that every touch got its commit.
    @Test(arguments: versions)
    func forwardingCostAndMarkerLatency(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(arguments: [], root: try version.root()) else { return }
        defer { gnome.stop() }
        try gnome.touch("down", slot: 1, x: 700, y: 500)  // keeps the window mapped
        _ = try gnome.eval("""
            \(GnomeLive.devices)
            const forwarder = \(Self.extensionState)._forwarder;
            const seen = forwarder._seen.bind(forwarder);
            const cost = global._touchlightCost = {total: 0, count: 0, latencies: []};
            forwarder._seen = event => {
                const start = GLib.get_monotonic_time();
                const result = seen(event);
                cost.total += GLib.get_monotonic_time() - start;
                cost.count++;
                return result;
            };
            'ok';
            """)
        let rounds = 40
        for round in 0..<rounds {
            _ = try gnome.eval("""
                \(GnomeLive.devices)
                const cost = global._touchlightCost;
                const window = global.get_window_actors().find(a => a.meta_window.get_title()?.startsWith('touchlight-overlay'));
                const find = actor => imports.gi.GObject.signal_lookup('repaint-scheduled', actor.constructor.$gtype) ? actor : actor.get_children().map(find).find(a => a) ?? null;
                const surface = find(window);
                const start = GLib.get_monotonic_time();
                const id = surface.connect('repaint-scheduled', () => {
                    cost.latencies.push(GLib.get_monotonic_time() - start);
                    surface.disconnect(id);
                });
                global._touchlightTestTouch.notify_touch_down(start, 0, \(100 + round * 10), 200);
                'ok';
                """)
            _ = eventually(timeout: 2) { (try? gnome.eval("global._touchlightCost.latencies.length")) == "\(round + 1)" }
            try gnome.touch("up", slot: 0)
            usleep(50_000)  // the lift drawn before the next touch
        }
        // The filter's cost over a steady stream, after the touches above warmed it up: 20
        // strokes of 50 events.
        _ = try gnome.eval("""
            \(GnomeLive.devices)
            Object.assign(global._touchlightCost, {total: 0, count: 0});
            for (let stroke = 0; stroke < 20; stroke++) {
                global._touchlightTestTouch.notify_touch_down(GLib.get_monotonic_time(), 0, 100, 100 + stroke * 10);
                for (let step = 1; step <= 48; step++)
                    global._touchlightTestTouch.notify_touch_motion(GLib.get_monotonic_time(), 0, 100 + step * 8, 100 + stroke * 10);
                global._touchlightTestTouch.notify_touch_up(GLib.get_monotonic_time(), 0);
            }
            'ok';
            """)
        _ = eventually { (try? gnome.eval("global._touchlightCost.count")) == "1000" }
        let result = try gnome.eval("""
            const c = global._touchlightCost; const l = [...c.latencies].sort((a, b) => a - b);
            `${c.count} ${c.total / c.count} ${l.length} ${l[Math.floor(l.length / 2)]} ${l[Math.floor(l.length * 0.9)]}`
            """).split(separator: " ").map(String.init)
        print("GNOME forwarding: \(result[0]) events, \(result[1]) µs each in the extension's filter; marker latency over \(result[2]) touches: median \(result[3]) µs, 90th percentile \(result[4]) µs")
        #expect(Int(result[2]) == rounds, "every touch got a commit: \(result[2]) of \(rounds)")
        try gnome.touch("up", slot: 1)
    }
}

extension EndToEnd.GnomeLiveTests {
    /// The zoom on GNOME: the extension takes the monitor's picture with the Shell's own
    /// screenshot machinery; while zoomed the screen is frozen (a terminal printing the time
    /// keeps changing underneath, and no two screenshots differ), and after it the live screen
    /// shows again. The picture's file is gone once touchlight has read it. `ctl screenshot`
    /// takes the monitor the same way, the overlay in it.
    @Test(arguments: versions)
    func theZoomFreezesTheScreenWithTheShellsPicture(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(root: try version.root()) else { return }
        defer { gnome.stop() }
        #expect(try gnome.openTerminal("clock", running: "while :; do date +%s.%N; sleep 0.05; done"), "the clock has the focus")
        let terminal = (60, 100, 700, 500)
        func terminalChanges() throws -> Bool {
            let a = try gnome.screenshot("clock-a"), b = try gnome.screenshot("clock-b")
            return a.differences(from: b, excluding: [Self.clock, (0, 0, 800, terminal.1), (0, terminal.3, 800, 600)]).count > 0
        }
        #expect(try terminalChanges(), "the clock changes the screen")
        let zoom = try gnome.ctl("zoom", "on")
        #expect(zoom.status == 0, "\(zoom.output)")
        #expect(gnome.waitForLog("the screen frozen (800×600 px, ") && gnome.logText.contains("KiB, by the GNOME Shell extension)"), "\(gnome.logText.suffix(2000))")
        // The picture shows with the overlay's next frame, which a loaded machine may draw a
        // moment after the log says the picture came.
        #expect(eventually(timeout: 3) { (try? terminalChanges()) == false }, "zoomed, the screen is the Shell's frozen picture")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: gnome.desktop.runtimeDirectory.path).filter { $0.hasPrefix("touchlight-zoom-") }
        #expect(leftovers.isEmpty, "the picture's file went once read: \(leftovers)")
        #expect(try gnome.ctl("zoom", "off").status == 0)
        #expect(eventually { (try? terminalChanges()) == true }, "the live screen again after the zoom")

        // `ctl screenshot` takes the monitor through the same extension, the overlay included:
        // on a whiteboard the picture is white, top bar and all; without it, it is the screen
        // GNOME's own screenshot shows around the terminal (whose clock keeps changing).
        #expect(try gnome.ctl("board", "white").status == 0)
        let (board, mode, said) = try gnome.ctlScreenshot("gnome-board-\(version.version)")
        if let board {
            var white = 0
            for y in stride(from: 0, to: 600, by: 5) {
                for x in stride(from: 0, to: 800, by: 5) where board[x, y].r > 245 && board[x, y].g > 245 && board[x, y].b > 245 { white += 1 }
            }
            // All but the toolbar (about a tenth of the screen at its left edge).
            #expect(white * 100 > 160 * 120 * 80, "the whiteboard in the screenshot: \(white) of \(160 * 120) samples white")
            // Edge to edge: over the top bar, and down to the bottom row (on GNOME 43 the
            // overlay's bottom 32 px were not drawn while it was moved up by a translation).
            for (x, y) in [(400, 0), (400, 10), (400, 590), (799, 599)] {
                #expect(board[x, y].r > 245 && board[x, y].g > 245 && board[x, y].b > 245, "the whole monitor covered: \(board[x, y]) at (\(x), \(y))")
            }
        }
        #expect(try gnome.ctl("board", "off").status == 0)
        usleep(500_000)  // the board's last frame gone
        let live = try gnome.screenshot("gnome-live-\(version.version)")
        let (screen, _, _) = try gnome.ctlScreenshot("gnome-screen-\(version.version)")
        if let screen {
            // The terminal's window, and its shadow, with room to spare.
            let around = (terminal.0 - 20, 30, terminal.2 + 20, terminal.3 + 60)
            let differ = screen.differences(from: live, excluding: [around]).count
            #expect(differ == 0, "around the terminal, the screen as GNOME's screenshot shows it: \(differ) pixels differ")
        }
        let pictures = try FileManager.default.contentsOfDirectory(atPath: gnome.desktop.runtimeDirectory.path).filter { $0.hasPrefix("touchlight-zoom-") }
        #expect(pictures.isEmpty, "the extension's files went once read: \(pictures)")
    }
}

extension EndToEnd.GnomeLiveTests {
    /// Everything else as on sway, on GNOME: a recording (`record`, whose touches come over
    /// the channel, not from capture mode), ink, the board, pages, the spotlight, and a live
    /// reload; the trace written when the extension is disabled holds the touches and settings.
    @Test(arguments: versions)
    func recordingBoardPagesSpotlightAndReloadWorkAsElsewhere(on version: TestedGnome) throws {
        let trace = "/tmp/touchlight-gnome-record-\(UUID().uuidString.prefix(8)).trace"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        guard let gnome = try GnomeLive.started(arguments: ["record", trace, "--verbose"], root: try version.root()) else { return }
        defer { gnome.stop() }
        #expect(try gnome.openTerminal("terminal"), "foot has the focus: record on GNOME takes no input")
        let plain = try gnome.screenshot("record-plain")
        #expect(try gnome.ctl("mode", "draw").status == 0)
        try gnome.drag(from: (250, 300), to: (550, 300))
        _ = try gnome.screenshot("record-ink", until: { $0[400, 300].isInk })
        // The board covers the screen; a new page has no ink; the first has it again.
        #expect(try gnome.ctl("board", "white").status == 0)
        let board = try gnome.screenshot("record-board", until: { $0[700, 500].isWhite })
        #expect(board[700, 500].isWhite && board[400, 300].isInk, "the white board, the ink on it: \(board[700, 500])")
        #expect(try gnome.ctl("page", "new").status == 0)
        let page2 = try gnome.screenshot("record-page-2", until: { !$0[400, 300].isInk })
        #expect(!page2[400, 300].isInk, "page 2 is empty")
        #expect(try gnome.ctl("page", "1").status == 0 && gnome.ctl("board", "off").status == 0)
        _ = try gnome.screenshot("record-page-1", until: { $0[400, 300].isInk })
        // The spotlight darkens the screen around the last touch.
        #expect(try gnome.ctl("spotlight", "on").status == 0)
        func darker(_ shot: Image) -> Bool {
            let (a, b) = (shot[40, 560], plain[40, 560])
            return a.r + a.g + a.b + 60 < b.r + b.g + b.b
        }
        let spot = try gnome.screenshot("record-spotlight", until: darker)
        #expect(darker(spot), "the far corner is darkened: \(spot[40, 560]) against \(plain[40, 560])")
        #expect(try gnome.ctl("spotlight", "off").status == 0)
        // A changed configuration file is taken while running.
        let folder = gnome.desktop.runtimeDirectory.appendingPathComponent(".config/touchlight").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[annotate]\nwidth = 9\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        try Desktop.run("/bin/chown", ["-R", Desktop.testUser, gnome.desktop.runtimeDirectory.appendingPathComponent(".config").path])
        #expect(gnome.waitForLog("configuration reloaded from"), "\(gnome.logText.suffix(1500))")
        // Disabled, touchlight ends and writes its trace.
        #expect(try gnome.runAsUser(["gnome-extensions", "disable", GnomeLive.uuid]).status == 0)
        #expect(eventually { FileManager.default.fileExists(atPath: trace) }, "the trace is written at exit")
        let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        #expect(text.contains(" set board white") && text.contains(" set page 2") && text.contains(" set mode draw"), "\(text.prefix(1500))")
        #expect(text.split(separator: "\n").contains { $0.contains(" down 250") && $0.contains(" 300") }, "the drag's touch, where it went down: \(text.split(separator: "\n").filter { $0.contains(" down ") }.prefix(4))")
    }

    /// The lock screen disables the extension, which ends touchlight, and unlocking enables it
    /// again: what was drawn is on screen again, from the saved session.
    @Test(arguments: versions)
    func theDrawingComesBackWhenTheShellStartsTouchlightAgain(on version: TestedGnome) throws {
        guard let gnome = try GnomeLive.started(arguments: ["annotate"], root: try version.root()) else { return }
        defer { gnome.stop() }
        #expect(try gnome.ctl("mode", "draw").status == 0)
        try gnome.drag(from: (250, 350), to: (550, 350))
        func inked(_ shot: Image) -> Bool { (346...354).contains { shot[400, $0].isInk } }
        #expect(inked(try gnome.screenshot("session-drawn", until: inked)), "the stroke shows")
        #expect(try gnome.runAsUser(["gnome-extensions", "disable", GnomeLive.uuid]).status == 0)
        #expect(eventually { (try? gnome.ctl("status").status) != 0 }, "touchlight ended with the extension")
        #expect(!inked(try gnome.screenshot("session-gone", until: { !inked($0) })), "and its overlay went")
        #expect(try gnome.runAsUser(["gnome-extensions", "enable", GnomeLive.uuid]).status == 0)
        #expect(inked(try gnome.screenshot("session-back", timeout: 20, until: inked)), "the stroke is back")
        let status = try gnome.ctl("status").output
        #expect(status.contains(#""strokes":1"#), "as ink, not a picture: \(status)")
    }
}
