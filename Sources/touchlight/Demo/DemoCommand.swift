import ArgumentParser
import Foundation
import SafeFiles

/// `touchlight demo`: a demo that needs no desktop. It starts a private headless sway with a
/// terminal in it, runs touchlight replaying a built-in trace of every gesture, and saves a
/// screenshot of each gesture.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every gesture in a private headless session and save screenshots (needs sway, grim, foot).",
        discussion: """
            For a machine without a Wayland session (a server, CI). Nothing is shown on your \
            screen: look at the screenshots it saves. When run as root, the private sway runs as \
            the user nobody (sway refuses root).
            """)

    @Option(help: ArgumentHelp("Where to save the screenshots.", valueName: "directory"))
    var output = ".build/demo"

    /// When each gesture is on screen, in seconds after touchlight starts (the replay begins
    /// 0.3 s in).
    static let moments: [(Double, String)] = [
        (1.15, "tap"), (2.25, "double-tap"), (3.35, "long-press"), (5.4, "pan"),
        (6.8, "pinch"), (8.1, "rotate"), (8.8, "swipe"), (10.4, "edge-swipe"),
    ]

    func run() throws {
        let tools = ["sway", "grim", "foot"]
        let missing = tools.filter { which($0) == nil }
        guard missing.isEmpty else {
            throw DemoError("touchlight demo needs \(missing.joined(separator: ", ")): install the Debian packages sway, grim and foot (sudo apt-get install sway grim foot).")
        }
        // Always a new private directory (mkdtemp), never one that someone else prepared. As
        // root it is handed to `nobody`, who could not reach into root's own runtime directory.
        var environment = ProcessInfo.processInfo.environment
        if getuid() == 0 { environment["XDG_RUNTIME_DIR"] = nil }
        let runtime = URL(fileURLWithPath: try SafeFiles.makePrivateDirectory(prefix: "touchlight-demo-", environment: environment))
        defer { try? FileManager.default.removeItem(at: runtime) }
        let config = runtime.appendingPathComponent("sway.conf")
        try "output HEADLESS-1 resolution 1280x720\ndefault_border none\nseat * hide_cursor 100\n".write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o644)
        let trace = runtime.appendingPathComponent("all-gestures.trace")
        try demoTrace.write(to: trace, atomically: true, encoding: .utf8)
        chmod(trace.path, 0o644)

        var swayArguments = ["sway", "-c", config.path]
        if getuid() == 0, let nobody = getpwnam("nobody") {
            chown(runtime.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
            swayArguments = ["setpriv", "--reuid=nobody", "--regid=\(nobody.pointee.pw_gid)", "--clear-groups", "--"] + swayArguments
        }
        let session = ["XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8"]
        var children: [Process] = []
        defer {
            for child in children.reversed() where child.isRunning { child.terminate() }
            for child in children { waitForExit(child) }
        }
        children.append(try spawn(swayArguments, environment: session.merging(
            ["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"]) { $1 }))
        let socket = runtime.appendingPathComponent("wayland-1").path
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(100_000) }
        guard FileManager.default.fileExists(atPath: socket) else { throw DemoError("the private headless sway did not start.") }
        let client = session.merging(["WAYLAND_DISPLAY": "wayland-1"]) { $1 }
        let welcome = "printf 'Touchlight demo\\n\\nEvery touch shows as a marker with a ripple trail;\\ngestures show as cues: tap, double tap, long press,\\npan, pinch, rotate, swipe and edge swipe.\\n'; sleep 60"
        children.append(try spawn(["foot", "sh", "-c", welcome], environment: client))
        usleep(1_000_000)
        children.append(try spawn([CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0] : "/proc/self/exe",
                                   "--replay", trace.path, "--quiet"], environment: client))
        let start = Date()
        let directory = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var saved: [String] = []
        for (moment, name) in Self.moments {
            let wait = moment - Date().timeIntervalSince(start)
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
            let file = directory.appendingPathComponent("demo-\(name).png").path
            let grim = try spawn(["grim", file], environment: client)
            waitForExit(grim)
            guard grim.terminationStatus == 0 else { throw DemoError("grim could not take a screenshot.") }
            saved.append(file)
        }
        print("touchlight demo: screenshots saved:")
        for file in saved { print("  \(file)") }
    }

    private func spawn(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        let executable = arguments[0].hasPrefix("/") ? arguments[0] : (which(arguments[0]) ?? arguments[0])
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private func which(_ tool: String) -> String? {
        for dir in ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(tool)") {
            return "\(dir)/\(tool)"
        }
        return nil
    }

    /// Waits for a process by polling (Foundation's waitUntilExit can hang off the main thread).
    @discardableResult
    private func waitForExit(_ process: Process, timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        return !process.isRunning
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "touchlight demo: " + description }
}
