import Foundation
import Testing
import TestSupport
import TouchCore

/// The running overlay follows its configuration file: a valid change applies at once without
/// losing active markers; a broken file is reported and the last good configuration stays.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct LiveReloadTests {

        /// Writes `text` next to `path` and renames it over, as editors do.
        func replace(_ path: String, with text: String) throws {
            try text.write(toFile: path + ".new", atomically: false, encoding: .utf8)
            #expect(rename(path + ".new", path) == 0)
        }

        @Test func markerColourChangesWhileRunningAndABrokenFileIsRejected() throws {
            let directory = NSTemporaryDirectory() + "touchlight-reload-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let config = directory + "/config.toml"
            try "[fade]\nstale_ms = 20000\n".write(toFile: config, atomically: true, encoding: .utf8)

            let sway = try Desktop()
            defer { sway.stop() }
            try sway.startApp(["foot", "sh", "-c", "sleep 60"], name: "reload-terminal")
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["--config", config, "--replay", SwayOverlayTests.trace], stderr: log)
            let before = try sway.screenshot("reload-before") { $0[530, 300].isMarkerBlue }
            #expect(before[530, 300].isMarkerBlue, "first palette colour: \(before[530, 300])")

            try replace(config, with: "[fade]\nstale_ms = 20000\n[marker]\npalette = [\"#FF3030\"]\n")
            waitForLine(in: log, containing: "configuration reloaded from \(config)")
            let after = try sway.screenshot("reload-after") { $0[530, 300].isMarkerRed }
            #expect(after[530, 300].isMarkerRed, "the new palette, on the same marker: \(after[530, 300])")

            try replace(config, with: "[marker]\npalette = [\"crimson\"]\n")
            let rejected = waitForLine(in: log, containing: "config.toml:2:1: [marker] palette: found [\"crimson\"] (a list)")
            #expect(rejected.contains("has problems; keeping the last good configuration"))
            // A file that makes the TOML library abort: the running overlay must not die of it.
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/toml-parser-abort.toml")
            try replace(config, with: try String(contentsOf: fixture, encoding: .utf8))
            waitForLine(in: log, containing: "config.toml:41:81: an array needs a value or ']' here")
            #expect(touchlight.isRunning, "a file that crashes the parser does not end the overlay")
            let kept = try sway.screenshot("reload-kept")
            #expect(kept[530, 300].isMarkerRed, "the last good configuration stays: \(kept[530, 300])")
            #expect(touchlight.isRunning)

            // Bug 29.1: the file swapped between a valid one and the bad one every 20 ms, 150
            // times. The overlay reads each version once and parses only bytes it checked.
            let bad = try String(contentsOf: fixture, encoding: .utf8)
            let good = "[fade]\nstale_ms = 20000\n[marker]\npalette = [\"#FF3030\"]\n"
            for swap in 0..<150 {
                try replace(config, with: swap.isMultiple(of: 2) ? bad : good)
                usleep(20_000)  // the stimulus's pace, not a wait: one swap every 20 ms
            }
            // Then a last, green palette: once the marker turns green, every swap was taken.
            try replace(config, with: "[fade]\nstale_ms = 20000\n[marker]\npalette = [\"#30FF30\"]\n")
            let green = try sway.screenshot("reload-after-swaps") { $0[530, 300].isGreen }
            #expect(green[530, 300].isGreen, "the last configuration shows: \(green[530, 300])")
            #expect(touchlight.isRunning, "the overlay survived 150 swaps")
            let swapped = drain(log)
            #expect(swapped.contains("configuration reloaded from \(config)") && !swapped.contains("crashed"), "\(swapped.suffix(400))")
            // ctl reload answers once the file is read (its probe runs while the overlay draws on).
            let reloaded = try sway.ctl("reload")
            #expect(reloaded.status == 0 && reloaded.output.contains(#""ok":true"#), "\(reloaded.output)")
            try replace(config, with: "[marker]\npalette = [\"crimson\"]\n")
            let refused = try sway.ctl("reload")
            #expect(refused.status != 0 && refused.output.contains("has problems; keeping the last good configuration"), "\(refused.output)")
            #expect(touchlight.isRunning)
        }

        /// `touchlight config set` changes the running overlay's file in place, and the overlay
        /// takes it: the ink colour `ctl status` reports, the comment and other key kept. A value
        /// the file would refuse is refused, and the file stays as it was.
        @Test func configSetReachesTheRunningOverlay() throws {
            let directory = NSTemporaryDirectory() + "touchlight-config-set-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let config = directory + "/config.toml"
            let original = "# mine\n[fade]\nstale_ms = 20000 # long\n\n[annotate]\nwidth = 6.0\n"
            try original.write(toFile: config, atomically: true, encoding: .utf8)
            let sway = try Desktop()
            defer { sway.stop() }
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["annotate", "--config", config], stderr: log)
            defer { touchlight.terminate() }
            let running = try eventually { try sway.ctl("status").output.contains(#""width":6"#) }
            let said = try sway.ctl("status").output + drain(log).suffix(1500)
            #expect(running, "running: \(said)")
            let set = try Desktop.execute(Desktop.touchlight.path, ["config", "set", "annotate.color", "#00ff00", "--config", config])
            #expect(set.status == 0, "\(set.output)")
            waitForLine(in: log, containing: "configuration reloaded from \(config)")
            let taken = try eventually { try sway.ctl("status").output.contains(##""color":"#00FF00FF""##) }
            let status = try sway.ctl("status").output
            #expect(taken, "\(status)")
            let written = try String(contentsOfFile: config, encoding: .utf8)
            #expect(written == original + "color = \"#00ff00\"\n", "only the key's line is new: \(written)")
            let refused = try Desktop.execute(Desktop.touchlight.path, ["config", "set", "annotate.width", "900", "--config", config])
            #expect(refused.status == 1 && refused.output.contains("annotate.width takes a number from 0.5 to 200, not 900"), "\(refused.output)")
            #expect(try String(contentsOfFile: config, encoding: .utf8) == written, "a refused value changes nothing")
        }
    }
}

/// Bug 12: live reload used to miss edits to a symlinked configuration's target, and stopped
/// for good once the configuration's directory was deleted and made again.
extension EndToEnd.LiveReloadTests {
    @Test func editsThroughALinkAndARecreatedDirectoryAreSeen() throws {
        let root = NSTemporaryDirectory() + "touchlight-reload-\(UUID().uuidString.prefix(8))"
        let dotfiles = root + "/dotfiles"
        let configDirectory = root + "/config"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: configDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = dotfiles + "/touchlight.toml"
        let config = configDirectory + "/config.toml"
        try "[fade]\nstale_ms = 20000\n".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(symlink(target, config) == 0)

        let sway = try Desktop()
        defer { sway.stop() }
        let log = Pipe()
        let touchlight = try sway.start(Desktop.touchlight.path, ["--config", config, "--replay", EndToEnd.SwayOverlayTests.trace], stderr: log)
        waitForLine(in: log, containing: "logical px")  // up, and watching

        // The link's target is edited where it lives (in another directory).
        try replace(target, with: "[fade]\nstale_ms = 20000\n[marker]\npalette = [\"#FF3030\"]\n")
        waitForLine(in: log, containing: "configuration reloaded from \(config)")

        // The configuration directory goes away and comes back with a new file. Whether the
        // watcher sees the three steps one by one or together, it reloads; the edit after
        // proves the new directory is watched.
        try FileManager.default.removeItem(atPath: configDirectory)
        try FileManager.default.createDirectory(atPath: configDirectory, withIntermediateDirectories: true)
        try "[fade]\nstale_ms = 20000\n[marker]\nradius = 40\n".write(toFile: config, atomically: true, encoding: .utf8)
        waitForLine(in: log, containing: "configuration reloaded from \(config)")
        try replace(config, with: "[marker]\nradius = 41\n")
        waitForLine(in: log, containing: "configuration reloaded from \(config)")
        #expect(touchlight.isRunning)
    }
}

/// record → replay: recording what a replay delivers gives back the same trace.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct RecordTests {
        @Test func recordingAReplayGivesTheSameTrace() throws {
            let out = NSTemporaryDirectory() + "touchlight-recorded-\(UUID().uuidString.prefix(8)).trace"
            defer { unlink(out) }
            let sway = try Desktop()
            defer { sway.stop() }
            let log = Pipe()
            let touchlight = try sway.start(Desktop.touchlight.path, ["record", out, "--replay", SwayOverlayTests.trace], stderr: log)
            var printed = waitForLine(in: log, containing: "replay finished")
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5))
            #expect(touchlight.terminationStatus == 0)
            printed += drain(log)
            #expect(printed.contains("recorded 121 touch events to \(out)"), "\(printed)")
            let recorded = try TraceText.parse(String(contentsOfFile: out, encoding: .utf8))
            let original = try TraceText.parse(String(contentsOfFile: SwayOverlayTests.trace, encoding: .utf8))
            #expect(recorded.header == ["touchlight-trace \(TouchTrace.formatVersion)", "output 800 600 1"])
            #expect(recorded.settings.map(\.description) == ["0.0 set mode off", "0.0 set tool pen", "0.0 set color E53935FF", "0.0 set width 4.0",
                                                          "0.0 set board off", "0.0 set page 1", "0.0 set spotlight off"],
                    "the annotation state at the start")
            #expect(recorded.events.count == original.events.count)
            for (r, o) in zip(recorded.events, original.events) {
                #expect(r.id == o.id && r.phase == o.phase)
                #expect(abs(r.x - o.x) < 0.01 && abs(r.y - o.y) < 0.01, "\(r) vs \(o)")
                #expect(abs(r.time - o.time) < 0.02, "times honoured within scheduling jitter: \(r.time) vs \(o.time)")
            }
        }
    }
}

/// A minimal reader for trace files in tests (independent of the implementation's parser).
enum TraceText {
    struct Event: CustomStringConvertible {
        let time: Double, id: String, phase: String, x: Double, y: Double
        var description: String { "\(time) \(id) \(phase) \(x) \(y)" }
    }

    struct Setting: CustomStringConvertible {
        let time: Double, name: String, value: String
        var description: String { "\(time) set \(name) \(value)" }
    }

    static func parse(_ text: String) throws -> (header: [String], events: [Event], settings: [Setting]) {
        var header: [String] = [], events: [Event] = [], settings: [Setting] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: " ").map(String.init)
            if header.count < 2 { header.append(f.joined(separator: " ")); continue }
            if f.count == 4, f[1] == "set" {
                settings.append(Setting(time: Double(f[0]) ?? -1, name: f[2], value: f[3]))
                continue
            }
            guard f.count >= 5 else { continue }
            events.append(Event(time: Double(f[0]) ?? -1, id: f[1], phase: f[2], x: Double(f[3]) ?? -1, y: Double(f[4]) ?? -1))
        }
        return (header, events, settings)
    }
}
