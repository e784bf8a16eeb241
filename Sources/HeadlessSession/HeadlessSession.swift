import ChildProcesses
import FoundationEssentials
import Glibc
import SafeFiles

/// A private headless compositor session, with nothing on any screen: `touchlight demo` shows
/// its gestures in one, and the end-to-end tests run the overlay in one, on every compositor
/// they know (`Compositor`).
///
/// - It lives in a new private directory (its `XDG_RUNTIME_DIR`), removed by `stop()`.
/// - sway refuses to run as root, and none of them needs it, so as root the compositors run as
///   `userWhenRoot` (who is given the directory); clients started with `start(_:)` run as the
///   caller.
/// - A nested compositor (Mir, KWin) runs as a window of a headless sway, which fills the
///   output; clients connect to the nested one, and screenshots are taken through the host.
/// - sway renders with pixman and reads no input device, unless a `Launcher` gives it some.
public final class HeadlessSession {
    /// How sway is started when it should read input devices (the end-to-end tests' emulated
    /// pen display): the commands it runs under, and its backends. The session itself stays
    /// the same.
    public struct Launcher {
        /// Runs first, as the caller (root: a private mount namespace for the udev database);
        /// it ends by running its arguments.
        public var asCaller: [String]
        /// Runs after the switch to the unprivileged user, before sway (umockdev's driver).
        public var asUser: [String]
        /// Added to sway's environment.
        public var environment: [String: String]

        public init(asCaller: [String], asUser: [String], environment: [String: String]) {
            (self.asCaller, self.asUser, self.environment) = (asCaller, asUser, environment)
        }

        /// The environment of a sway that reads libinput's devices as an ordinary user: the
        /// headless output, libinput, and libseat with no seat daemon.
        public static let inputEnvironment = ["WLR_BACKENDS": "headless,libinput", "LIBSEAT_BACKEND": "noop"]
    }

    /// How long a compositor may take to open its socket (KWin on llvmpipe takes about 3 s).
    public static let startTimeout = 20.0

    /// The compositor clients connect to.
    public let compositor: Compositor
    /// The session's private directory: its sockets, and a place for the caller's files.
    public let runtimeDirectory: String
    /// The host sway, and the nested compositor when there is one.
    private var compositors: [SessionProcess] = []
    private var clients: [SessionProcess] = []
    private let userWhenRoot: String
    /// The root filesystem of another Debian its programs run in (nil: this machine's).
    public let root: RootFilesystem?

    /// Starts `compositor` with one `width`×`height` output at `scale` (sway's is named
    /// HEADLESS-1), and returns once its Wayland socket is there. `compositorLog` receives what
    /// the compositors print.
    /// `root`: the compositors and clients run in that root filesystem (its /tmp is this
    /// machine's, where the session's directory then is), as its user.
    public init(_ compositor: Compositor = .sway, width: Int = 800, height: Int = 600, scale: Int = 1, userWhenRoot: String,
                launcher: Launcher? = nil, compositorLog: String? = nil, root: RootFilesystem? = nil) throws {
        var environment = ProcessInfo.processInfo.environment
        // Root's own runtime directory would be out of reach for the unprivileged compositor.
        if getuid() == 0 { environment["XDG_RUNTIME_DIR"] = nil }
        if root != nil { environment["TMPDIR"] = "/tmp" }  // the folder both sides of the root filesystem share
        self.compositor = compositor
        self.userWhenRoot = userWhenRoot
        self.root = root
        if let root { try root.adopt(user: userWhenRoot) }
        runtimeDirectory = try SafeFiles.makePrivateDirectory(prefix: "touchlight-session-", environment: environment)
        do {
            let log = compositorLog.map { open($0, O_WRONLY | O_APPEND | O_CLOEXEC) }.flatMap { $0 >= 0 ? $0 : nil }
            defer { if let log { close(log) } }
            if compositor.isNested || compositor.executable == Compositor.sway.executable {
                let host = runtimeDirectory + "/sway.conf"
                let hostScale = compositor.isNested ? 1 : scale
                try "output HEADLESS-1 resolution \(width)x\(height) scale \(hostScale)\ndefault_border none\nseat * hide_cursor 100\n"
                    .write(toFile: host, atomically: true, encoding: .utf8)
                chmod(host, 0o644)
                try launch(.sway, width: width, height: height, scale: hostScale, launcher: launcher, log: log)
            }
            if compositor.executable != Compositor.sway.executable {
                // A nested compositor takes its input from the host; one on its own (phoc) is launched as the host would be.
                try launch(compositor, width: width, height: height, scale: scale, launcher: compositor.isNested ? nil : launcher, log: log)
            }
        } catch {
            stop()
            throw error
        }
    }

    /// Starts one compositor as the unprivileged user and waits for its socket.
    private func launch(_ compositor: Compositor, width: Int, height: Int, scale: Int, launcher: Launcher?, log: Int32?) throws {
        let executable = try compositor.preparedExecutable(in: runtimeDirectory, root: root)
        if getuid() == 0 {
            guard let user = getpwnam(userWhenRoot) else { throw HeadlessSessionError("user \(userWhenRoot) does not exist; \(compositor) must not run as root") }
            guard chown(runtimeDirectory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw HeadlessSessionError("cannot hand \(runtimeDirectory) to \(userWhenRoot): \(String(cString: strerror(errno)))")
            }
        }
        if let preparation = compositor.preparation {
            try preparation(runtimeDirectory)
            try handOver(runtimeDirectory)
        }
        for file in compositor.configurationFiles?(width, height, scale) ?? [] {
            let path = runtimeDirectory + "/" + file.name
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            if folder != runtimeDirectory {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try handOver(folder)
            }
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o644)
        }
        let bus = compositor.busLauncher(runtime: runtimeDirectory)
        let asUser = try asSessionUser((launcher?.asUser ?? []) + bus + [executable] + compositor.arguments(width, height, scale, runtimeDirectory))
        let arguments = root?.wrapping(asUser) ?? ((launcher?.asCaller ?? []) + asUser)
        guard let program = arguments[0].hasPrefix("/") ? arguments[0] : Self.which(arguments[0]) else {
            throw HeadlessSessionError("\(arguments[0]) is not installed")
        }
        let environment = baseEnvironment.merging(compositor.environment) { $1 }.merging(launcher?.environment ?? [:]) { $1 }
        let socket = runtimeDirectory + "/" + compositor.socket
        // A compositor that crashes before its socket is there (phoc 0.24 did so once here, of
        // SIGSEGV, in a run of the mapping tests) gets one more start; any other failure is final.
        for attempt in 1...Self.startAttempts {
            let process = SessionProcess(try ChildProcess.start(program, Array(arguments.dropFirst()), environment: environment, error: log,
                                                                ownProcessGroup: true))
            compositors.append(process)
            let deadline = Date().addingTimeInterval(Self.startTimeout)
            while !FileManager.default.fileExists(atPath: socket), process.isRunning, Date() < deadline { usleep(50_000) }
            if FileManager.default.fileExists(atPath: socket) { return }
            guard !process.isRunning else { throw HeadlessSessionError("\(compositor) did not open its socket within \(Self.startTimeout) s") }
            guard process.terminationStatus > 128, attempt < Self.startAttempts else {
                throw HeadlessSessionError("\(compositor) exited at start (status \(process.terminationStatus))")
            }
            compositors.removeLast()
        }
    }

    /// Gives everything under `directory` to the unprivileged user (as root; else it is the
    /// caller's already).
    private func handOver(_ directory: String) throws {
        guard getuid() == 0, let user = getpwnam(userWhenRoot) else { return }
        let (uid, gid) = (user.pointee.pw_uid, user.pointee.pw_gid)
        let paths = [directory] + ((try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []).map { directory + "/" + $0 }
        for path in paths where lchown(path, uid, gid) != 0 {
            throw HeadlessSessionError("cannot hand \(path) to \(userWhenRoot): \(String(cString: strerror(errno)))")
        }
    }

    /// How many times a compositor that crashes at start is started.
    static let startAttempts = 2

    /// `arguments` run as the compositors' user: behind setpriv when the caller is root,
    /// unchanged otherwise.
    public func asSessionUser(_ arguments: [String]) throws -> [String] {
        guard getuid() == 0 else { return arguments }
        guard let user = getpwnam(userWhenRoot) else { throw HeadlessSessionError("user \(userWhenRoot) does not exist") }
        return ["setpriv", "--reuid=\(user.pointee.pw_uid)", "--regid=\(user.pointee.pw_gid)", "--init-groups", "--"] + arguments
    }

    private var baseEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "HOME": runtimeDirectory, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8"]
    }

    /// The environment of a client of this session's compositor (with `SWAYSOCK` for swaymsg
    /// once sway has opened its IPC socket, and the compositor's session bus where it has one).
    public var environment: [String: String] {
        var environment = hostEnvironment
        environment["WAYLAND_DISPLAY"] = compositor.socket
        if compositor.buses != .none { environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + runtimeDirectory + "/session-bus" }
        return environment
    }

    /// The environment of a client of the compositor that shows the screen (grim, swaymsg):
    /// the host sway of a nested compositor, else the same as `environment`.
    public var hostEnvironment: [String: String] {
        var environment = baseEnvironment
        environment["WAYLAND_DISPLAY"] = compositor.isNested ? Compositor.sway.socket : compositor.socket
        if let ipc = try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory).first(where: { $0.hasPrefix("sway-ipc") }) {
            environment["SWAYSOCK"] = runtimeDirectory + "/" + ipc
        }
        return environment
    }

    /// Starts a client in the session (a tool name is looked up in the usual directories). Its
    /// output goes to the given descriptors (the caller keeps and closes them), else nowhere.
    /// `stop()` ends it.
    @discardableResult
    public func start(_ arguments: [String], outputDescriptor: Int32? = nil, errorDescriptor: Int32? = nil,
                      extraEnvironment: [String: String] = [:]) throws -> SessionProcess {
        let arguments = root?.wrapping(arguments) ?? arguments
        let name = arguments[0]
        let program = name.hasPrefix("/") ? name : (Self.which(name) ?? name)
        let client = SessionProcess(try ChildProcess.start(program, Array(arguments.dropFirst()), environment: environment.merging(extraEnvironment) { $1 },
                                                           output: outputDescriptor, error: errorDescriptor, ownProcessGroup: true))
        clients.append(client)
        return client
    }

    /// The process id of the compositor clients connect to (to freeze it with SIGSTOP).
    public var compositorPID: Int32 { compositors.last?.processIdentifier ?? 0 }

    /// Ends the compositors alone (the nested one first), leaving their clients to find out.
    public func stopCompositor() {
        // Each leads a process group of its own: signalling the group ends what it started too
        // (cage's application, which would otherwise outlive it).
        for process in compositors.reversed() where process.processIdentifier > 0 {
            kill(-process.processIdentifier, SIGCONT)
            kill(-process.processIdentifier, SIGTERM)
            Self.waitForExit(process)
            kill(-process.processIdentifier, SIGKILL)
        }
    }

    /// Ends the clients, then sway, and removes the session's directory.
    public func stop() {
        for client in clients where client.isRunning { client.terminate() }
        for client in clients { Self.waitForExit(client, timeout: 2) }
        clients = []
        stopCompositor()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit { stop() }

    /// The full path of an installed tool, or nil.
    public static func which(_ tool: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(tool)") {
            return "\(directory)/\(tool)"
        }
        return nil
    }

    /// Waits for a process to end, at most `timeout` seconds; then kills it. Returns whether it
    /// ended by itself.
    @discardableResult
    public static func waitForExit(_ process: some RunningProgram, timeout: Double = 10) -> Bool {
        guard process.processIdentifier != 0 else { return true }  // never started
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard process.isRunning else { return true }
        kill(process.processIdentifier, SIGKILL)
        let killed = Date().addingTimeInterval(5)
        while process.isRunning, Date() < killed { usleep(20_000) }
        return false
    }
}

/// Why a headless session could not start.
public struct HeadlessSessionError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
