import Foundation
import HeadlessSession
import Testing

/// Bug 46.12 and 46.2 where an output really goes: KWin 5.27 and 6.3 (nested, two outputs) turn one off
/// through its output-management protocol, as System Settings does, and withdraws its
/// wl_output. The overlay on it goes with its pixels, the text box open on it is put down (the
/// keyboard goes back), and its ink is kept and shown again when the output comes back. (sway
/// 1.7's and phoc 0.24's headless outputs cannot be turned off: docs/compositors.md.)
extension EndToEnd {
    @Suite(.serialized)
    struct OutputRemovalTests {
        static let trace = """
            touchlight-trace 6
            output 800 600 1
            0 set mode draw
            0 set tool pen
            0.3 1 down 100 100
            0.4 1 move 300 100
            0.5 1 up 500 100
            0.6 set tool text
            0.8 2 down 300 300
            0.85 2 up 300 300

            """

        static func residentKilobytes(_ pid: Int32) -> Int {
            let status = IdleMemoryTests.procFile("/proc/\(pid)/status")
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }

        /// KWin 5.27 and, from the `.deb` in Debian 13's root filesystem, KWin 6.3. (KWin 6.7
        /// announces its outputs through kde_output_device_registry_v2, which the driver's
        /// protocols, Debian 12's plasma-wayland-protocols, do not have.)
        static let desktops = [
            TestedDesktop(compositor: .kwin(outputs: 2), debian: nil, package: "kwin-wayland", version: "4:5.27"),
            TestedDesktop(compositor: .kwin(outputs: 2, plasma6: true), debian: "trixie", package: "kwin-wayland", version: "4:6.3"),
        ]

        @Test(arguments: DesktopPhase.chosen(desktops) { $0.debian })
        func anOutputTurnedOffTakesItsPixelsAndKeepsItsInk(on tested: TestedDesktop) throws {
            if let missing = KWinDriver.missingPrerequisite { Issue.record("NOT RUN: \(missing)"); return }
            guard let desktop = try tested.started() else { return }
            defer { desktop.stop() }
            let (touchlight, log) = try desktop.startReplay(Self.trace, config: "[annotate]\ntoolbar = false\n", name: "removal")
            defer { touchlight.terminate() }
            var printed = waitForLine(in: log, containing: "replay finished")
            // One box is open, on the output whose overlay opened one last (WL-N is KWin's output N).
            let opened = printed.components(separatedBy: "text box opened on WL-").dropFirst().compactMap { Int($0.prefix(1)) }
            try #require(opened.count == 2, "a box opened on each output in turn: \(printed.suffix(1500))")
            let before = Self.residentKilobytes(touchlight.processIdentifier)
            let off = try KWinDriver.setEnabled(false, output: opened[1], on: desktop)
            #expect(off.status == 0 && off.output.contains("applied"), "KWin: \(off.output)")
            let removal = waitForLine(in: log, containing: " removed")
            printed += removal
            #expect(removal.contains("text box closed"), "the box on the output that went was put down: \(removal.suffix(1500))")
            let after = Self.residentKilobytes(touchlight.processIdentifier)
            // An 800×600 overlay's buffers are 1,875 kB each: they went with it.
            #expect(before - after >= 1_000, "resident: \(before) kB with two outputs, \(after) kB with one")
            let status = try desktop.ctl("status")
            #expect(status.output.components(separatedBy: "\"name\"").count - 1 == 1, "one output left: \(status.output)")
            let on = try KWinDriver.setEnabled(true, output: opened[1], on: desktop)
            #expect(on.status == 0, "KWin: \(on.output)")
            printed += waitForLine(in: log, containing: "before it went is shown again")
            let again = try desktop.ctl("status")
            #expect(again.output.components(separatedBy: #""strokes":1"#).count - 1 == 2,
                    "the returned output has its stroke again (a new overlay would have none): \(again.output)\n\(printed.suffix(1500))")
        }
    }
}
