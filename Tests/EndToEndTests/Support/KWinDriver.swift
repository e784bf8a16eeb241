import Foundation
import Testing

/// Builds and runs the small clients of KDE's own protocols in KWinDriver/:
/// - kwin-output.c changes the scale of KWin's output, or turns an output off or on, while it
///   runs, through the output-management protocol, as System Settings does (kscreen-doctor,
///   which wraps the same protocol, timed out connecting here);
/// - kwin-fake-touch.c drags a finger through KWin's input stack (the fake-input protocol),
///   driven by `Finger`.
enum KWinDriver {
    static let protocols = "/usr/share/plasma-wayland-protocols"
    static let protocolNames = ["kde-output-device-v2", "kde-output-management-v2", "fake-input"]
    static var folder: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("KWinDriver") }
    static var directory: URL { HelperBuild.directory("kwin-driver") }
    static let programs = ["kwin-output", "kwin-fake-touch"]

    /// Why the driver cannot be built here, or nil when it can.
    static var missingPrerequisite: String? {
        if !FileManager.default.fileExists(atPath: "\(protocols)/kde-output-management-v2.xml") {
            return "\(protocols) is missing (install plasma-wayland-protocols: scripts/install-deps test)"
        }
        for tool in ["cc", "wayland-scanner"] where Desktop.which(tool) == nil { return "\(tool) is not installed (scripts/install-deps test)" }
        return nil
    }

    /// The programs, built once per test run.
    private static let built = Result<Void, any Error> { try build() }

    /// Generates the protocol code with wayland-scanner and compiles the programs.
    private static func build() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var protocolCode: [String] = []
        for name in protocolNames {
            let xml = "\(protocols)/\(name).xml"
            try Desktop.run("/usr/bin/env", ["wayland-scanner", "client-header", xml, directory.appendingPathComponent("\(name)-client-protocol.h").path])
            let code = directory.appendingPathComponent("\(name)-protocol.c").path
            try Desktop.run("/usr/bin/env", ["wayland-scanner", "private-code", xml, code])
            protocolCode.append(code)
        }
        for program in programs {
            let source = folder.appendingPathComponent("\(program).c").path
            try Desktop.run("/usr/bin/env", ["cc", "-O1", "-o", directory.appendingPathComponent(program).path, source]
                            + protocolCode + ["-I", directory.path, "-lwayland-client"])
        }
    }

    /// `program`, copied into `desktop`'s session directory (which its user can reach), and the
    /// command line that runs it there with `arguments`, as the session's user when the tests
    /// are root. (KWin hands its restricted protocols, fake input among them, only to clients
    /// whose executable it can read in /proc, even with its permission checks off: "Could not
    /// identify process with pid".)
    private static func commandLine(_ program: String, _ arguments: [String], on desktop: Desktop) throws -> [String] {
        try built.get()
        let copy = desktop.runtimeDirectory.appendingPathComponent(program)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: directory.appendingPathComponent(program), to: copy)
        return try desktop.session.asSessionUser([copy.path] + arguments)
    }

    /// Sets the scale of KWin's output; KWin's answer ("applied" or "failed").
    static func setScale(_ scale: Double, on desktop: Desktop) throws -> (status: Int32, output: String) {
        try Desktop.execute("/usr/bin/env", try commandLine("kwin-output", ["scale", String(scale)], on: desktop), environment: desktop.environment)
    }

    /// Turns KWin's output `index` (from 0) off or on; KWin's answer ("applied" or "failed").
    static func setEnabled(_ enabled: Bool, output index: Int, on desktop: Desktop) throws -> (status: Int32, output: String) {
        try Desktop.execute("/usr/bin/env", try commandLine("kwin-output", ["enable", String(index), enabled ? "1" : "0"], on: desktop),
                            environment: desktop.environment)
    }

    /// A finger on KWin's screen (kwin-fake-touch). Start it before the clients it touches: they
    /// take touches once they have heard of the touch capability its device gives KWin's seat.
    final class Finger {
        private let process = Process()
        private let input = Pipe(), output = Pipe()

        /// Starts it and waits until its device is there.
        init(on desktop: Desktop) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = try commandLine("kwin-fake-touch", [], on: desktop)
            process.environment = desktop.environment
            (process.standardInput, process.standardOutput, process.standardError) = (input, output, output)
            // Its input ends when this end closes: no other child may inherit it.
            _ = fcntl(input.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
            try process.run()
            waitForLine(in: output, containing: "ready")
        }

        /// Drags from `start` to `end` (logical coordinates); returns once KWin has received it
        /// all. What the finger said.
        @discardableResult
        func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) throws -> String {
            try input.fileHandleForWriting.write(contentsOf: Data("\(start.x) \(start.y) \(end.x) \(end.y)\n".utf8))
            return waitForLine(in: output, containing: "done")
        }

        /// Lifts it for good: the end of its input.
        func stop() {
            try? input.fileHandleForWriting.close()
            #expect(waitForExit(process, timeout: 5) && process.terminationStatus == 0, "kwin-fake-touch: \(drain(output))")
        }
    }
}
