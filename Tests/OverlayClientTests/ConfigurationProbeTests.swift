import Foundation
import Testing
import TestSupport
import TouchlightConfig
@testable import OverlayClient

/// The probe that keeps the TOML library's aborts out of the running program, driven with
/// stand-in children (shell scripts) so that a crash and a file swapped mid-read can be made
/// on purpose.
@Suite struct ConfigurationProbeTests {
    /// A private directory with an executable script `probe` holding `body`.
    private func scratch(probe body: String) throws -> (directory: String, probe: String) {
        let directory = NSTemporaryDirectory() + "touchlight-probe-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let probe = directory + "/probe"
        try writeExecutable("#!/bin/sh\n" + body + "\n", to: probe)
        return (directory, probe)
    }

    /// Bug 29.1: the file was read twice, once by the child and once here, so a file replaced in
    /// between reached the parser unchecked. Here the child itself replaces the file while it is
    /// being probed: what is parsed must be what the child was given.
    @Test func theBytesParsedAreTheBytesProbed() throws {
        let (directory, probe) = try scratch(probe: """
            cat > "$(dirname "$0")/given"
            printf '[marker]\\nradius = 99\\n' > "$(dirname "$0")/config.toml"
            """)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/config.toml"
        try "[marker]\nradius = 42\n".write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try ConfigurationProbe.read(path, executable: probe)
        #expect(configuration.style.markerRadius == 42, "the file as probed, not as replaced")
        #expect(try String(contentsOfFile: directory + "/given", encoding: .utf8) == "[marker]\nradius = 42\n", "the child got the bytes")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("99"), "the swap did happen")
    }

    @Test func aChildThatDiesIsAProblemNotACrash() throws {
        let (directory, probe) = try scratch(probe: "cat > /dev/null\nkill -ABRT $$")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/config.toml"
        try "[marker]\nradius = 42\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ConfigurationProbe.read(path, executable: probe)
            Issue.record("a file that killed the probe was read")
        } catch {
            #expect(error.problems.count == 1 && error.problems[0].message.hasPrefix("the TOML parser crashed reading this file (signal 6)"), "\(error)")
        }
        let state = directory + "/state.toml"
        try "[toolbar.\"x\"]\nedge = \"left\"\noffset = 0.5\n".write(toFile: state, atomically: true, encoding: .utf8)
        let loaded = ConfigurationProbe.stateFile(at: state, executable: probe)
        #expect(loaded.state == StateFile() && loaded.problem?.contains("crashed") == true, "\(loaded)")
    }

    /// A running program's reload does not wait on the child: the probe says nil while the
    /// child runs, then the file; a child that never ends is killed at its deadline and
    /// reported; one that crashes is a problem.
    @Test func aReloadsProbeIsAskedNotWaitedFor() throws {
        let (directory, probe) = try scratch(probe: "cat > /dev/null\nsleep 0.3")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/config.toml"
        try "[marker]\nradius = 42\n".write(toFile: path, atomically: true, encoding: .utf8)
        let running = try ConfigurationProbe.Running(path: path, now: 0, executable: probe)
        #expect(running.outcome(now: 0) == nil, "the child still runs: nothing waited")
        var outcome: Result<Configuration, ConfigurationError>?
        let deadline = Date().addingTimeInterval(5)
        while outcome == nil, Date() < deadline {
            usleep(20_000)
            outcome = running.outcome(now: 0.1)
        }
        #expect((try? outcome?.get())?.style.markerRadius == 42, "\(String(describing: outcome))")

        let (hungDirectory, hung) = try scratch(probe: "exec sleep 60")
        defer { try? FileManager.default.removeItem(atPath: hungDirectory) }
        let stuck = try ConfigurationProbe.Running(path: path, now: 0, executable: hung)
        #expect(stuck.outcome(now: 1) == nil)
        guard case .failure(let error)? = stuck.outcome(now: ConfigurationProbe.timeout) else { Issue.record("a hung probe was not ended"); return }
        #expect(error.problems.first?.message.contains("did not finish reading this file in 10 s") == true, "\(error)")

        let (crashDirectory, crashing) = try scratch(probe: "cat > /dev/null\nkill -SEGV $$")
        defer { try? FileManager.default.removeItem(atPath: crashDirectory) }
        let crash = try ConfigurationProbe.Running(path: path, now: 0, executable: crashing)
        var crashed: Result<Configuration, ConfigurationError>?
        while crashed == nil, Date() < deadline.addingTimeInterval(5) {
            usleep(20_000)
            crashed = crash.outcome(now: 0.1)
        }
        guard case .failure(let problem)? = crashed else { Issue.record("a crashing probe was not reported"); return }
        #expect(problem.problems.first?.message.hasPrefix("the TOML parser crashed reading this file (signal 11)") == true, "\(problem)")
    }

    @Test func aNamedPipeIsRefusedWithoutStartingAChild() throws {
        let (directory, probe) = try scratch(probe: "touch \"$(dirname \"$0\")/ran\"")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/config.toml"
        #expect(mkfifo(fifo, 0o600) == 0)
        do {
            _ = try ConfigurationProbe.read(fifo, executable: probe)
            Issue.record("a named pipe was read")
        } catch {
            #expect(error.problems.first?.message == "a named pipe (FIFO), not a regular file", "\(error)")
        }
        #expect(ConfigurationProbe.stateFile(at: fifo, executable: probe).problem?.contains("a named pipe (FIFO)") == true)
        #expect(!FileManager.default.fileExists(atPath: directory + "/ran"))
    }
}

/// Bug 29.2: `doctor` parsed the configuration in its own process. Every place in the program
/// that parses TOML is listed here: only the configuration module itself (which defines the
/// parsing), the probe and the probe's child may call the parsers; everything else reads
/// through `ConfigurationProbe`.
@Suite struct EveryTOMLReadGoesThroughTheProbe {
    @Test func noOtherCodeCallsTheParser() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardizedFileURL.path
        let allowed = ["TouchlightConfig/", "OverlayClient/App/ConfigurationProbe.swift", "touchlight/ConfigCommand.swift"]
        let parsers = ["Configuration(contentsOf:", "Configuration(bytes:", "Configuration(toml:", "TOMLTable(string:",
                       "StateFile.load(", "StateFile(toml:"]
        var offenders: [String] = []
        var files = 0
        let enumerator = FileManager.default.enumerator(atPath: sources)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift"), !allowed.contains(where: { file.hasPrefix($0) }) else { continue }
            files += 1
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && parsers.contains(where: { line.contains($0) }) {
                offenders.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(files > 100, "the sources were found (\(files) files)")
        #expect(offenders.isEmpty, "parse through ConfigurationProbe instead:\n\(offenders.joined(separator: "\n"))")
        let probeChild = try String(contentsOfFile: sources + "/touchlight/ConfigCommand.swift", encoding: .utf8)
        #expect(probeChild.components(separatedBy: "ConfigurationProbe.read(").count == 2, "config check reads through the probe")
    }
}
