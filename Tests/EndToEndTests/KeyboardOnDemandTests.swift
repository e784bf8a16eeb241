import Foundation
import HeadlessSession
import Testing

/// Bug 46.3: a box that holds the keyboard exclusively holds every key while its overlay is
/// stopped. It asks on demand first and takes it exclusively only where the compositor does
/// not give it within `keyboardOnDemandWait`. Which desktops give it (a keyboard made by
/// wtype, on the host sway for the nested ones), each run printing what it saw, Debian 12's
/// and today's: docs/compositors.md keeps the table. (phoc is not here: wtype finds no seat on it, even
/// with an emulated touchscreen, so no keyboard reaches any client.)
extension EndToEnd {
    @Suite(.serialized)
    struct KeyboardOnDemandTests {
        static let tap = """
            touchlight-trace 6
            output 800 600 1
            0 set mode draw
            0 set tool text
            0.5 1 down 300 200
            0.55 1 up 300 200

            """

        /// How each desktop gives the box the keyboard, as measured (docs/compositors.md keeps
        /// the table).
        static let table: [(desktop: TestedDesktop, keyboard: String)] = [
            (.debian12Sway, "on demand"),
            (.named("KWin 5.27"), "exclusively (no on demand in its layer-shell)"),
            (.named("Mir 2.12"), "exclusively"),
            // sway 1.8 and later, and labwc, give an on-demand layer surface the keyboard only
            // at a click on it; a touch is none.
            (.named("sway 1.12 (sid)"), "exclusively"),
            (.named("labwc 0.20 (sid)"), "exclusively"),
            (.named("KWin 6.7 (sid)"), "on demand"),
            (.named("Mir 2.28 (sid)"), "exclusively"),
        ]

        @Test(arguments: DesktopPhase.chosen(table) { $0.desktop.debian })
        func theBoxGetsTheKeyboardAsTheTableSays(on desktop: TestedDesktop, keyboard expected: String) throws {
            guard let started = try desktop.started() else { return }
            defer { started.stop() }
            let how = try Self.keyboard(on: started, desktop.compositor)
            print("\(desktop.testDescription): the box's keyboard came \(how ?? "not at all")")
            // Mir 2.28 once gave the exclusive box no focus within 10 s, in a whole-suite run
            // (ci13 on 2026-12-08, 1 of 9 such runs); not seen again in 7 runs alone, 3 of them
            // beside three busy loops. Recorded, not hidden: its other focus faults are in
            // DesktopMatrixTests.
            withKnownIssue("Mir 2.28 sometimes gives an exclusive layer surface no keyboard focus", isIntermittent: true) {
                #expect(how == expected, "\(desktop.testDescription): \(how ?? "nothing")")
            } when: { desktop.takesTheFocusFromTheApp && how == "exclusively, but no focus came" }
        }

        /// How the compositor gave the box the keyboard: "on demand", "exclusively", or what
        /// touchlight printed when neither came.
        static func keyboard(on desktop: Desktop, _ compositor: Compositor) throws -> String? {
            guard Desktop.which("wtype") != nil else { Issue.record("NOT RUN: wtype is not installed (scripts/install-deps test)"); return nil }
            // A keyboard for the seat the overlay is on (the host's, for a nested compositor).
            let environment = compositor.isNested ? desktop.session.hostEnvironment : desktop.environment
            let wtype = Process(), input = Pipe()
            wtype.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            wtype.arguments = try desktop.session.asSessionUser(["env"] + environment.map { "\($0.key)=\($0.value)" } + ["wtype", "-"])
            wtype.standardInput = input
            try wtype.run()
            defer { try? input.fileHandleForWriting.close(); wtype.terminate() }
            let (touchlight, log) = try desktop.startReplay(tap, config: "[annotate]\ntoolbar = false\n", name: "tap")
            defer { touchlight.terminate() }
            var printed = ""
            _ = eventually(timeout: 10) {
                printed += drain(log)
                return printed.contains("gave the text box the keyboard on demand")
                    || (printed.contains("exclusively") && printed.contains("keyboard focus taken"))
            }
            print("\(compositor.name): \(printed.split(separator: "\n").filter { $0.contains("keyboard") || $0.contains("text box") }.joined(separator: " | "))")
            if printed.contains("gave the text box the keyboard on demand") { return "on demand" }
            if printed.contains("has no keyboard on demand") { return "exclusively (no on demand in its layer-shell)" }
            if printed.contains("taking it exclusively") { return printed.contains("keyboard focus taken") ? "exclusively" : "exclusively, but no focus came" }
            return "neither: \(printed.suffix(800))"
        }
    }
}
