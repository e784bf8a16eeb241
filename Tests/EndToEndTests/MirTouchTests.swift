import Foundation
import Testing
import TouchCore
import Visualizer
@testable import Annotation

/// Real wl_touch events from Mir (through its WLCS integration): with --capture the touch
/// sequence reaches touchlight's TouchCore; without it, the same touch goes to an ordinary
/// window under the overlay and not to touchlight.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: MirDriver.missingPrerequisite == nil, "SKIPPED LOUDLY: \(MirDriver.missingPrerequisite ?? "")"))
    struct MirTouchTests {
        @Test func captureModeReceivesTheRealTouchSequence() throws {
            let run = try MirDriver.run(touchlightArguments: ["--capture", "--verbose"])
            #expect(run.stderr.contains("touch 1 began at (100, 120)"), "touchlight log: \(run.stderr)")
            #expect(run.stderr.contains("touch 1 ended at (120, 140)"))
            // --verbose also says why each gesture waited, won or lost.
            #expect(run.stderr.contains("gesture pan waits: it requires swipe to fail, which is still possible"), "\(run.stderr)")
            #expect(!run.stdout.contains("window-touch-down"), "the window below must not see a captured touch")
            #expect(run.stdout.contains("touchlight-exit 0"))
        }

        @Test func drawModeTakesTheRealTouchAndDrawsWithIt() throws {
            let run = try MirDriver.run(touchlightArguments: ["--mode", "draw", "--verbose"])
            #expect(run.stderr.contains("touch 1 began at (100, 120)"), "touchlight log: \(run.stderr)")
            #expect(run.stderr.contains("InkView"), "the ink view was hit: \(run.stderr)")
            #expect(run.stderr.contains("strokes"), "\(run.stderr)")
            #expect(run.stderr.contains(": 1 strokes"), "the touch drew one stroke: \(run.stderr)")
            // Then a mouse drag with the left button: one more contact, one more stroke.
            #expect(run.stderr.contains("began at (200, 220)"), "the held left button draws: \(run.stderr)")
            #expect(run.stderr.contains(": 2 strokes"), "\(run.stderr)")
            #expect(!run.stdout.contains("window-touch-down"), "the window below must not see a drawing touch")
            #expect(run.stdout.contains("touchlight-exit 0"))
        }

        @Test func passModeLetsTheTouchReachTheWindowBelow() throws {
            let run = try MirDriver.run(touchlightArguments: ["annotate", "--verbose"])
            #expect(run.stdout.contains("window-touch-down 100 120"), "driver output: \(run.stdout)")
            #expect(!run.stderr.contains("began at"), "touchlight must not receive it: \(run.stderr)")
            #expect(run.stderr.contains("overlay on output"), "the overlay was up: \(run.stderr)")
            #expect(run.stdout.contains("touchlight-exit 0"))
        }

        /// In pass mode the toolbar's buttons are the overlay's input region: a real tap on the
        /// draw-mode button reaches touchlight (and switches to draw mode), not the window below.
        @MainActor @Test func passModeTheToolbarTakesARealTap() throws {
            let first = try MirDriver.run(touchlightArguments: ["annotate", "--verbose"])
            let size = try #require(Self.overlaySize(in: first.stderr), "touchlight logs its overlay's size: \(first.stderr)")
            let bar = ToolbarView(outputSize: size, place: ToolbarPlace(), palette: AnnotationDefaults.palette.compactMap { Color(hex: $0) },
                                  widths: AnnotationDefaults.widths)
            let button = try #require(bar.buttons.first { $0.command == .mode(.toggle) })
            let x = Int(bar.frame.minX + button.center.x), y = Int(bar.frame.minY + button.center.y)
            let run = try MirDriver.run(touchlightArguments: ["annotate", "--verbose"], environment: ["DRIVER_TAP": "\(x),\(y)"])
            #expect(run.stderr.contains("touch 1 began at (\(x), \(y))"), "touchlight got the tap: \(run.stderr)")
            #expect(run.stderr.contains("ToolbarButton"), "on a toolbar button: \(run.stderr)")
            #expect(run.stderr.contains("annotation mode: draw"), "which switched to draw mode: \(run.stderr)")
            #expect(!run.stdout.contains("window-touch-down \(x) \(y)"), "the window below did not see it: \(run.stdout)")
            // Now in draw mode, the next touch draws instead of reaching the window.
            #expect(!run.stdout.contains("window-touch-down 100 120"), "\(run.stdout)")
            #expect(run.stdout.contains("touchlight-exit 0"))
        }

        /// The last "overlay on NAME: W×H logical px" in touchlight's log (Mir resizes its output once).
        static func overlaySize(in log: String) -> Size? {
            guard let line = log.split(separator: "\n").last(where: { $0.contains("logical px") && $0.contains("overlay on") }),
                  let colon = line.lastIndex(of: ":") else { return nil }
            let numbers = line[line.index(after: colon)...].split(whereSeparator: { !$0.isNumber }).compactMap { Double($0) }
            return numbers.count >= 2 ? Size(width: numbers[0], height: numbers[1]) : nil
        }

        @Test func passThroughModeLetsTheTouchReachTheWindowBelow() throws {
            let run = try MirDriver.run(touchlightArguments: ["--verbose"])
            #expect(run.stdout.contains("window-touch-down 100 120"), "driver output: \(run.stdout)")
            #expect(!run.stderr.contains("began at"), "touchlight must not receive it: \(run.stderr)")
            #expect(run.stderr.contains("overlay on output"), "the overlay was up: \(run.stderr)")
            #expect(run.stdout.contains("touchlight-exit 0"))
        }
    }
}

/// Builds and runs MirDriver/mir-touch-driver.c.
enum MirDriver {
    static let integration = "/usr/lib/x86_64-linux-gnu/mir/miral_wlcs_integration.so"
    static var source: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MirDriver/mir-touch-driver.c") }
    static var binary: URL { HelperBuild.directory("mir-touch-driver").appendingPathComponent("mir-touch-driver") }

    static var missingPrerequisite: String? {
        if !FileManager.default.fileExists(atPath: integration) { return "\(integration) is missing (install mir-wlcs-integration: scripts/install-deps test)" }
        if !FileManager.default.fileExists(atPath: "/usr/include/wlcs/display_server.h") { return "the wlcs headers are missing (install wlcs: scripts/install-deps test)" }
        if Desktop.which("cc") == nil { return "no C compiler (install gcc)" }
        if !FileManager.default.isExecutableFile(atPath: Desktop.touchlight.path) { return "\(Desktop.touchlight.path) is not built" }
        return nil
    }

    struct Run { let stdout: String; let stderr: String }

    static func build() throws {
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        let root = Desktop.packageRoot
        try Desktop.run("/usr/bin/env", ["cc", "-O1", "-o", binary.path, source.path,
                                      root.appendingPathComponent("Sources/CWaylandProtocols/generated/xdg-shell-protocol.c").path,
                                      "-I", root.appendingPathComponent("Sources/CWaylandProtocols/include").path,
                                      "-lwayland-client", "-ldl"])
    }

    static func run(touchlightArguments: [String], environment: [String: String] = [:]) throws -> Run {
        try build()
        let runtime = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-mir-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)  // Mir aborts without a private runtime directory
        defer { try? FileManager.default.removeItem(at: runtime) }
        let process = Process()
        process.executableURL = binary
        process.arguments = [integration, Desktop.touchlight.path] + touchlightArguments
        process.environment = ["XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        // Standard error to a file: Mir is chatty, and a pipe nobody reads would fill up.
        let errorLog = runtime.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        #expect(waitForExit(process, timeout: 60), "the Mir driver did not finish")
        let stderrText = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        return Run(stdout: String(decoding: stdoutData, as: UTF8.self), stderr: stderrText)
    }
}
