import Foundation
import HeadlessSession
import Testing

/// One desktop of the end-to-end matrix: a compositor of this machine's Debian 12, or one of
/// today's Debian (trixie, sid) in its root filesystem, where touchlight is what the `.deb`
/// built from this checkout installed (`CurrentDesktop`). A suite names the desktops it runs
/// on as its test's arguments: one test, many desktops.
struct TestedDesktop: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    let compositor: Compositor
    /// nil for this machine's Debian 12; else "trixie" or "sid".
    let debian: String?
    /// The Debian package the compositor comes from, and the start of the version it must be
    /// (with Debian's epoch, "4:6.7"): checked, so the matrix's names are true.
    let package: String
    let version: String

    /// "KWin 6.7 (sid)": the version without Debian's epoch.
    var testDescription: String { "\(compositor.name) \(version.split(separator: ":").last ?? "")" + (debian.map { " (\($0))" } ?? "") }
    var description: String { testDescription }

    /// Debian 12's sway 1.7, which most suites run on.
    static let debian12Sway = TestedDesktop(compositor: .sway, debian: nil, package: "sway", version: "1.7")

    /// Mir and KWin of Debian 12, nested in its sway.
    static let debian12Nested = [
        TestedDesktop(compositor: .mir, debian: nil, package: "mir-demos", version: "2.12"),
        TestedDesktop(compositor: .kwin, debian: nil, package: "kwin-wayland", version: "4:5.27"),
    ]

    /// Today's desktops that run here: each compositor of Debian 13 (trixie) and of sid with
    /// layer-shell. GNOME has its own suites. Not here:
    /// - wayfire 0.9 (trixie) needs a GPU ("Failed to get DRM file descriptor");
    /// - Mir 2.20 (trixie) starts on its virtual display, but answers a frame callback only
    ///   after 2.8 s (touchlight's protocol log): its screen lags seconds behind every client,
    ///   so a screenshot cannot tell what touchlight drew. Mir 2.28 answers at 60 Hz.
    static let today = [
        TestedDesktop(compositor: .sway, debian: "trixie", package: "sway", version: "1.10"),
        TestedDesktop(compositor: .sway, debian: "sid", package: "sway", version: "1.12"),
        TestedDesktop(compositor: .labwc, debian: "trixie", package: "labwc", version: "0.8"),
        TestedDesktop(compositor: .labwc, debian: "sid", package: "labwc", version: "0.20"),
        TestedDesktop(compositor: .wayfire, debian: "sid", package: "wayfire", version: "0.10"),
        TestedDesktop(compositor: .phoc, debian: "trixie", package: "phoc", version: "0.46"),
        TestedDesktop(compositor: .phoc, debian: "sid", package: "phoc", version: "0.58"),
        TestedDesktop(compositor: .mirVirtual, debian: "sid", package: "mir-demos", version: "2.28"),
        TestedDesktop(compositor: .kwin6, debian: "trixie", package: "kwin-wayland", version: "4:6.3"),
        TestedDesktop(compositor: .kwin6, debian: "sid", package: "kwin-wayland", version: "4:6.7"),
    ]

    /// sid's, the newest of each.
    static var newest: [TestedDesktop] { today.filter { $0.debian == "sid" } }

    /// The one of `name` (as `testDescription` says it), for a suite that names a few.
    static func named(_ name: String) -> TestedDesktop {
        guard let found = ([debian12Sway] + debian12Nested + today).first(where: { $0.testDescription == name }) else {
            preconditionFailure("no tested desktop is called \(name)")
        }
        return found
    }

    /// Whether it offers ext-image-copy-capture (wlroots 0.19 and later), which the zoom then
    /// takes its picture with.
    var offersImageCopyCapture: Bool {
        ["sway 1.12 (sid)", "labwc 0.20 (sid)", "phoc 0.58 (sid)"].contains(testDescription)
    }

    /// Whether it takes the keyboard focus from the app below when the overlay maps, although
    /// the overlay asks for none (`set_keyboard_interactivity(0)`), and keeps it after: Mir
    /// 2.28 (the terminal's cursor goes hollow). Tests record that as a known issue.
    var takesTheFocusFromTheApp: Bool { testDescription == "Mir 2.28 (sid)" }

    /// Whether it is KWin (of either Debian): foot does not run on it, and it offers no capture.
    var isKWin: Bool { compositor.executable == Compositor.kwin.executable }

    /// The desktop, started, its version checked; nil after recording why it could not start.
    func started(scale: Int = 1) throws -> Desktop? {
        let root = try debian.map { try CurrentDesktop.root($0) }
        let query = ["dpkg-query", "-W", "-f", "${Version}", package]
        let installed = try root.map { try Desktop.run($0.enter, [$0.path] + query) } ?? Desktop.run("/usr/bin/env", query)
        #expect(installed.hasPrefix(version), "\(testDescription): \(package) is \(installed)")
        guard let desktop = try Desktop.started(compositor, scale: scale, root: root) else { return nil }
        if compositor.executable == Compositor.mirVirtual.executable, compositor.name == Compositor.mirVirtual.name, !compositor.isNested {
            // miral-shell fades its desktop in over seconds, in few frames: until it stands
            // still for a second, what shows is not yet what stays.
            var previous = try desktop.screenshot("\(testDescription)-started")
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                sleep(1)
                let shot = try desktop.screenshot("\(testDescription)-started")
                if shot.rgb == previous.rgb { break }
                previous = shot
            }
        }
        return desktop
    }

    /// A terminal to put under the overlay: foot, but weston-terminal on KWin, where foot 1.13
    /// dies of SIGFPE (an integer division by zero, seen with strace) after the nested output's
    /// geometry event, which gives its physical size as -1×-1 mm.
    var terminal: [String] {
        isKWin ? ["weston-terminal", "--shell=/bin/sh"] : ["foot", "sh", "-c", "echo hello from foot; sleep 60"]
    }
}

/// One GNOME of the GNOME suites: Debian 12's 43 with this build, or 48 (Debian 13) and 51
/// (sid) from the `.deb` in their root filesystems.
struct TestedGnome: Sendable, CustomTestStringConvertible {
    /// nil for this machine's Debian 12; else "trixie" or "sid".
    let debian: String?
    let version: String

    static let all = [TestedGnome(debian: nil, version: "43"), TestedGnome(debian: "trixie", version: "48"), TestedGnome(debian: "sid", version: "51")]

    var testDescription: String { "GNOME \(version)" + (debian.map { " (\($0))" } ?? "") }

    /// Its root filesystem, with the package installed (nil: this machine).
    func root() throws -> RootFilesystem? { try debian.map { try CurrentDesktop.root($0) } }
}
