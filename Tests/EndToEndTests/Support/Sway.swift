import Foundation
import Testing

/// A private headless sway for end-to-end tests, run by an unprivileged user when the tests
/// run as root (sway refuses root), with helpers to run clients in it and take screenshots.
final class Sway {
    static let testUser = "touchlight-test"
    static var packageRoot: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
    static var touchlight: URL { packageRoot.appendingPathComponent(".build/debug/touchlight") }
    static var screenshotDirectory: URL { packageRoot.appendingPathComponent(".build/e2e-screenshots") }

    /// Why sway tests cannot run here, or nil when they can.
    static var missingPrerequisite: String? {
        for tool in ["sway", "grim", "foot", "swaymsg", "setpriv"] where which(tool) == nil {
            return "\(tool) is not installed (scripts/install-deps test installs sway, grim and foot)"
        }
        if !FileManager.default.isExecutableFile(atPath: touchlight.path) { return "\(touchlight.path) is not built (swift build)" }
        if getuid() == 0, !userExists(testUser) { return "user \(testUser) is missing (scripts/test creates it when run as root)" }
        return nil
    }

    let runtimeDirectory: URL
    private let process = Process()
    private var clients: [Process] = []

    init(width: Int = 800, height: Int = 600) throws {
        runtimeDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true)
        let config = runtimeDirectory.appendingPathComponent("sway.conf")
        try "output HEADLESS-1 resolution \(width)x\(height)\ndefault_border none\nseat * hide_cursor 100\n".write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o644)
        chmod(runtimeDirectory.path, 0o700)
        var arguments = ["sway", "-c", config.path]
        if getuid() == 0 {
            _ = try Self.run("/usr/bin/chown", [Self.testUser, runtimeDirectory.path])
            arguments = ["setpriv", "--reuid=\(Self.testUser)", "--regid=\(Self.testUser)", "--init-groups", "--"] + arguments
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WLR_BACKENDS": "headless",
                               "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman", "PATH": "/usr/bin:/bin",
                               "HOME": runtimeDirectory.path]
        let log = FileHandle(forWritingAtPath: "/dev/null")
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let socket = runtimeDirectory.appendingPathComponent("wayland-1").path
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(100_000) }
        guard FileManager.default.fileExists(atPath: socket) else { stop(); throw SwayError.didNotStart }
        usleep(300_000)
    }

    enum SwayError: Error { case didNotStart, commandFailed(String) }

    var environment: [String: String] {
        var env = ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": "wayland-1", "PATH": "/usr/bin:/bin",
                   "HOME": runtimeDirectory.path]
        if let ipc = try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path).first(where: { $0.hasPrefix("sway-ipc") }) {
            env["SWAYSOCK"] = runtimeDirectory.appendingPathComponent(ipc).path
        }
        return env
    }

    /// Starts a client in the session; its standard error goes to the returned pipe.
    @discardableResult
    func start(_ executable: String, _ arguments: [String], stderr: Pipe? = nil, stdout: Pipe? = nil) throws -> Process {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : (Self.which(executable) ?? executable))
        client.arguments = arguments
        client.environment = environment
        client.standardOutput = stdout ?? FileHandle(forWritingAtPath: "/dev/null")
        client.standardError = stderr ?? FileHandle(forWritingAtPath: "/dev/null")
        try client.run()
        clients.append(client)
        return client
    }

    /// A screenshot of `output` (all outputs when nil), also kept as PNG for people.
    func screenshot(_ name: String, output: String? = nil) throws -> Image {
        try FileManager.default.createDirectory(at: Self.screenshotDirectory, withIntermediateDirectories: true)
        let outputArguments = output.map { ["-o", $0] } ?? []
        let png = Self.screenshotDirectory.appendingPathComponent("\(name).png").path
        _ = try Self.run("/usr/bin/grim", outputArguments + [png], environment: environment)
        let ppm = runtimeDirectory.appendingPathComponent("\(name).ppm").path
        _ = try Self.run("/usr/bin/grim", ["-t", "ppm"] + outputArguments + [ppm], environment: environment)
        return try Image(ppm: Data(contentsOf: URL(fileURLWithPath: ppm)))
    }

    @discardableResult
    func swaymsg(_ arguments: String...) throws -> String {
        try Self.run("/usr/bin/swaymsg", arguments, environment: environment)
    }

    func stop() {
        for client in clients where client.isRunning { client.terminate() }
        for client in clients { waitForExit(client, timeout: 2) }
        if process.isRunning {
            process.terminate()
            waitForExit(process)
        }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// The compositor's process id (to freeze it with SIGSTOP).
    var compositorPID: Int32 { process.processIdentifier }

    /// Ends sway alone, leaving its clients to find out.
    func stopCompositorOnly() {
        if process.isRunning {
            process.terminate()
            waitForExit(process)
        }
    }

    deinit { stop() }

    // MARK: Helpers

    /// Runs a command to its end; its exit status and what it printed (both streams).
    static func execute(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        waitForExit(process)
        return (process.terminationStatus, output)
    }

    /// Runs a command that must succeed; what it printed.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let (status, output) = try execute(executable, arguments, environment: environment)
        guard status == 0 else { throw SwayError.commandFailed("\(executable) \(arguments): \(output)") }
        return output
    }

    static func which(_ tool: String) -> String? {
        for dir in ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"] {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func userExists(_ name: String) -> Bool { getpwnam(name) != nil }
}

/// Waits for a process to end (at most `timeout` seconds; then it is killed). Polls
/// `isRunning`: Foundation's `waitUntilExit` can hang on Swift Testing's threads.
@discardableResult
func waitForExit(_ process: Process, timeout: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { usleep(20_000) }
        return false
    }
    return true
}

/// Reads everything a pipe has received so far (non-blocking) as text.
func drain(_ pipe: Pipe) -> String {
    let handle = pipe.fileHandleForReading
    var data = Data()
    let fd = handle.fileDescriptor
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { break }
        data.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: data, as: UTF8.self)
}
