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
    /// The touchlight this desktop runs: this build's, or in a root filesystem the one its
    /// package installed.
    var touchlight: String { session.root == nil ? Self.touchlight.path : "/usr/bin/touchlight" }

    init(_ compositor: Compositor = .sway, width: Int = 800, height: Int = 600, scale: Int = 1,
         launcher: HeadlessSession.Launcher? = nil, log: String? = nil, root: RootFilesystem? = nil) throws {
        session = try HeadlessSession(compositor, width: width, height: height, scale: scale, userWhenRoot: Self.testUser,
                                      launcher: launcher, compositorLog: log, root: root)
        try waitUntilReady()
    }

    /// sway's IPC socket and its output come up just after its Wayland socket: waits until
    /// swaymsg can reach it (when sway shows the screen) and grim can capture the screen (or
    /// says it never will: weston and mutter have no screencopy).
    private func waitUntilReady(timeout: Double = 10) throws {
        let showsWithSway = session.compositor.isNested || session.compositor.executable == Compositor.sway.executable
        let ready = eventually(timeout: timeout) {
            guard !showsWithSway || (session.hostEnvironment["SWAYSOCK"] != nil && (try? swaymsg("-t", "get_outputs")) != nil) else { return false }
            let grim = try? Self.execute("/usr/bin/grim", ["-t", "ppm", "/dev/null"], environment: session.hostEnvironment, timeout: 5)
            return grim.map { $0.status == 0 || $0.output.contains("doesn't support") } ?? false
        }
        guard ready else { throw DesktopError.commandFailed("\(session.compositor) showed no output within \(timeout) s") }
    }

    /// A desktop of `compositor`, or nil after recording why it cannot run here (scripts/test
    /// installs every compositor, so that is a failure, not a skip). What the compositors print
    /// is kept for the failure message.
    /// `root`: the compositor of that root filesystem (today's Debian), where touchlight is
    /// the one its package installed.
    static func started(_ compositor: Compositor, scale: Int = 1, root: RootFilesystem? = nil) throws -> Desktop? {
        if let missing = root == nil ? missingPrerequisite(for: compositor) : CurrentDesktop.missingPrerequisite {
            Issue.record("NOT RUN on \(compositor): \(missing)")
            return nil
        }
        let log = NSTemporaryDirectory() + "touchlight-\(compositor)-\(getpid()).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        // A compositor that hangs at start gets one more start (gnome-shell 43 once deadlocked in
        // a child it had forked, and never answered its clients).
        for attempt in 1...2 {
            do {
                let desktop = try Desktop(compositor, scale: scale, log: log, root: root)
                if compositor.isNested { _ = try desktop.stillScreenshot("\(compositor)-started") }  // its first frames, drawn in software
                return desktop
            } catch where attempt == 1 {
                print("\(compositor) did not start (\(error)); starting it once more")
            } catch {
                Issue.record("\(compositor) did not start: \(error)\n\((try? String(contentsOfFile: log, encoding: .utf8))?.suffix(3000) ?? "")")
            }
        }
        return nil
    }

    enum DesktopError: Error { case commandFailed(String) }

    /// Starts a client in the session; its standard error goes to the returned pipe.
    @discardableResult
    func start(_ executable: String, _ arguments: [String], stderr: Pipe? = nil, stdout: Pipe? = nil, environment: [String: String] = [:]) throws -> SessionProcess {
        try session.start([executable] + arguments, standardOutput: stdout, standardError: stderr, extraEnvironment: environment)
    }

    /// A screenshot of `output` (all outputs when nil), also kept for people as
    /// `.build/e2e-screenshots/NAME.ppm`. It is taken through the host sway, so a nested
    /// compositor shows as it is on screen.
    func screenshot(_ name: String, output: String? = nil) throws -> Image {
        try FileManager.default.createDirectory(at: Self.screenshotDirectory, withIntermediateDirectories: true)
        let outputArguments = output.map { ["-o", $0] } ?? []
        // Each test process writes its own file, then puts it in place: the two groups side by
        // side may take a screenshot of the same name at once ("Mir-started").
        let ppm = Self.screenshotDirectory.appendingPathComponent("\(name).ppm").path
        let own = ppm + ".\(getpid())"
        _ = try Self.run("/usr/bin/grim", ["-t", "ppm"] + outputArguments + [own], environment: session.hostEnvironment)
        let image = try Image(ppm: Data(contentsOf: URL(fileURLWithPath: own)))
        rename(own, ppm)
        return image
    }

    /// Screenshots until `done` says so, at most `timeout` seconds: the last one taken. This is
    /// how the tests wait for what they expect to show (or to go), never for a fixed time.
    func screenshot(_ name: String, output: String? = nil, until done: (Image) -> Bool, timeout: Double = 10) throws -> Image {
        let deadline = Date().addingTimeInterval(timeout)
        var shot = try screenshot(name, output: output)
        while !done(shot), Date() < deadline {
            usleep(50_000)  // a poll interval
            shot = try screenshot(name, output: output)
        }
        return shot
    }

    /// Screenshots until the screen stops changing (alike for `still` seconds, taken 0.1 s
    /// apart) and `done` says so, at most `timeout` seconds: the last one taken. An app's first
    /// frames, or a nested compositor's, have then been drawn.
    func stillScreenshot(_ name: String, output: String? = nil, still: Double = 0.1, until done: (Image) -> Bool = { _ in true },
                         timeout: Double = 10) throws -> Image {
        var previous = try screenshot(name, output: output)
        var since = Date()
        let deadline = since.addingTimeInterval(timeout)
        while Date() < deadline {
            usleep(100_000)  // a poll interval
            let shot = try screenshot(name, output: output)
            if shot.rgb != previous.rgb || !done(shot) { since = Date() }
            if Date().timeIntervalSince(since) >= still * 0.99 { return shot }
            previous = shot
        }
        return previous
    }

    /// Starts an app (a terminal, a touch demo) and waits until it has drawn: the screen has
    /// changed from before it started and then stayed the same for half a second (Mir 2.28 on
    /// llvmpipe, beside other suites, held its window's fade-in for 0.1 s). The screen with it.
    @discardableResult
    func startApp(_ arguments: [String], name: String) throws -> Image {
        let before = try screenshot("\(name)-before")
        try session.start(arguments, standardError: nil)
        return try stillScreenshot(name, still: 0.5) { $0.differences(from: before).count > 1_000 }
    }

    /// Starts touchlight `--verbose` in the session replaying `trace` with the configuration
    /// `config` (both written into the session as NAME.trace and NAME.toml): the process and
    /// the pipe it logs to.
    func startReplay(_ trace: String, config: String, name: String, arguments: [String] = []) throws -> (process: SessionProcess, log: Pipe) {
        let directory = runtimeDirectory.path
        try trace.write(toFile: "\(directory)/\(name).trace", atomically: true, encoding: .utf8)
        try config.write(toFile: "\(directory)/\(name).toml", atomically: true, encoding: .utf8)
        let log = Pipe()
        let process = try start(touchlight, arguments + ["--replay", "\(directory)/\(name).trace", "--config", "\(directory)/\(name).toml", "--verbose"],
                                stderr: log)
        return (process, log)
    }

    /// Runs `touchlight ctl WORDS` in the session: its exit status and what it printed.
    @discardableResult
    func ctl(_ words: String...) throws -> (status: Int32, output: String) {
        guard let root = session.root else { return try Self.execute(Self.touchlight.path, ["ctl"] + words, environment: environment) }
        return try Self.execute(root.enter, [root.path, touchlight, "ctl"] + words, environment: environment)
    }

    /// `touchlight ctl screenshot` into the session's runtime folder: the picture as ffmpeg
    /// reads it, and the file's permissions (nil: ctl failed, and what it said).
    func ctlScreenshot(_ name: String) throws -> (image: Image?, mode: Int?, output: String) {
        try Image.ctlScreenshot(name, in: runtimeDirectory.path) { try ctl("screenshot", $0) }
    }

    @discardableResult
    func swaymsg(_ arguments: String...) throws -> String {
        try Self.run("/usr/bin/swaymsg", arguments, environment: session.hostEnvironment)
    }

    /// Waits until sway reports output `name` as `matches` wants it (what `swaymsg -t
    /// get_outputs` says of it), at most `timeout` seconds; a failure if it never does.
    func waitForOutput(_ name: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
                       _ matches: ([String: Any]) -> Bool) throws {
        let found = try eventually(timeout: timeout) {
            let json = try swaymsg("-t", "get_outputs")
            let outputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
            return outputs.contains { $0["name"] as? String == name && matches($0) }
        }
        if !found { Issue.record("sway never showed \(name) as wanted: \(try swaymsg("-t", "get_outputs").prefix(1500))", sourceLocation: sourceLocation) }
    }

    func stop() { session.stop() }

    /// The compositor's process id (to freeze it with SIGSTOP).
    var compositorPID: Int32 { session.compositorPID }

    /// Ends the compositor alone, leaving its clients to find out.
    func stopCompositorOnly() { session.stopCompositor() }

    // MARK: Helpers

    /// Runs a command to its end; its exit status and what it printed (both streams).
    /// A command still running after `timeout` seconds is killed (a hung compositor must fail
    /// a test, never hold up the suite), and its output so far returned with status 137.
    static func execute(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                        timeout: Double = 600) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        waitForExit(process)
        watchdog.cancel()
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

/// Waits until `condition` holds, asking again every 50 ms, at most `timeout` seconds:
/// whether it held. For what shows only by asking (a status, a process's memory).
@discardableResult
func eventually(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { return false }
        usleep(50_000)  // a poll interval
    }
    return true
}

/// Waits until a program's log says `text` (an event the test waits for, such as "replay
/// finished") `times` times, after the first `marker` when one is given, at most `timeout`
/// seconds; a failure if it never does. What was read.
@discardableResult
func waitForLine(in pipe: Pipe, containing text: String, times: Int = 1, after marker: String? = nil, timeout: Double = 10,
                 sourceLocation: SourceLocation = #_sourceLocation) -> String {
    var printed = ""
    func found() -> Bool {
        let start = marker.map { printed.range(of: $0)?.upperBound ?? printed.endIndex } ?? printed.startIndex
        return printed[start...].components(separatedBy: text).count - 1 >= times
    }
    if !eventually(timeout: timeout, { printed += drain(pipe); return found() }) {
        Issue.record("waited \(timeout) s for \"\(text)\" (\(times)×)\(marker.map { " after \"\($0)\"" } ?? ""); it printed: \(printed.suffix(1500))",
                     sourceLocation: sourceLocation)
    }
    return printed
}

/// Waits until touchlight (run with --verbose) says its overlay came to rest, after the line
/// containing `marker` if one is given, for at least `quiet` seconds: until the next input, or
/// with a timer's change (a stale marker's fade) further off. Then what shows stays. Whether
/// it did, and everything read from the pipe (added to `printed`).
@discardableResult
func waitForRest(in pipe: Pipe, printed: inout String, after marker: String? = nil, quiet: Double = 1, timeout: Double = 10,
                 sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    func rested(_ text: String) -> Bool {
        let start = marker.flatMap { text.range(of: $0)?.upperBound } ?? (marker == nil ? text.startIndex : text.endIndex)
        return text[start...].split(separator: "\n").contains { line in
            guard let rest = line.range(of: ": at rest, ") else { return false }
            let until = line[rest.upperBound...]
            if until == "until the next input" { return true }
            return until.split(separator: " ").compactMap { Double($0) }.first.map { $0 >= quiet } ?? false
        }
    }
    var text = printed
    let done = eventually(timeout: timeout) {
        text += drain(pipe)
        return rested(text)
    }
    printed = text
    if !done { Issue.record("waited \(timeout) s for the overlay to rest\(marker.map { " after \"\($0)\"" } ?? ""): \(text.suffix(1500))", sourceLocation: sourceLocation) }
    return done
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
