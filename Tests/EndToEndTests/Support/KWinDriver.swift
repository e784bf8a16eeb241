import Foundation

/// Builds and runs the small clients of KDE's own protocols in KWinDriver/:
/// - kwin-output-scale.c changes the scale of KWin's output while it runs, through the
///   output-management protocol, as System Settings does (kscreen-doctor, which wraps the same
///   protocol, timed out connecting here);
/// - kwin-fake-touch.c drags a finger through KWin's input stack (the fake-input protocol).
enum KWinDriver {
    static let protocols = "/usr/share/plasma-wayland-protocols"
    static let protocolNames = ["kde-output-device-v2", "kde-output-management-v2", "fake-input"]
    static var folder: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("KWinDriver") }
    static var directory: URL { Desktop.packageRoot.appendingPathComponent(".build/e2e/kwin-driver") }
    static let programs = ["kwin-output-scale", "kwin-fake-touch"]

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

    /// Runs `program` with `arguments` in `desktop`'s KWin session, as the session's user when
    /// the tests are root; its exit status and what it printed. (KWin hands its restricted
    /// protocols, fake input among them, only to clients whose executable it can read in
    /// /proc, even with its permission checks off: "Could not identify process with pid".)
    static func run(_ program: String, _ arguments: [String], on desktop: Desktop) throws -> (status: Int32, output: String) {
        try built.get()
        // A copy in the session's own directory, which its user can reach.
        let copy = desktop.runtimeDirectory.appendingPathComponent(program)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: directory.appendingPathComponent(program), to: copy)
        return try Desktop.execute("/usr/bin/env", try desktop.session.asSessionUser([copy.path] + arguments), environment: desktop.environment)
    }

    /// Sets the scale of KWin's output; KWin's answer ("applied" or "failed").
    static func setScale(_ scale: Double, on desktop: Desktop) throws -> (status: Int32, output: String) {
        try run("kwin-output-scale", [String(scale)], on: desktop)
    }

    /// Drags one finger from `start` to `end` (logical coordinates) through KWin's input.
    static func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), on desktop: Desktop) throws -> (status: Int32, output: String) {
        try run("kwin-fake-touch", ["\(start.x)", "\(start.y)", "\(end.x)", "\(end.y)"], on: desktop)
    }
}
