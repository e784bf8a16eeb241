import Foundation
import SafeFiles

/// A private headless sway session, with nothing on any screen: `touchlight demo` shows its
/// gestures in one, and the end-to-end tests run the overlay in one.
///
/// - It lives in a new private directory (its `XDG_RUNTIME_DIR`), removed by `stop()`.
/// - sway refuses to run as root, so as root it runs as `userWhenRoot` (who is given the
///   directory); clients started with `start(_:)` run as the caller.
/// - It renders with pixman and reads no input device, unless a `Launcher` gives it some.
public final class HeadlessSway {
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

    /// The tools a session needs: sway itself and, to change users as root, setpriv.
    public static let requiredTools = ["sway", "setpriv"]
    /// How long sway may take to open its socket.
    public static let startTimeout = 10.0

    /// The session's private directory: its sockets, and a place for the caller's files.
    public let runtimeDirectory: String
    private let compositor = Process()
    private var clients: [Process] = []

    /// Starts sway with one `width`×`height` output named HEADLESS-1, and returns once its
    /// Wayland socket is there.
    public init(width: Int = 800, height: Int = 600, userWhenRoot: String, launcher: Launcher? = nil,
                compositorLog: String? = nil) throws {
        var environment = ProcessInfo.processInfo.environment
        // Root's own runtime directory would be out of reach for the unprivileged compositor.
        if getuid() == 0 { environment["XDG_RUNTIME_DIR"] = nil }
        runtimeDirectory = try SafeFiles.makePrivateDirectory(prefix: "touchlight-sway-", environment: environment)
        do {
            try start(width: width, height: height, userWhenRoot: userWhenRoot, launcher: launcher, log: compositorLog)
        } catch {
            stop()
            throw error
        }
    }

    private func start(width: Int, height: Int, userWhenRoot: String, launcher: Launcher?, log: String?) throws {
        let config = runtimeDirectory + "/sway.conf"
        try "output HEADLESS-1 resolution \(width)x\(height)\ndefault_border none\nseat * hide_cursor 100\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o644)
        var arguments = (launcher?.asUser ?? []) + ["sway", "-c", config]
        if getuid() == 0 {
            guard let user = getpwnam(userWhenRoot) else { throw HeadlessSwayError("user \(userWhenRoot) does not exist; sway cannot run as root") }
            guard chown(runtimeDirectory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw HeadlessSwayError("cannot hand \(runtimeDirectory) to \(userWhenRoot): \(String(cString: strerror(errno)))")
            }
            arguments = ["setpriv", "--reuid=\(user.pointee.pw_uid)", "--regid=\(user.pointee.pw_gid)", "--init-groups", "--"] + arguments
        }
        arguments = (launcher?.asCaller ?? []) + arguments
        guard let executable = Self.which(arguments[0]) else { throw HeadlessSwayError("\(arguments[0]) is not installed") }
        compositor.executableURL = URL(fileURLWithPath: executable)
        compositor.arguments = Array(arguments.dropFirst())
        let backends = launcher?.environment ?? ["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1"]
        compositor.environment = baseEnvironment.merging(["WLR_RENDERER": "pixman"]) { $1 }.merging(backends) { $1 }
        compositor.standardOutput = FileHandle.nullDevice
        compositor.standardError = log.flatMap { FileHandle(forWritingAtPath: $0) } ?? FileHandle.nullDevice
        try compositor.run()
        let socket = runtimeDirectory + "/wayland-1"
        let deadline = Date().addingTimeInterval(Self.startTimeout)
        while !FileManager.default.fileExists(atPath: socket), compositor.isRunning, Date() < deadline { usleep(50_000) }
        guard FileManager.default.fileExists(atPath: socket) else {
            throw HeadlessSwayError(compositor.isRunning ? "sway did not open its socket within \(Self.startTimeout) s" : "sway exited at start (status \(compositor.terminationStatus))")
        }
    }

    private var baseEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "HOME": runtimeDirectory, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8"]
    }

    /// The environment of a client of this session (with `SWAYSOCK` for swaymsg once sway has
    /// opened its IPC socket).
    public var environment: [String: String] {
        var environment = baseEnvironment
        environment["WAYLAND_DISPLAY"] = "wayland-1"
        if let ipc = try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory).first(where: { $0.hasPrefix("sway-ipc") }) {
            environment["SWAYSOCK"] = runtimeDirectory + "/" + ipc
        }
        return environment
    }

    /// Starts a client in the session (a tool name is looked up in the usual directories). Its
    /// output is discarded unless handles are given. `stop()` ends it.
    @discardableResult
    public func start(_ arguments: [String], standardOutput: Any? = nil, standardError: Any? = nil,
                      extraEnvironment: [String: String] = [:]) throws -> Process {
        let client = Process()
        let name = arguments[0]
        client.executableURL = URL(fileURLWithPath: name.hasPrefix("/") ? name : (Self.which(name) ?? name))
        client.arguments = Array(arguments.dropFirst())
        client.environment = environment.merging(extraEnvironment) { $1 }
        client.standardOutput = standardOutput ?? FileHandle.nullDevice
        client.standardError = standardError ?? FileHandle.nullDevice
        try client.run()
        clients.append(client)
        return client
    }

    /// The compositor's process id (to freeze it with SIGSTOP).
    public var compositorPID: Int32 { compositor.processIdentifier }

    /// Ends sway alone, leaving its clients to find out.
    public func stopCompositor() {
        if compositor.isRunning { compositor.terminate() }
        Self.waitForExit(compositor)
    }

    /// Ends the clients, then sway, and removes the session's directory.
    public func stop() {
        for client in clients where client.isRunning { client.terminate() }
        for client in clients { Self.waitForExit(client, timeout: 2) }
        clients = []
        if compositor.isRunning { kill(compositor.processIdentifier, SIGCONT) }
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
    /// ended by itself. (It polls: Foundation's `waitUntilExit` can hang off the main thread.)
    @discardableResult
    public static func waitForExit(_ process: Process, timeout: Double = 10) -> Bool {
        guard process.processIdentifier != 0 else { return true }  // never started
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard process.isRunning else { return true }
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { usleep(20_000) }
        return false
    }
}

/// Why a headless sway session could not start.
public struct HeadlessSwayError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
