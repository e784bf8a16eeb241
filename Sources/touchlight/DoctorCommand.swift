import ArgumentParser
import FoundationEssentials
import Glibc
import OverlayClient
import TouchlightConfig

/// `touchlight doctor`: a report for bug reports.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Report what the compositor offers and what touchlight would use (paste it into a bug report).")

    @Option(help: ArgumentHelp("The configuration file to check.", valueName: "path"))
    var config: String?

    func run() throws {
        let path = ConfigurationLocation.path(explicit: config, environment: ProcessInfo.processInfo.environment)
        let (text, connected) = MainActor.assumeIsolated { Doctor.report(configurationPath: path) }
        print(text)
        if !connected { throw ExitCode(1) }
    }
}
