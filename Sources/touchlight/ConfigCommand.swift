import ArgumentParser
import OverlayClient
import TouchlightConfig
import FoundationEssentials
import Glibc
import SafeFiles

/// `touchlight config …`: check, print or locate the configuration file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check, print, locate or change the configuration file; print every setting as JSON.",
        subcommands: [Check.self, Default.self, Path.self, Schema.self, Get.self, Set.self, Reset.self, Probe.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a configuration file; list every problem and exit 1 if there is one.")

        @Argument(help: ArgumentHelp("The file (default: the one touchlight would use).", valueName: "path"))
        var path: String?

        func run() throws {
            guard let file = ConfigurationLocation.path(explicit: path, environment: ProcessInfo.processInfo.environment) else {
                throw ValidationError("No configuration path: set HOME or XDG_CONFIG_HOME, or name the file.")
            }
            guard FileManager.default.fileExists(atPath: file) else {
                print("\(file): no such file (touchlight uses the built-in defaults)")
                throw ExitCode(path == nil ? 0 : 1)
            }
            do {
                _ = try ConfigurationProbe.read(file)
                print("\(file): valid")
            } catch {
                printToStandardError(error.description)
                throw ExitCode(1)
            }
        }
    }

    /// Parses the bytes on standard input and nothing else, for `ConfigurationProbe`: the TOML
    /// library may abort on a malformed file, and it is this child process that it ends then.
    struct Probe: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Parse a configuration file from standard input in a child process (internal).",
                                                        shouldDisplay: false)

        @Flag(help: .hidden) var state = false

        func run() throws {
            let limit = state ? StateFile.sizeLimit : Configuration.maximumFileSize
            guard let bytes = try? SafeFiles.read(descriptor: 0, path: "standard input", limit: limit) else { throw ExitCode(1) }
            if state {
                _ = StateFile.load(bytes: bytes, path: "state")  // the state file, read as the overlay reads it
                return
            }
            do { _ = try Configuration(bytes: bytes, file: "probe", fonts: .anyFamily) } catch { throw ExitCode(1) }
        }
    }

    struct Default: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a complete, commented configuration file with the default values.")

        func run() { print(Configuration().tomlText, terminator: "") }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print where touchlight looks for its configuration file.")

        func run() throws {
            guard let file = ConfigurationLocation.path(explicit: nil, environment: ProcessInfo.processInfo.environment) else {
                throw ValidationError("Neither HOME nor XDG_CONFIG_HOME is set.")
            }
            print(file)
        }
    }
}
