import Foundation
import HeadlessSession
import Testing

/// A private headless desktop for end-to-end tests: sway by default, or any `Compositor`
/// (Mir and KWin nested in a headless sway), run by an unprivileged user when the tests run as
/// root (sway refuses root), with helpers to run clients in it and take screenshots.
final class Desktop {
    static let testUser = "touchlight-test"
    static var packageRoot: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
    static var touchlight: URL { packageRoot.appendingPathComponent(".build/debug/touchlight") }
    static var screenshotDirectory: URL { packageRoot.appendingPathComponent(".build/e2e-screenshots") }

    /// Why sway tests cannot run here, or nil when they can.
    static var missingPrerequisite: String? { missingPrerequisite(for: .sway) }

    /// Why tests on `compositor` cannot run here, or nil when they can.
    static func missingPrerequisite(for compositor: Compositor) -> String? {
        if let missing = compositor.missingPrerequisite { return missing }
        for tool in ["sway", "grim", "foot", "swaymsg"] where which(tool) == nil {
            return "\(tool) is not installed (scripts/install-deps test installs sway, grim and foot)"
        }
        if !FileManager.default.isExecutableFile(atPath: touchlight.path) { return "\(touchlight.path) is not built (swift build)" }
        if getuid() == 0, !userExists(testUser) { return "user \(testUser) is missing (scripts/test creates it when run as root)" }
        return nil
    }

    /// The session (one shared piece with `touchlight demo`).
    let session: HeadlessSession
    var runtimeDirectory: URL { URL(fileURLWithPath: session.runtimeDirectory) }
    var environment: [String: String] { session.environment }

    init(_ compositor: Compositor = .sway, width: Int = 800, height: Int = 600, scale: Int = 1,
         launcher: HeadlessSession.Launcher? = nil, log: String? = nil) throws {
        session = try HeadlessSession(compositor, width: width, height: height, scale: scale, userWhenRoot: Self.testUser,
                                      launcher: launcher, compositorLog: log)
        usleep(300_000)  // sway's IPC socket and output come up just after its Wayland socket
    }

    /// A desktop of `compositor`, or nil after recording why it cannot run here (scripts/test
    /// installs every compositor, so that is a failure, not a skip). What the compositors print
    /// is kept for the failure message.
    static func started(_ compositor: Compositor, scale: Int = 1) throws -> Desktop? {
        if let missing = missingPrerequisite(for: compositor) {
            Issue.record("NOT RUN on \(compositor): \(missing)")
            return nil
        }
        let log = NSTemporaryDirectory() + "touchlight-\(compositor)-\(getpid()).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        do {
            let desktop = try Desktop(compositor, scale: scale, log: log)
            if compositor.isNested { usleep(1_000_000) }  // its first frames, drawn in software
            return desktop
        } catch {
            Issue.record("\(compositor) did not start: \(error)\n\((try? String(contentsOfFile: log, encoding: .utf8))?.suffix(3000) ?? "")")
            return nil
        }
    }

    enum DesktopError: Error { case commandFailed(String) }

    /// Starts a client in the session; its standard error goes to the returned pipe.
    @discardableResult
    func start(_ executable: String, _ arguments: [String], stderr: Pipe? = nil, stdout: Pipe? = nil) throws -> SessionProcess {
        try session.start([executable] + arguments, standardOutput: stdout, standardError: stderr)
    }

    /// A screenshot of `output` (all outputs when nil), also kept as PNG for people. It is taken
    /// through the host sway, so a nested compositor shows as it is on screen.
    func screenshot(_ name: String, output: String? = nil) throws -> Image {
        try FileManager.default.createDirectory(at: Self.screenshotDirectory, withIntermediateDirectories: true)
        let outputArguments = output.map { ["-o", $0] } ?? []
        let png = Self.screenshotDirectory.appendingPathComponent("\(name).png").path
        let environment = session.hostEnvironment
        _ = try Self.run("/usr/bin/grim", outputArguments + [png], environment: environment)
        let ppm = runtimeDirectory.appendingPathComponent("\(name).ppm").path
        _ = try Self.run("/usr/bin/grim", ["-t", "ppm"] + outputArguments + [ppm], environment: environment)
        return try Image(ppm: Data(contentsOf: URL(fileURLWithPath: ppm)))
    }

    /// Screenshots until `done` says so, at most `timeout` seconds: the last one taken.
    func screenshot(_ name: String, until done: (Image) -> Bool, timeout: Double = 5) throws -> Image {
        let deadline = Date().addingTimeInterval(timeout)
        var shot = try screenshot(name)
        while !done(shot), Date() < deadline {
            usleep(100_000)
            shot = try screenshot(name)
        }
        return shot
    }

    @discardableResult
    func swaymsg(_ arguments: String...) throws -> String {
        try Self.run("/usr/bin/swaymsg", arguments, environment: session.hostEnvironment)
    }

    func stop() { session.stop() }

    /// The compositor's process id (to freeze it with SIGSTOP).
    var compositorPID: Int32 { session.compositorPID }

    /// Ends the compositor alone, leaving its clients to find out.
    func stopCompositorOnly() { session.stopCompositor() }

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
        guard status == 0 else { throw DesktopError.commandFailed("\(executable) \(arguments): \(output)") }
        return output
    }

    static func which(_ tool: String) -> String? { HeadlessSession.which(tool) }

    static func userExists(_ name: String) -> Bool { getpwnam(name) != nil }
}

/// Waits for a process to end (at most `timeout` seconds; then it is killed).
@discardableResult
func waitForExit(_ process: some RunningProgram, timeout: Double = 10) -> Bool {
    HeadlessSession.waitForExit(process, timeout: timeout)
}

/// Reads what a pipe receives until it contains `text`, at most `timeout` seconds: what was
/// read (the caller keeps it: it is gone from the pipe).
func read(_ pipe: Pipe, until text: String, timeout: Double = 10) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var read = drain(pipe)
    while !read.contains(text), Date() < deadline {
        usleep(20_000)
        read += drain(pipe)
    }
    return read
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
