import ArgumentParser
import FoundationEssentials
import Glibc
import HeadlessSession
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

    @Option(help: ArgumentHelp("Only write the demo's trace (every gesture once, 1280×720) to this file, for `touchlight --replay` and `touchlight render`, and exit.", valueName: "file"))
    var saveTrace: String?

    func run() throws {
        if let saveTrace {
            do { try SafeFiles.writeAtomically(Array(DemoScene.trace.text.utf8), to: saveTrace, mode: 0o644) } catch {
                throw DemoError("cannot write \(saveTrace): \(error.message)")
            }
            return
        }
        let missing = (Compositor.sway.requiredTools + ["grim", "foot"]).filter { HeadlessSession.which($0) == nil }
        guard missing.isEmpty else {
            throw DemoError("touchlight demo needs \(missing.joined(separator: ", ")): install the Debian packages sway, grim and foot (sudo apt-get install sway grim foot).")
        }
        let sway: HeadlessSession
        do {
            sway = try HeadlessSession(.sway, width: Int(DemoScene.outputSize.width), height: Int(DemoScene.outputSize.height), userWhenRoot: "nobody")
        } catch {
            throw DemoError("the private headless sway did not start: \(error)")
        }
        defer { sway.stop() }
        let trace = sway.runtimeDirectory + "/all-gestures.trace"
        try DemoScene.trace.text.write(toFile: trace, atomically: true, encoding: .utf8)
        chmod(trace, 0o644)
        let welcome = "printf 'Touchlight demo\\n\\nEvery touch shows as a marker with a ripple trail;\\ngestures show as cues: tap, double tap, long press,\\npan, pinch, rotate, swipe and edge swipe.\\n'; sleep 60"
        try sway.start(["foot", "sh", "-c", welcome])
        usleep(1_000_000)
        let touchlight = CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0] : "/proc/self/exe"
        try sway.start([touchlight, "--replay", trace, "--quiet"])
        let start = Date()
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var saved: [String] = []
        for (name, moment) in DemoScene.screenshots {
            let wait = moment - Date().timeIntervalSince(start)
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
            let file = output + "/demo-\(name).png"
            let grim = try sway.start(["grim", file])
            HeadlessSession.waitForExit(grim, timeout: 5)
            guard grim.terminationStatus == 0 else { throw DemoError("grim could not take a screenshot.") }
            saved.append(file)
        }
        print("touchlight demo: screenshots saved:")
        for file in saved { print("  \(file)") }
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "touchlight demo: " + description }
}
