import Foundation
import Testing

/// Out of the build folder: `scripts/package` builds a .deb that apt installs, lintian accepts
/// and apt removes without a trace; the installed binary draws markers, with the canvas and with
/// GLES, while the checkout and the Swift toolchain are hidden; `scripts/install --prefix` and
/// `--uninstall` leave the file system as they found it. Needs root (apt-get, mount namespaces).
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct InstallTests {
        static let root = Desktop.packageRoot.path
        static let staticBinary = root + "/.build/static/release/touchlight"

        /// The Swift toolchain's folder to hide: the one above `usr/bin/swift` (/opt/swift), or
        /// its runtime's folder when it is installed in /usr itself.
        static var toolchain: String? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            guard let swift = path.split(separator: ":").map({ "\($0)/swift" }).first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
            let bin = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            let root = bin.deletingLastPathComponent().deletingLastPathComponent().path
            return root == "/" || root == "/usr" ? bin.deletingLastPathComponent().path + "/lib/swift" : root
        }

        /// Why these tests cannot run here (recorded as a failure: CI has all of it).
        static var missing: String? {
            if getuid() != 0 { return "not root: installing a package and mount namespaces need root (CI runs as root)" }
            if toolchain == nil { return "swift is not on PATH" }
            for tool in ["dpkg-deb", "dpkg-shlibdeps", "lintian", "apt-get", "unshare", "man", "systemd-analyze"] where Desktop.which(tool) == nil {
                return "\(tool) is not installed (scripts/install-deps test installs it)"
            }
            return nil
        }

        /// Runs `scripts/NAME arguments` to its end.
        static func script(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
            var merged = ProcessInfo.processInfo.environment
            merged.merge(environment) { $1 }
            return try Desktop.execute("/bin/bash", [root + "/scripts/" + name] + arguments, environment: merged)
        }

        /// Every path under `folder`, with its kind and (for files) size.
        static func tree(_ folder: String) -> Set<String> {
            var paths = Set<String>()
            guard let walker = FileManager.default.enumerator(atPath: folder) else { return paths }
            while let path = walker.nextObject() as? String {
                let attributes = walker.fileAttributes ?? [:]
                paths.insert("\(path) \(attributes[.type] ?? "") \(attributes[.size] ?? "")")
            }
            return paths
        }

        @Test func theDebianPackageInstallsRunsWithoutTheToolchainAndRemovesCleanly() throws {
            if let missing = Self.missing { Issue.record("NOT RUN: \(missing)"); return }
            let out = NSTemporaryDirectory() + "touchlight-deb-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: out) }
            let built = try Self.script("package", ["--out", out])
            try #require(built.status == 0, "scripts/package: \(built.output.suffix(3000))")
            let deb = try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix("_amd64.deb") })
            let version = try Desktop.run(Self.staticBinary, ["--version"]).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(deb == "touchlight_\(version)_amd64.deb", "the package takes its version from touchlight --version")

            let lintian = try Desktop.execute("/usr/bin/lintian", [out + "/" + deb])
            let errors = lintian.output.split(separator: "\n").filter { $0.hasPrefix("E:") }
            #expect(errors.isEmpty, "lintian errors: \(errors)")
            print("lintian: \(lintian.output.split(separator: "\n").filter { $0.hasPrefix("W:") }.count) warnings")

            let install = try Desktop.execute("/usr/bin/apt-get", ["install", "-y", "-q", out + "/" + deb],
                                              environment: ["DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
            try #require(install.status == 0, "apt-get install: \(install.output.suffix(2000))")
            let files = try Desktop.run("/usr/bin/dpkg", ["-L", "touchlight"]).split(separator: "\n").map(String.init)
            var removed = false
            defer { if !removed { _ = try? Desktop.execute("/usr/bin/apt-get", ["purge", "-y", "-q", "touchlight"]) } }

            // Self-contained: nothing from the toolchain, every library found.
            let ldd = try Desktop.run("/usr/bin/ldd", ["/usr/bin/touchlight"])
            for name in ["libswift", "libFoundation", "lib_FoundationICU", "libdispatch", "not found", Self.toolchain ?? "/opt/swift"] {
                #expect(!ldd.contains(name), "ldd /usr/bin/touchlight shows \(name):\n\(ldd)")
            }
            try Self.expectMarkers(renderer: "canvas")
            try Self.expectMarkers(renderer: "gles")

            // The man page renders, the completion completes, systemd accepts the unit.
            let man = try Desktop.execute("/usr/bin/man", ["-P", "cat", "touchlight"], environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin"])
            #expect(man.status == 0 && man.output.contains("SYNOPSIS") && man.output.contains("touchlight [subcommand]"), "\(man.output.prefix(800))")
            let complete = "source /usr/share/bash-completion/completions/touchlight; COMP_WORDS=(touchlight re); COMP_CWORD=1; "
                + "COMP_LINE='touchlight re'; COMP_POINT=13; _touchlight touchlight re touchlight; echo \"${COMPREPLY[*]}\""
            #expect(try Desktop.run("/bin/bash", ["-c", complete]) == "record render\n")
            let runtime = NSTemporaryDirectory() + "touchlight-systemd-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            let verify = try Desktop.execute("/usr/bin/systemd-analyze", ["--user", "verify", "/usr/lib/systemd/user/touchlight.service"],
                                             environment: ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin"])
            #expect(verify.status == 0 && verify.output.isEmpty, "systemd-analyze verify: \(verify.output)")
            // The GNOME Shell extension: both variants shipped, and the one for the GNOME Shell
            // here (43: imports.*) linked by the postinst where GNOME finds system extensions,
            // starting /usr/bin/touchlight.
            for variant in ["43", "45"] {
                #expect(files.contains("/usr/share/touchlight/gnome-shell-extension/\(variant)/extension.js"), "\(files.filter { $0.contains("gnome") })")
            }
            let extensionLink = "/usr/share/gnome-shell/extensions/touchlight@touchlight.dev"
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: extensionLink)) == "/usr/share/touchlight/gnome-shell-extension/43")
            let metadata = (try? String(contentsOfFile: extensionLink + "/metadata.json", encoding: .utf8)) ?? ""
            #expect(metadata.contains("\"touchlight-binary\": \"/usr/bin/touchlight\"") && metadata.contains("\"shell-version\": [\"43\", \"44\"]"), "\(metadata)")
            // Shipped inactive: nothing enabled, no rule in /etc.
            #expect(!files.contains { $0.hasPrefix("/etc") }, "\(files.filter { $0.hasPrefix("/etc") })")

            let purge = try Desktop.execute("/usr/bin/apt-get", ["purge", "-y", "-q", "touchlight"],
                                            environment: ["DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
            removed = purge.status == 0
            #expect(removed, "apt-get purge: \(purge.output.suffix(1000))")
            let left = files.filter { $0 != "/." && !$0.hasSuffix("/usr") && FileManager.default.fileExists(atPath: $0) && !Self.isShared($0) }
            #expect(left.isEmpty, "left behind after purge: \(left)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: extensionLink)) == nil, "the extension's link goes too")
        }

        /// A folder other packages own too (/usr/share/man/man1), which stays.
        static func isShared(_ path: String) -> Bool {
            ["/usr/bin", "/usr/lib", "/usr/share", "/usr/share/man", "/usr/share/man/man1", "/usr/share/doc", "/usr/lib/systemd",
             "/usr/lib/systemd/user", "/usr/share/bash-completion", "/usr/share/bash-completion/completions", "/usr/share/zsh",
             "/usr/share/zsh/vendor-completions", "/usr/share/zsh/site-functions", "/usr/share/fish", "/usr/share/fish/vendor_completions.d",
             "/usr/share/gnome-shell", "/usr/share/gnome-shell/extensions", "/usr/share/applications"]
                .contains(path) && (try? FileManager.default.contentsOfDirectory(atPath: path).isEmpty) == false
        }

        /// Runs /usr/bin/touchlight with the checkout and the toolchain under empty tmpfs mounts
        /// (a private mount namespace) on headless sway, replaying a drag, and finds its marker.
        static func expectMarkers(renderer: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let session = sway.runtimeDirectory.path
            try FileManager.default.copyItem(atPath: SwayOverlayTests.trace, toPath: session + "/drag.trace")
            try "[performance]\nrenderer = \"\(renderer)\"\n".write(toFile: session + "/touchlight.toml", atomically: true, encoding: .utf8)
            let hide = """
                mount -t tmpfs tmpfs "$1" && mount -t tmpfs tmpfs "$2" && [ -z "$(ls -A "$1")$(ls -A "$2")" ] || { echo "could not hide $1 and $2"; exit 9; }
                shift 2; exec "$@"
                """
            let log = Pipe()
            let touchlight = try sway.start("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", hide, "sh", root, toolchain ?? "/opt/swift",
                                                                 "/usr/bin/env", "LIBGL_ALWAYS_SOFTWARE=1", "/usr/bin/touchlight",
                                                                 "--config", session + "/touchlight.toml", "--replay", session + "/drag.trace", "--verbose"],
                                            stderr: log, stdout: log)
            let shot = try sway.screenshot("installed-\(renderer)") { $0[530, 300].isMarkerBlue && $0[470, 300].isMarkerBlue }
            touchlight.terminate()
            #expect(waitForExit(touchlight, timeout: 5), "\(renderer): no exit on SIGTERM", sourceLocation: sourceLocation)
            let text = drain(log)
            #expect(touchlight.terminationStatus == 0, "\(renderer): status \(touchlight.terminationStatus): \(text.suffix(1500))", sourceLocation: sourceLocation)
            #expect(shot[530, 300].isMarkerBlue && shot[470, 300].isMarkerBlue,
                    "\(renderer): no marker ring at (470/530, 300): \(shot[530, 300]) \(shot[470, 300])", sourceLocation: sourceLocation)
            if renderer == "gles" {
                #expect(text.contains("drawing with OpenGL ES 2"), "the shaders are inside the binary: \(text.suffix(1500))", sourceLocation: sourceLocation)
                #expect(!text.contains("drawing on the canvas"), "\(text.suffix(1500))", sourceLocation: sourceLocation)
            }
        }

        @Test func scriptsInstallAndUninstallLeaveNothingBehind() throws {
            if let missing = Self.missing { Issue.record("NOT RUN: \(missing)"); return }
            let home = NSTemporaryDirectory() + "touchlight-home-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: home) }
            let prefix = home + "/.local"
            let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "TOUCHLIGHT_UDEV_RULE_FILE": home + "/rules.d/70-touchlight.rules"]
            try FileManager.default.createDirectory(atPath: home + "/rules.d", withIntermediateDirectories: false)
            // A first round lets swift keep what it keeps in HOME (its caches), which is not ours.
            let arguments = ["--prefix", prefix, "--autostart", "--udev"]  // builds the binary if scripts/package did not
            #expect(try Self.script("install", arguments, environment: environment).status == 0)
            #expect(try Self.script("install", ["--uninstall", "--prefix", prefix], environment: environment).status == 0)
            let before = Self.tree(home)

            let installed = try Self.script("install", arguments, environment: environment)
            try #require(installed.status == 0, "\(installed.output.suffix(2000))")
            for path in ["/.local/bin/touchlight", "/.local/share/man/man1/touchlight.1.gz", "/.local/share/bash-completion/completions/touchlight",
                         "/.local/share/zsh/site-functions/_touchlight", "/.local/share/fish/vendor_completions.d/touchlight.fish",
                         "/.local/share/systemd/user/touchlight.service", "/.config/autostart/touchlight.desktop", "/rules.d/70-touchlight.rules",
                         "/.config/systemd/user/graphical-session.target.wants/touchlight.service", "/.local/share/touchlight/installed-files",
                         "/.local/share/applications/touchlight.desktop", "/.local/share/gnome-shell/extensions/touchlight@touchlight.dev/extension.js"] {
                #expect(FileManager.default.fileExists(atPath: home + path), "\(path) is not installed")
            }
            // The GNOME Shell extension starts the binary it came with, and is the variant of
            // the GNOME Shell installed here (43: imports.*).
            let metadata = try String(contentsOfFile: home + "/.local/share/gnome-shell/extensions/touchlight@touchlight.dev/metadata.json", encoding: .utf8)
            #expect(metadata.contains("\"touchlight-binary\": \"\(prefix)/bin/touchlight\"") && metadata.contains("\"shell-version\": [\"43\", \"44\"]"), "\(metadata)")
            #expect(try String(contentsOfFile: home + "/.config/autostart/touchlight.desktop", encoding: .utf8).contains("\nNotShowIn=GNOME;\n"))
            // KWin grants its ScreenShot2 to the program a desktop entry names by its full path.
            let entry = try String(contentsOfFile: home + "/.local/share/applications/touchlight.desktop", encoding: .utf8)
            #expect(entry.contains("\nExec=\(prefix)/bin/touchlight run\n") && entry.contains("\nX-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2\n"), "\(entry)")
            let unit = try String(contentsOfFile: home + "/.local/share/systemd/user/touchlight.service", encoding: .utf8)
            #expect(unit.contains("ExecStart=\(prefix)/bin/touchlight run"))
            #expect(try Desktop.run(prefix + "/bin/touchlight", ["--version"]).hasPrefix("0."))
            // Installing again replaces the install, it does not pile up.
            #expect(try Self.script("install", arguments, environment: environment).status == 0)

            let removed = try Self.script("install", ["--uninstall", "--prefix", prefix], environment: environment)
            #expect(removed.status == 0, "\(removed.output)")
            let after = Self.tree(home)
            #expect(after == before, "left behind: \(after.subtracting(before).sorted()); removed: \(before.subtracting(after).sorted())")
            let again = try Self.script("install", ["--uninstall", "--prefix", prefix], environment: environment)
            #expect(again.status == 1 && again.output.contains("nothing installed at \(prefix)"), "\(again.output)")
        }

        /// On GNOME, `--autostart` enables the Shell extension for the user (GNOME's own setting,
        /// written with gsettings), keeping what was enabled. GSettings' keyfile backend stands
        /// in for dconf here, so no D-Bus service outlives the test; the install sees a session
        /// bus named, as in a desktop session.
        @Test func autostartEnablesTheGnomeExtension() throws {
            if let missing = Self.missing { Issue.record("NOT RUN: \(missing)"); return }
            let home = NSTemporaryDirectory() + "touchlight-gnome-home-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: home) }
            let binary = FileManager.default.isExecutableFile(atPath: Self.staticBinary) ? Self.staticBinary : Desktop.touchlight.path
            var environment = ProcessInfo.processInfo.environment
            environment.merge(["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
                               "GSETTINGS_BACKEND": "keyfile", "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(home)/no-bus"]) { $1 }
            try Desktop.run("/usr/bin/gsettings", ["set", "org.gnome.shell", "enabled-extensions", "['other@example.org']"], environment: environment)
            let (status, output) = try Desktop.execute("/bin/bash", [Self.root + "/scripts/install", "--binary", binary, "--prefix", home + "/.local", "--autostart"],
                                                       environment: environment)
            #expect(status == 0, "\(output.suffix(2000))")
            #expect(output.contains("on GNOME its Shell extension (touchlight@touchlight.dev) is enabled"), "\(output.suffix(1000))")
            let enabled = try Desktop.run("/usr/bin/gsettings", ["get", "org.gnome.shell", "enabled-extensions"], environment: environment)
            #expect(enabled == "['other@example.org', 'touchlight@touchlight.dev']\n", "\(enabled)")
            // Installed again: enabled once.
            #expect(try Desktop.execute("/bin/bash", [Self.root + "/scripts/install", "--binary", binary, "--prefix", home + "/.local", "--autostart"],
                                        environment: environment).status == 0)
            #expect(try Desktop.run("/usr/bin/gsettings", ["get", "org.gnome.shell", "enabled-extensions"], environment: environment) == enabled)
        }

        /// Issue 57: a GNOME upgrade after `scripts/install` (43 to 48) left the user's extension
        /// the 43 variant, which 48 refuses as out of date. The install links the variant for
        /// the GNOME Shell it finds, and its user unit, run at each login before the shell
        /// starts, links the one for the GNOME Shell installed then. A stand-in `gnome-shell`
        /// says which version is installed; the unit is what systemd would run, and systemd
        /// accepts it.
        @Test func aGnomeUpgradeAfterAUsersInstallGetsItsVariant() throws {
            if let missing = Self.missing { Issue.record("NOT RUN: \(missing)"); return }
            let home = NSTemporaryDirectory() + "touchlight-upgrade-\(UUID().uuidString.prefix(8))"
            let runtime = home + "-runtime"
            try FileManager.default.createDirectory(atPath: home + "/bin", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            defer { for folder in [home, runtime] { try? FileManager.default.removeItem(atPath: folder) } }
            func installedShell(_ version: String) throws {
                try "#!/bin/sh\necho 'GNOME Shell \(version)'\n".write(toFile: home + "/bin/gnome-shell", atomically: true, encoding: .utf8)
                chmod(home + "/bin/gnome-shell", 0o755)
            }
            let binary = FileManager.default.isExecutableFile(atPath: Self.staticBinary) ? Self.staticBinary : Desktop.touchlight.path
            let prefix = home + "/.local", link = home + "/.local/share/gnome-shell/extensions/touchlight@touchlight.dev"
            let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
                               "PATH": home + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
            try installedShell("43.9")
            // A first round lets swift keep what it keeps in HOME (its caches), which is not ours.
            let install = ["--binary", binary, "--prefix", prefix]
            #expect(try Self.script("install", install, environment: environment).status == 0)
            #expect(try Self.script("install", ["--uninstall", "--prefix", prefix], environment: environment).status == 0)
            let before = Self.tree(home)
            let installed = try Self.script("install", install, environment: environment)
            try #require(installed.status == 0, "\(installed.output.suffix(2000))")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == prefix + "/share/touchlight/gnome-shell-extension/43")

            let unitPath = prefix + "/share/systemd/user/touchlight-gnome-extension.service"
            let unit = try String(contentsOfFile: unitPath, encoding: .utf8)
            #expect(unit.contains("\nBefore=org.gnome.Shell@wayland.service org.gnome.Shell@x11.service\n") && unit.contains("\nWantedBy=gnome-session-pre.target\n"),
                    "\(unit)")
            let enabling = home + "/.config/systemd/user/gnome-session-pre.target.wants/touchlight-gnome-extension.service"
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: enabling)) == unitPath, "enabled for the next login")
            let verify = try Desktop.execute("/usr/bin/systemd-analyze", ["--user", "verify", unitPath],
                                             environment: ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin", "MANPATH": prefix + "/share/man:"])
            #expect(verify.status == 0 && verify.output.isEmpty, "systemd-analyze verify: \(verify.output)")

            // GNOME is upgraded; at the next login the unit runs before the shell starts.
            try installedShell("48.7")
            let command = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") }?.dropFirst("ExecStart=".count).split(separator: " ").map(String.init))
            let chosen = try Desktop.execute(command[0], Array(command.dropFirst()), environment: environment)
            #expect(chosen.status == 0, "\(chosen.output)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == prefix + "/share/touchlight/gnome-shell-extension/45")
            let metadata = (try? String(contentsOfFile: link + "/metadata.json", encoding: .utf8)) ?? ""
            #expect(metadata.contains("\"shell-version\": [\"45\",") && metadata.contains("\"48\"") && metadata.contains("\"touchlight-binary\": \"\(prefix)/bin/touchlight\""),
                    "\(metadata)")

            let removed = try Self.script("install", ["--uninstall", "--prefix", prefix], environment: environment)
            #expect(removed.status == 0, "\(removed.output)")
            let after = Self.tree(home)
            #expect(after == before, "left behind: \(after.subtracting(before).sorted()); removed: \(before.subtracting(after).sorted())")
        }

        /// Bug 46.10: `--uninstall` deleted whatever the manifest named. Now a path outside the
        /// prefix (directly, through `PREFIX/..`, or through a symlinked folder) is refused with
        /// a message and left alone; what is inside goes.
        @Test func uninstallRemovesOnlyWhatTheInstallChose() throws {
            if let missing = Self.missing { Issue.record("NOT RUN: \(missing)"); return }
            let home = NSTemporaryDirectory() + "touchlight-manifest-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: home) }
            let prefix = home + "/prefix", outside = home + "/outside"
            for folder in [prefix + "/share/touchlight", prefix + "/bin", outside] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(atPath: prefix + "/share/linked", withDestinationPath: outside)
            for file in [prefix + "/bin/touchlight", outside + "/victim", outside + "/via-dots", outside + "/via-link", home + "/.bashrc"] {
                try "keep\n".write(toFile: file, atomically: true, encoding: .utf8)
            }
            let manifest = ["f \(prefix)/bin/touchlight", "f \(outside)/victim", "f \(prefix)/../outside/via-dots",
                            "f \(prefix)/share/linked/via-link", "d \(outside)", "d \(home)", "f relative/path", "x \(home)/.bashrc"]
            try (manifest.joined(separator: "\n") + "\n").write(toFile: prefix + "/share/touchlight/installed-files", atomically: true, encoding: .utf8)
            let removed = try Self.script("install", ["--uninstall", "--prefix", prefix], environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/.config"])
            #expect(removed.status == 1, "a manifest with foreign lines fails: \(removed.output)")
            #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/touchlight"), "what is inside the prefix goes")
            for kept in [outside + "/victim", outside + "/via-dots", outside + "/via-link", home + "/.bashrc"] {
                #expect(FileManager.default.fileExists(atPath: kept), "\(kept) was removed")
            }
            for refused in ["\(outside)/victim", "\(prefix)/../outside/via-dots", "\(prefix)/share/linked/via-link", "relative/path"] {
                #expect(removed.output.contains("not removing '\(refused)'"), "\(refused): \(removed.output)")
            }
        }

        /// Bug 46.13: a user's install into a folder of their own outside the home folder failed
        /// on `--autostart` ("cannot write /etc/xdg/autostart"). Its autostart is that user's,
        /// wherever the prefix; root's, or one that needs sudo, is the system's.
        @Test func aUsersOwnInstallStartsWithThatUser() throws {
            if let missing = Self.missing { Issue.record("NOT RUN: \(missing)"); return }
            guard let user = getpwnam("touchlight-test") else { Issue.record("NOT RUN: no user touchlight-test (scripts/test makes it)"); return }
            let home = NSTemporaryDirectory() + "touchlight-user-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: home) }
            #expect(chown(home, user.pointee.pw_uid, user.pointee.pw_gid) == 0)
            let script = "source scripts/lib/install-places.sh && install_places \"$1\" && echo \"$scope $unit_dir $autostart_dir $wants_dir\""
            func places(_ prefix: String, asUser: Bool) throws -> String {
                let command = (asUser ? ["/usr/bin/setpriv", "--reuid=touchlight-test", "--regid=touchlight-test", "--init-groups", "--"] : [])
                    + ["/usr/bin/env", "-i", "HOME=\(home)", "PATH=/usr/bin:/bin", "/bin/bash", "-c", "cd \"$0\" && " + script, Self.root, prefix]
                return try Desktop.run(command[0], Array(command.dropFirst())).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            #expect(try places(home + "/opt-touchlight", asUser: true)
                    == "user \(home)/opt-touchlight/share/systemd/user \(home)/.config/autostart \(home)/.config/systemd/user/graphical-session.target.wants")
            #expect(try places("/var/tmp/touchlight-elsewhere", asUser: true)
                    == "user \(home)/.local/share/systemd/user \(home)/.config/autostart \(home)/.config/systemd/user/graphical-session.target.wants",
                    "a writable prefix outside the home folder is still the user's own install")
            #expect(try places("/usr/local", asUser: true).hasPrefix("system /usr/local/lib/systemd/user /etc/xdg/autostart"), "a prefix that needs sudo")
            #expect(try places("/opt/touchlight", asUser: false).hasPrefix("system /opt/touchlight/lib/systemd/user /etc/xdg/autostart"), "root's")
        }

        /// Issue 56.9: a user's install into a prefix of their own outside the home folder
        /// (its unit in the user's data folder) uninstalled its files, then exited 1, refusing
        /// the prefix itself: "it is outside PREFIX". The prefix the install made goes too; a
        /// clean uninstall exits 0 and says what it removed. As the unprivileged test user, with
        /// the manifest such an install writes (the build itself needs the checkout's .build).
        @Test func aUsersInstallOutsideTheHomeFolderUninstallsCleanly() throws {
            if let missing = Self.missing { Issue.record("NOT RUN: \(missing)"); return }
            guard let user = getpwnam("touchlight-test") else { Issue.record("NOT RUN: no user touchlight-test (scripts/test makes it)"); return }
            let (uid, gid) = (user.pointee.pw_uid, user.pointee.pw_gid)
            let home = NSTemporaryDirectory() + "touchlight-outside-home-\(UUID().uuidString.prefix(8))"
            let prefix = "/var/tmp/touchlight-prefix-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: home); try? FileManager.default.removeItem(atPath: prefix) }
            let unit = home + "/.local/share/systemd/user/touchlight.service"
            let folders = [prefix, prefix + "/bin", prefix + "/share", prefix + "/share/touchlight", home + "/.local", home + "/.local/share",
                           home + "/.local/share/systemd", home + "/.local/share/systemd/user"]
            let files = [prefix + "/bin/touchlight", prefix + "/share/touchlight/touchlight.desktop", unit]
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
            for folder in folders { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            for file in files { try "installed\n".write(toFile: file, atomically: false, encoding: .utf8) }
            let manifest = (folders.prefix(4).map { "d \($0)" } + ["f \(files[0])", "f \(files[1])"] + folders.suffix(4).map { "d \($0)" } + ["f \(unit)"])
            try (manifest.joined(separator: "\n") + "\n").write(toFile: prefix + "/share/touchlight/installed-files", atomically: false, encoding: .utf8)
            for path in [home, prefix] { _ = try Desktop.run("/usr/bin/chown", ["-R", "\(uid):\(gid)", path]) }

            let (status, output) = try Desktop.execute("/usr/bin/setpriv", ["--reuid=\(uid)", "--regid=\(gid)", "--init-groups", "--",
                                                                            "/usr/bin/env", "-i", "HOME=\(home)", "PATH=/usr/bin:/bin",
                                                                            "/bin/bash", Self.root + "/scripts/install", "--uninstall", "--prefix", prefix])
            #expect(status == 0, "a clean uninstall exits 0: \(output)")
            #expect(!output.contains("not removing"), "\(output)")
            #expect(output.contains("removed Touchlight from \(prefix): 3 files and 8 folders it had made"), "says what it removed: \(output)")
            #expect(!FileManager.default.fileExists(atPath: prefix) && !FileManager.default.fileExists(atPath: unit), "nothing is left")
            #expect(FileManager.default.fileExists(atPath: home), "the home folder stays")
        }

        /// Without apt-get (another distribution), install-deps names what is missing by
        /// pkg-config name and by command, and installs nothing.
        @Test func setupWithoutAptNamesWhatIsMissing() throws {
            let bin = NSTemporaryDirectory() + "touchlight-noapt-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: bin) }
            let pkgConfig = try #require(Desktop.which("pkg-config"), "pkg-config is not installed")
            try FileManager.default.createSymbolicLink(atPath: bin + "/pkg-config", withDestinationPath: URL(fileURLWithPath: pkgConfig).resolvingSymlinksInPath().path)
            let bare = try Self.script("install-deps", ["test"], environment: ["PATH": bin, "PKG_CONFIG_LIBDIR": bin, "PKG_CONFIG_PATH": ""])
            #expect(bare.status == 1, "\(bare.output)")
            #expect(bare.output.contains("libraries, by pkg-config name: pixman-1 zlib spng wayland-client wayland-protocols xkbcommon libinput"), "\(bare.output)")
            #expect(bare.output.contains("programs: sway grim foot"), "\(bare.output)")
            // Here every library is installed: building needs nothing more.
            let build = try Self.script("install-deps", ["build"], environment: ["PATH": bin])
            #expect(build.status == 0 && build.output.isEmpty, "\(build.output)")
        }
    }
}
