import Foundation
import Testing
import TestSupport

/// The `touchlight` command line: subcommands, exit codes and output.
extension EndToEnd {
    @Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: Desktop.touchlight.path), "SKIPPED LOUDLY: touchlight is not built"))
    struct CommandLineTests {
        struct Result { let status: Int32; let stdout: String; let stderr: String }

        func touchlight(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
            let process = Process()
            process.executableURL = Desktop.touchlight
            process.arguments = arguments
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent-home"].merging(environment) { $1 }
            let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-cli-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let out = directory.appendingPathComponent("out"), err = directory.appendingPathComponent("err")
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            _ = FileManager.default.createFile(atPath: err.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
            #expect(waitForExit(process, timeout: 20))
            return Result(status: process.terminationStatus,
                          stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                          stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
        }

        func temporaryFile(_ text: String) throws -> String {
            let path = NSTemporaryDirectory() + "touchlight-\(UUID().uuidString.prefix(8)).toml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        @Test func theDefaultFileIsValidAndComplete() throws {
            let printed = try touchlight(["config", "default"])
            #expect(printed.status == 0)
            #expect(printed.stdout.contains("[marker]") && printed.stdout.contains("[performance]"))
            let file = try temporaryFile(printed.stdout)
            defer { unlink(file) }
            let checked = try touchlight(["config", "check", file])
            #expect(checked.status == 0)
            #expect(checked.stdout == "\(file): valid\n")
        }

        @Test func aBrokenFileListsEveryProblemAndFails() throws {
            let file = try temporaryFile("[marker]\nradius = 0\n[ripple]\nspacng = 3\n")
            defer { unlink(file) }
            let checked = try touchlight(["config", "check", file])
            #expect(checked.status == 1)
            #expect(checked.stderr == """
                \(file):2:1: [marker] radius: found 0 (an integer); expected a number from 4 to 400, or a percentage of the output's shorter side from "0.1%" to "20%"
                \(file):4:1: [ripple] spacng: unknown key; did you mean spacing?

                """)
            // The overlay refuses to start with it, naming the problems.
            let run = try touchlight(["--config", file])
            #expect(run.status == 1)
            #expect(run.stderr.contains("[ripple] spacng: unknown key"))
        }

        /// Bug 13: a huge trace is refused before it is read, in one short line.
        @Test func aTraceOverTheLimitIsRefusedBeforeItIsRead() throws {
            let path = NSTemporaryDirectory() + "touchlight-huge-\(UUID().uuidString.prefix(8)).trace"
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            defer { unlink(path) }
            #expect(truncate(path, 100_000_000) == 0)  // sparse: 100 MB that take no room
            let run = try touchlight(["--replay", path])
            #expect(run.status == 1)
            #expect(run.stderr == "touchlight: \(path): 100.0 MB is over the limit of 67.1 MB\n", "\(run.stderr)")
        }

        /// Bug 14: a misspelt option used to install the rule and print "removed".
        @Test func installUdevRuleRejectsUnknownArguments() throws {
            let script = Desktop.packageRoot.appendingPathComponent("scripts/install-udev-rule").path
            let rule = NSTemporaryDirectory() + "touchlight-rule-\(UUID().uuidString.prefix(8)).rules"
            defer { unlink(rule) }
            func run(_ arguments: [String]) throws -> (Int32, String) {
                try Desktop.execute("/bin/bash", [script] + arguments, environment: ["PATH": "/usr/bin:/bin", "TOUCHLIGHT_UDEV_RULE_FILE": rule])
            }
            let (typo, typoText) = try run(["--rmeove"])
            #expect(typo == 2 && typoText.contains("unknown argument '--rmeove'"), "\(typoText)")
            #expect(!FileManager.default.fileExists(atPath: rule), "nothing was installed")
            #expect(try run([]).0 == 0)
            #expect(try String(contentsOfFile: rule, encoding: .utf8).contains("ENV{ID_INPUT_TOUCHSCREEN}==\"1\""))
            let (removed, removedText) = try run(["--remove"])
            #expect(removed == 0 && removedText.contains("removed \(rule)"))
            #expect(!FileManager.default.fileExists(atPath: rule))
        }

        /// The TOML library aborts on some malformed files (found by this fuzzing); touchlight
        /// finds them first and reports them with their place instead of dying (and parses in a
        /// child process first, for what it does not know of: `ConfigurationProbeTests`).
        static let fixtureProblem = "toml-parser-abort.toml:41:81: an array needs a value or ']' here, not '}'"

        @Test func aFileThatCrashesTheTOMLParserIsReportedNotFatal() throws {
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/toml-parser-abort.toml").path
            let check = try touchlight(["config", "check", fixture])
            #expect(check.status == 1 && check.stderr.contains(Self.fixtureProblem), "\(check.stderr)")
            let launch = try touchlight(["--config", fixture])
            #expect(launch.status == 1 && launch.stderr.contains(Self.fixtureProblem), "\(launch.stderr)")
        }

        /// Bug 29.2: every command that reads TOML survives the file, `doctor` included (it used
        /// to parse in its own process and abort with status 134; `EveryTOMLReadGoesThroughTheProbe`
        /// checks that nothing parses outside the probe).
        @Test func everyPathThatReadsTheConfigurationSurvivesAFileThatCrashesTheParser() throws {
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/toml-parser-abort.toml").path
            let trace = try temporaryFile("touchlight-trace 4\noutput 100 100 1\n0.1 1 down 10 10\n0.2 1 up 20 20\n")
            defer { try? FileManager.default.removeItem(atPath: trace) }
            let runs: [(String, [String])] = [
                ("doctor", ["doctor", "--config", fixture]),
                ("render", ["render", trace, "--config", fixture, "--out", NSTemporaryDirectory() + "never-made/"]),
                ("record --no-overlay", ["record", NSTemporaryDirectory() + "never.trace", "--no-overlay", "--config", fixture]),
                ("annotate", ["annotate", "--config", fixture]),
            ]
            for (name, arguments) in runs {
                let run = try touchlight(arguments, environment: ["WAYLAND_DISPLAY": "none", "XDG_RUNTIME_DIR": NSTemporaryDirectory()])
                #expect(run.status == 0 || run.status == 1, "\(name): status \(run.status)\n\(run.stderr)")
                #expect((run.stdout + run.stderr).contains(Self.fixtureProblem), "\(name): \(run.stdout)\(run.stderr)")
            }
        }

        /// Bug 29.11: a named pipe as the configuration is refused at once with the reason; it
        /// used to block start-up for the probe's 10 s.
        @Test func aNamedPipeIsRefusedAtOnce() throws {
            let fifo = NSTemporaryDirectory() + "touchlight-fifo-\(UUID().uuidString.prefix(8))"
            #expect(mkfifo(fifo, 0o600) == 0)
            defer { unlink(fifo) }
            let started = Date()
            let run = try touchlight(["config", "check", fifo])
            #expect(run.status == 1 && run.stderr.contains("a named pipe (FIFO), not a regular file"), "\(run.stderr)")
            #expect(Date().timeIntervalSince(started) < 5, "refused without waiting for the pipe's writer")
        }

        /// Bug 29.3: the size from the trace's output line is capped as --size is.
        @Test func aHugeTraceOutputIsRefusedBeforeAnythingIsAllocated() throws {
            let trace = try temporaryFile("touchlight-trace 4\noutput 100000 100000 1\n0.1 1 down 100 100\n0.2 1 up 200 200\n")
            defer { try? FileManager.default.removeItem(atPath: trace) }
            let frames = NSTemporaryDirectory() + "touchlight-frames-\(UUID().uuidString.prefix(8))/"
            let run = try touchlight(["render", trace, "--out", frames])
            #expect(run.status == 1, "\(run.status): \(run.stderr)")
            #expect(run.stderr.contains("the frames would be 100000×100000 pixels") && run.stderr.contains("each side must be from 1 to 16384"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: frames), "nothing was made")
            let sized = try touchlight(["render", trace, "--size", "320x320", "--out", frames])
            #expect(sized.status == 0, "a size within the bound renders: \(sized.stderr)")
            try? FileManager.default.removeItem(atPath: frames)
        }

        /// A copy of the binary carries its shaders (it used to look for a resource bundle
        /// beside it or in the build folder, and crash with SIGILL without one): no bundle is
        /// built, and each shader's text is inside the program itself.
        @Test func theBinaryCarriesItsShaders() throws {
            let build = Desktop.touchlight.deletingLastPathComponent()
            let bundles = try FileManager.default.contentsOfDirectory(atPath: build.path).filter { $0.hasSuffix(".resources") }
            #expect(bundles.isEmpty, "resource bundles beside the binary: \(bundles)")
            let binary = try Data(contentsOf: Desktop.touchlight)
            let shaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../shaders").standardized
            for name in ["quad.vert", "marker.frag", "ripple.frag", "stroke.frag", "texture.frag"] {
                let text = try Data(contentsOf: shaders.appendingPathComponent(name))
                #expect(binary.range(of: text) != nil, "\(name) is not inside the binary")
            }
        }

        /// Bug 29.16: a command refused before it is sent exits 1, as the README says.
        @Test func aRefusedCtlCommandExitsOne() throws {
            let run = try touchlight(["ctl", "tool", "crayon"])
            #expect(run.status == 1 && run.stderr.contains("tool takes pen, highlighter"), "\(run.status) \(run.stderr)")
        }

        /// The same for the state file (toolbar places, learned calibrations): one that kills the
        /// parser costs what was remembered, with a warning, and touchlight goes on (here, to say
        /// there is no compositor).
        @Test func aStateFileThatCrashesTheTOMLParserIsReportedNotFatal() throws {
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/toml-parser-abort.toml").path
            let state = NSTemporaryDirectory() + "touchlight-state-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: state + "/touchlight", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: state) }
            try FileManager.default.copyItem(atPath: fixture, toPath: state + "/touchlight/state.toml")
            let launch = try touchlight(["annotate"], environment: ["XDG_STATE_HOME": state, "XDG_RUNTIME_DIR": state, "WAYLAND_DISPLAY": "none"])
            #expect(launch.status == 1, "an ordinary failure, not a signal: \(launch.status) \(launch.stderr)")
            #expect(launch.stderr.contains("remembered state:") && launch.stderr.contains("41:81: an array needs a value or ']' here"), "\(launch.stderr)")
        }

        /// `calibrate --reset` forgets every learned calibration and keeps the rest of the state
        /// file; with nothing to forget it says so. `calibrate` itself needs the libinput source,
        /// and never falls back to wl_touch, which alone cannot calibrate anything.
        @Test func calibrateResetForgetsCalibrationsOnly() throws {
            let state = NSTemporaryDirectory() + "touchlight-state-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: state + "/touchlight", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: state) }
            let file = state + "/touchlight/state.toml"
            try """
                [toolbar.eDP-1]
                edge = "top"
                offset = 0.25
                [touchscreen."ELAN Touchscreen"."eDP-1"]
                matrix = [0.0, 1.0, 0.0, -1.0, 0.0, 1.0]
                [touchscreen."ELAN Touchscreen"."HDMI-A-1"]
                matrix = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0]

                """.write(toFile: file, atomically: true, encoding: .utf8)
            let doctor = try touchlight(["doctor"], environment: ["XDG_STATE_HOME": state, "XDG_RUNTIME_DIR": state, "WAYLAND_DISPLAY": "none"])
            #expect(doctor.stdout.contains("Touchscreen calibrations: ELAN Touchscreen on HDMI-A-1, ELAN Touchscreen on eDP-1 ("), "\(doctor.stdout)")
            let reset = try touchlight(["calibrate", "--reset"], environment: ["XDG_STATE_HOME": state])
            #expect(reset.status == 0 && reset.stdout == "forgot the calibration of ELAN Touchscreen on HDMI-A-1, ELAN Touchscreen on eDP-1\n",
                    "\(reset.stdout)\(reset.stderr)")
            let kept = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!kept.contains("touchscreen") && !kept.contains("matrix") && kept.contains("offset = 0.25"), "\(kept)")
            let again = try touchlight(["calibrate", "--reset"], environment: ["XDG_STATE_HOME": state])
            #expect(again.status == 0 && again.stdout == "no calibration to forget in \(file)\n", "\(again.stdout)\(again.stderr)")
            let after = try touchlight(["doctor"], environment: ["XDG_STATE_HOME": state, "XDG_RUNTIME_DIR": state, "WAYLAND_DISPLAY": "none"])
            #expect(after.stdout.contains("Touchscreen calibrations: none"), "\(after.stdout)")
            let config = try temporaryFile("[input]\nfallback_to_wayland = true\n")
            defer { unlink(config) }
            let calibrate = try touchlight(["calibrate", "--config", config], environment: ["XDG_STATE_HOME": state, "XDG_RUNTIME_DIR": state])
            // As root: "the libinput source does not run as root"; as a user here: "no touchscreen found".
            #expect(calibrate.status == 1 && (calibrate.stderr.contains("libinput source") || calibrate.stderr.contains("no touchscreen found"))
                    && !calibrate.stderr.contains("falling back"),
                    "\(calibrate.stderr)")
        }

        /// Random and mutated files through `config check`: valid, or refused with every problem
        /// placed in the file (line 1 or later: the TOML library's abort, which has no place, is
        /// never reached); never a crash. The seeds hold nested arrays, inline tables and every
        /// kind of string, where the library's aborts were found.
        @Test func randomAndMutatedFilesNeverCrash() throws {
            var rng = SplitMix(state: 1011)
            let structured = "a = [\n  [{x=1}, \"s]\"],\n  # c [\n]\nb = { c = [1,2], d = \"\"\"\n[x\n\"\"\" }\nq = '''\n[!]\n'''\n"
            let defaults = try touchlight(["config", "default"]).stdout
            let seeds = [defaults, defaults + structured, structured]
            let alphabet = Array("[]=\"'#.{},\n \t0123456789abcxyz_-+e!\0\u{FFFD}é")
            let directory = NSTemporaryDirectory() + "touchlight-fuzz-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/config.toml"
            for _ in 0..<150 {
                let candidate = mutated(seeds.randomElement(using: &rng)!, alphabet: alphabet, edits: 1...10, using: &rng)
                try candidate.write(toFile: path, atomically: true, encoding: .utf8)
                let lines = candidate.split(separator: "\n", omittingEmptySubsequences: false).count
                let run = try touchlight(["config", "check", path])
                #expect(run.status == 0 || run.status == 1, "status \(run.status) for:\n\(candidate)")
                for line in run.stderr.split(separator: "\n") where line.hasPrefix(path + ":") {
                    let place = line.dropFirst(path.count + 1).split(separator: ":").prefix(2).compactMap { Int($0) }
                    #expect(place.count == 2 && (1...lines).contains(place[0]), "\(line)\n\(candidate)")
                }
            }
        }

        @Test func configPathFollowsXDGConfigHome() throws {
            #expect(try touchlight(["config", "path"], environment: ["XDG_CONFIG_HOME": "/x/config"]).stdout == "/x/config/touchlight/config.toml\n")
            #expect(try touchlight(["config", "path"], environment: ["HOME": "/home/ann"]).stdout == "/home/ann/.config/touchlight/config.toml\n")
        }

        @Test func versionHelpAndBadArguments() throws {
            #expect(try touchlight(["--version"]).stdout == "0.1.0\n")
            let help = try touchlight(["run", "--help"])
            #expect(help.status == 0 && help.stdout.contains("--capture") && help.stdout.contains("--replay <file>"))
            let badSpeed = try touchlight(["--speed", "0"])
            #expect(badSpeed.status == 64 && badSpeed.stderr.contains("--speed must be a number from 0.01 to 100"))
            #expect(try touchlight(["--no-such-flag"]).status == 64)
        let completion = try touchlight(["--generate-completion-script", "bash"])
        #expect(completion.status == 0 && completion.stdout.contains("_touchlight") && completion.stdout.contains("doctor"))
        }

        @Test func noCompositorGivesAClearErrorAndStatusOne() throws {
            let run = try touchlight([], environment: ["XDG_RUNTIME_DIR": "/nonexistent", "WAYLAND_DISPLAY": "wayland-99"])
            #expect(run.status == 1)
            #expect(run.stderr.contains("cannot connect to a Wayland compositor (WAYLAND_DISPLAY=wayland-99"))
            #expect(run.stderr.contains("touchlight demo"))
        }

        @Test func aMalformedTraceIsRejectedWithItsLine() throws {
            let file = try temporaryFile("touchlight-trace 1\noutput 800 600 1\n0.0 1 down 10\n")
            defer { unlink(file) }
            // Rejected before connecting: no compositor is needed to find the problem.
            let run = try touchlight(["--replay", file], environment: ["XDG_RUNTIME_DIR": "/nonexistent", "WAYLAND_DISPLAY": "wayland-99"])
            #expect(run.status == 1)
            #expect(run.stderr == "touchlight: \(file): line 3: expected 'time id phase x y [major minor orientation] [type=TYPE] [force=F]', found 4 fields\n")
        }
    }
}
