import Foundation

/// A minimal input method (InputMethodDriver/input-method-commit.c, input-method-v2), built
/// with wayland-scanner and cc, that shows a composition and then commits text to the text
/// input the compositor activates it for: sway relays it through text-input-v3.
enum InputMethodDriver {
    static var folder: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("InputMethodDriver") }
    static var directory: URL { HelperBuild.directory("input-method-driver") }

    /// Why it cannot be built here, or nil when it can.
    static var missingPrerequisite: String? {
        for tool in ["cc", "wayland-scanner"] where Desktop.which(tool) == nil { return "\(tool) is not installed (scripts/install-deps test)" }
        return nil
    }

    private static let built = Result<URL, any Error> { try build() }

    private static func build() throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let xml = folder.appendingPathComponent("input-method-unstable-v2.xml").path
        let code = directory.appendingPathComponent("input-method-unstable-v2-protocol.c").path
        try Desktop.run("/usr/bin/env", ["wayland-scanner", "client-header", xml, directory.appendingPathComponent("input-method-unstable-v2-client-protocol.h").path])
        try Desktop.run("/usr/bin/env", ["wayland-scanner", "private-code", xml, code])
        let program = directory.appendingPathComponent("input-method-commit")
        try Desktop.run("/usr/bin/env", ["cc", "-O1", "-o", program.path, folder.appendingPathComponent("input-method-commit.c").path, code,
                                         "-I", directory.path, "-lwayland-client"])
        return program
    }

    /// The program, copied where the session's user can run it, and its command line.
    static func commandLine(committing text: String, composing preedit: String, times: Int = 1, on desktop: Desktop) throws -> [String] {
        let copy = desktop.runtimeDirectory.appendingPathComponent("input-method-commit")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: try built.get(), to: copy)
        return try desktop.session.asSessionUser(["env"] + desktop.environment.map { "\($0.key)=\($0.value)" } + [copy.path, text, preedit, String(times)])
    }

    /// Starts it on `desktop`: the process, the pipe to close when the test is done with it
    /// (it serves until its standard input closes), and what it prints (`ready`, `preedit`,
    /// `committed`, each `surrounding` text it is told).
    static func start(committing text: String, composing preedit: String, times: Int = 1,
                      on desktop: Desktop) throws -> (process: Process, input: Pipe, output: Pipe) {
        let method = Process(), input = Pipe(), output = Pipe()
        method.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        method.arguments = try commandLine(committing: text, composing: preedit, times: times, on: desktop)
        (method.standardInput, method.standardOutput) = (input, output)
        try method.run()
        return (method, input, output)
    }
}
