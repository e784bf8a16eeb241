import FoundationEssentials
import Glibc

/// A compositor a `HeadlessSession` can run, and how it runs headless on a machine with no GPU
/// and no display: the facts found by trying each on Debian 12, kept in one place.
///
/// sway, weston and cage have headless backends of their own. Mir 2.12 and KWin 5.27 have none
/// that can be screenshotted, so they run *nested*: as a window of a headless sway, drawing
/// with Mesa's software GL (llvmpipe). grim then captures them through sway, and touchlight
/// connects to their own socket.
public struct Compositor: Sendable, CustomStringConvertible {
    /// How people know it: "sway", "KWin".
    public let name: String
    /// The program that runs it.
    public let executable: String
    /// The Debian package that provides it, for messages about what to install.
    public let package: String
    /// Whether it runs as a window of a headless sway (which then also starts).
    public let isNested: Bool
    /// The name of the Wayland socket it opens in the session's runtime directory.
    public let socket: String
    /// Its arguments, given the output size, scale and the host's socket (nested ones).
    let arguments: @Sendable (_ width: Int, _ height: Int, _ scale: Int, _ runtimeDirectory: String) -> [String]
    /// Added to its environment.
    let environment: [String: String]
    /// The configuration files it reads, written into the session's directory first: each one's
    /// path there and its text, given the output size and scale.
    var configurationFiles: (@Sendable (_ width: Int, _ height: Int, _ scale: Int) -> [(name: String, text: String)])?
    /// The D-Bus buses it needs of its own.
    var buses = Buses.none
    /// Run before it starts, given the session's directory (its home): GNOME Shell's
    /// extensions are put in place then, as the shell finds them only when it starts.
    var preparation: (@Sendable (_ runtimeDirectory: String) throws -> Void)?

    /// D-Bus buses a compositor needs, private, on sockets in the session's directory
    /// (`session-bus`, `system-bus`). The session bus is its clients' too (`environment`):
    /// touchlight asks KWin's for the zoom's picture, the tests ask gnome-shell's for screenshots.
    public enum Buses: Sendable {
        case none
        /// A session bus (mutter, KWin 6).
        case session
        /// A session bus and a system bus: gnome-shell asks the system bus for accounts and power.
        case sessionAndSystem
    }

    /// The D-Bus program that starts its buses (nil: none), from Debian's dbus package.
    var busTool: String? { buses == .none ? nil : "dbus-daemon" }

    /// What runs before the compositor's program to give it its buses (`runtime`: the
    /// session's directory).
    func busLauncher(runtime: String) -> [String] {
        switch buses {
        case .none: return []
        case .session, .sessionAndSystem:
            // The daemons stay in the compositor's process group, which the session ends.
            let names = buses == .session ? "session" : "session system"
            let script = """
                for bus in \(names); do
                  dbus-daemon --session --address="unix:path=$0/$bus-bus" --nofork --nopidfile --syslog-only &
                done
                for bus in \(names); do
                  while [ ! -S "$0/$bus-bus" ]; do sleep 0.02; done
                  [ "$bus" = session ] && export DBUS_SESSION_BUS_ADDRESS="unix:path=$0/session-bus"
                  [ "$bus" = system ] && export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$0/system-bus"
                done
                if [ -n "${ENABLED_EXTENSIONS:-}" ]; then
                  gsettings set org.gnome.shell enabled-extensions "$ENABLED_EXTENSIONS"
                  unset ENABLED_EXTENSIONS
                fi
                exec "$@"
                """
            return ["sh", "-c", script, runtime]
        }
    }

    public var description: String { name }

    /// sway 1.7: wlroots' headless backend with the pixman renderer. It is also every nested
    /// compositor's host.
    public static let sway = Compositor(
        name: "sway", executable: "sway", package: "sway", isNested: false, socket: "wayland-1",
        arguments: { _, _, _, runtime in ["-c", runtime + "/sway.conf"] },
        environment: ["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"])

    /// weston 10 with its headless backend: no layer-shell.
    public static let weston = Compositor(
        name: "weston", executable: "weston", package: "weston", isNested: false, socket: "wayland-weston",
        arguments: { width, height, scale, _ in
            ["--backend=headless-backend.so", "--socket=wayland-weston", "--idle-time=0", "--width=\(width)", "--height=\(height)", "--scale=\(scale)"]
        },
        environment: [:])

    /// cage 0.1.4, a kiosk on wlroots, headless: no layer-shell. It runs one application and
    /// ends with it, so it is given one that waits.
    public static let cage = Compositor(
        name: "cage", executable: "cage", package: "cage", isNested: false, socket: "wayland-0",
        arguments: { _, _, _, _ in ["--", "sleep", "3600"] },
        environment: ["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"])

    /// phoc 0.24, Phosh's compositor (the shell of Linux phones and tablets), on wlroots'
    /// headless backend. Without input devices it offers no wl_seat, and foot then refuses to
    /// start ("no seats available"); weston-terminal runs. It dies of SIGTERM without a handler.
    public static let phoc = phoc(rotated: 0)

    /// phoc with its output turned `degrees` clockwise (0, 90, 180 or 270), as a phone held
    /// sideways: phoc.ini's `rotate`. With `secondOutput`, a second output, HEADLESS-2 of
    /// 640×480, right of the first (wlroots' `WLR_HEADLESS_OUTPUTS`).
    public static func phoc(rotated degrees: Int, secondOutput: Bool = false) -> Compositor {
        var environment = ["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"]
        if secondOutput { environment["WLR_HEADLESS_OUTPUTS"] = "2" }
        return Compositor(
            name: degrees == 0 ? "phoc" : "phoc (rotated \(degrees)°)", executable: "phoc", package: "phoc", isNested: false, socket: "wayland-0",
            arguments: { _, _, _, runtime in ["-C", runtime + "/phoc.ini"] },
            environment: environment,
            configurationFiles: { width, height, scale in
                let second = secondOutput ? "\n[output:HEADLESS-2]\nmode=640x480\nx=\(width)\ny=0\n" : ""
                return [("phoc.ini", "[core]\nxwayland=false\n\n[output:HEADLESS-1]\nmode=\(width)x\(height)\nscale=\(scale)\nrotate=\(degrees)\nx=0\ny=0\n" + second)]
            })
    }

    /// mutter 43, GNOME's compositor, headless with one virtual monitor (no scale of its own):
    /// no layer-shell. It announces wl_output before zxdg_output_manager_v1.
    public static let mutter = Compositor(
        name: "mutter", executable: "mutter", package: "mutter", isNested: false, socket: "mutter-0",
        arguments: { width, height, _, _ in
            ["--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(width)x\(height)", "--wayland-display=mutter-0"]
        },
        environment: [:], buses: .session)

    /// gnome-shell 43 (GNOME's desktop: mutter with its shell) headless, with one virtual
    /// monitor: no layer-shell. `--unsafe-mode` lets the tests take screenshots through its
    /// D-Bus API (org.gnome.Shell.Screenshot), as GNOME's own tools do.
    public static let gnomeShell = gnomeShell(extension: nil)

    /// gnome-shell with an extension installed for the session's user and enabled before the
    /// shell starts (GNOME finds extensions only then): `folder` is copied to
    /// `~/.local/share/gnome-shell/extensions/UUID`. `secondMonitor`: a second virtual monitor
    /// of that size, right of the first.
    /// `enabling`: an extension installed on the system (a package's) to enable instead.
    public static func gnomeShell(extension installed: (uuid: String, folder: String)?, secondMonitor: (width: Int, height: Int)? = nil,
                                  enabling system: String? = nil) -> Compositor {
        let second = secondMonitor.map { ["--virtual-monitor", "\($0.width)x\($0.height)"] } ?? []
        var compositor = Compositor(
            name: "gnome-shell", executable: "gnome-shell", package: "gnome-shell", isNested: false, socket: "gnome-0",
            arguments: { width, height, _, _ in
                ["--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(width)x\(height)"] + second + ["--wayland-display=gnome-0", "--unsafe-mode"]
            },
            environment: ((installed?.uuid ?? system).map { ["ENABLED_EXTENSIONS": "['\($0)']"] } ?? [:]), buses: .sessionAndSystem)
        if let installed {
            compositor.preparation = { home in
                let extensions = home + "/.local/share/gnome-shell/extensions"
                try FileManager.default.createDirectory(atPath: extensions, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: installed.folder, toPath: extensions + "/" + installed.uuid)
            }
        }
        return compositor
    }

    /// Mir 2.12's miral-shell (the shell of the Mir-based desktops: Ubuntu Frame, Lomiri),
    /// nested through its Wayland platform. Layer-shell and screencopy are among its "additional"
    /// extensions, off unless asked for. It takes `WAYLAND_DISPLAY` as the name of the socket it
    /// opens; the host is `--wayland-host`.
    public static let mir = Compositor(
        name: "Mir", executable: "miral-shell", package: "mir-demos and mir-platform-graphics-wayland", isNested: true,
        socket: "mir-0",
        arguments: { _, _, scale, _ in
            ["--platform-display-libs", "mir:wayland", "--platform-rendering-libs", "mir:wayland", "--wayland-host", "wayland-1",
             "--add-wayland-extensions", "zwlr_layer_shell_v1:zwlr_screencopy_manager_v1", "--display-scale", "\(scale)"]
        },
        environment: ["WAYLAND_DISPLAY": "mir-0", "LIBGL_ALWAYS_SOFTWARE": "1"])

    /// KWin 5.27 (KDE Plasma's compositor), nested through its Wayland backend.
    ///
    /// Debian installs kwin_wayland with the file capability cap_sys_resource (for real-time
    /// scheduling). Where the capability bounding set lacks it, as in containers, exec fails
    /// with EPERM, so the session runs a copy without it (`preparedExecutable`). The copy must
    /// still be named kwin_wayland: KWin's own Qt platform plugin refuses any other name.
    /// `KWIN_WAYLAND_NO_PERMISSION_CHECKS` lets test clients use its restricted interfaces.
    public static let kwin = kwin(outputs: 1)

    /// KWin with `outputs` outputs, each a window on the host sway. `plasma6`: KWin 6, which
    /// dropped `--no-kactivities` and wants a session bus.
    public static func kwin(outputs: Int, plasma6: Bool = false) -> Compositor {
        Compositor(
            name: outputs == 1 ? "KWin" : "KWin (\(outputs) outputs)", executable: "kwin_wayland", package: "kwin-wayland", isNested: true, socket: "kwin-0",
            arguments: { width, height, scale, runtime in
                ["--socket", "kwin-0", "--wayland-display", runtime + "/wayland-1", "--width", "\(width)", "--height", "\(height)",
                 "--scale", "\(scale)", "--output-count", "\(outputs)", "--no-lockscreen", "--no-global-shortcuts"] + (plasma6 ? [] : ["--no-kactivities"])
            },
            environment: ["KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1", "KWIN_COMPOSE": "Q"], buses: plasma6 ? .session : .none)
    }

    // MARK: Today's, in a root filesystem of Debian trixie or sid (`RootFilesystem`)

    /// wlroots' headless environment, as sway's: no GPU, no input device.
    private static let wlrootsHeadless = ["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"]

    /// labwc (0.8 in trixie, 0.20 in sid), the stacking compositor of Raspberry Pi OS's touch
    /// displays, headless with one output.
    public static let labwc = Compositor(
        name: "labwc", executable: "labwc", package: "labwc", isNested: false, socket: "wayland-0",
        arguments: { _, _, _, runtime in ["--config-dir", runtime + "/labwc"] },
        environment: wlrootsHeadless.merging(["WLR_HEADLESS_OUTPUTS": "1"]) { $1 },
        configurationFiles: { width, height, _ in
            // labwc sizes no output itself: wlroots' headless one is 1280×720 until wlr-randr,
            // which its autostart runs, gives it the session's size.
            [("labwc/rc.xml", "<?xml version=\"1.0\"?>\n<labwc_config><core><decoration>server</decoration></core></labwc_config>\n"),
             ("labwc/autostart", "wlr-randr --output HEADLESS-1 --custom-mode \(width)x\(height)\n")]
        })

    /// wayfire 0.10 (sid), headless with pixman. 0.9 (trixie) does not start without a GPU
    /// ("Failed to get DRM file descriptor").
    public static let wayfire = Compositor(
        name: "wayfire", executable: "wayfire", package: "wayfire", isNested: false, socket: "wayland-1",
        arguments: { _, _, _, runtime in ["-c", runtime + "/wayfire.ini"] },
        environment: wlrootsHeadless,
        configurationFiles: { width, height, _ in
            [("wayfire.ini", "[core]\nplugins = \n[output:HEADLESS-1]\nmode = \(width)x\(height)@60000\n")]
        })

    /// miral-shell of Mir 2.20 (trixie) and 2.28 (sid) on Mir's virtual display, drawing with
    /// Mesa's software GL: nested in sway it no longer starts (`undefined symbol:
    /// probe_rendering_platform`). It offers wlr-screencopy itself, so grim takes its screen.
    public static let mirVirtual = Compositor(
        name: "Mir", executable: "miral-shell", package: "mir-demos and mir-platform-graphics-virtual", isNested: false, socket: "mir-0",
        arguments: { width, height, _, _ in
            ["--platform-display-libs", "mir:virtual", "--virtual-output", "\(width)x\(height)", "--platform-rendering-libs", "mir:egl-generic",
             "--add-wayland-extensions", "zwlr_layer_shell_v1:zwlr_screencopy_manager_v1"]
        },
        environment: ["WAYLAND_DISPLAY": "mir-0", "LIBGL_ALWAYS_SOFTWARE": "1"])

    /// KWin 6 (6.3 in trixie, 6.7 in sid), nested in a headless sway as KWin 5 is.
    public static let kwin6 = kwin(outputs: 1, plasma6: true)

    /// The tools a session of this compositor needs: its own program, the host sway when
    /// nested, and setpriv to change users as root.
    public var requiredTools: [String] {
        [executable] + (isNested ? [Compositor.sway.executable] : []) + (busTool.map { [$0] } ?? []) + ["setpriv"]
    }

    /// Why a session of this compositor cannot start here, or nil when it can.
    public var missingPrerequisite: String? {
        guard let tool = requiredTools.first(where: { HeadlessSession.which($0) == nil }) else { return nil }
        let package = tool == executable ? self.package : tool == "setpriv" ? "util-linux" : tool == busTool ? "dbus" : "sway"
        return "\(tool) is not installed (Debian package \(package); scripts/install-deps test installs it)"
    }

    /// The program to run: KWin's capability-free copy in the session's directory, or the
    /// installed one.
    /// `root`: the root filesystem it runs in (the copy, in the session's directory in the shared
    /// /tmp, is the same path inside).
    func preparedExecutable(in runtimeDirectory: String, root: RootFilesystem? = nil) throws -> String {
        let found = root.map { root in root.which(executable).map { root.path + $0 } } ?? HeadlessSession.which(executable)
        guard let installed = found else { throw HeadlessSessionError("\(executable) is not installed\(root.map { " in \($0)" } ?? "")") }
        guard self.executable == Compositor.kwin.executable else { return root?.which(executable) ?? installed }
        let directory = runtimeDirectory + "/bin", copy = directory + "/" + executable
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: installed, toPath: copy)  // a copy carries no file capability
        chmod(directory, 0o755)
        chmod(copy, 0o755)
        return copy
    }
}
