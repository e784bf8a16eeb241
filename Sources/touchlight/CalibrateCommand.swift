import ArgumentParser
import OverlayClient

/// `touchlight calibrate`: learns where the compositor puts the touchscreen's touches.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Learn where the compositor puts the touchscreen's touches, for --source libinput.",
        discussion: """
            The libinput source maps a touchscreen to its output by itself, while the compositor \
            maps the same touches with settings touchlight cannot see (sway's calibration_matrix, \
            a panel the compositor does not turn with its output). When the two disagree, the \
            markers land beside the fingers, and touchlight says so.

            This shows four red crosses on the touchscreen's output, one after another: touch the \
            centre of each. Each touch reaches touchlight twice, from the panel and from the \
            compositor; the four pairs give the map between them, which is kept in the state file \
            for that touchscreen and output. --reset forgets every calibration.
            """)

    @Flag(help: "Forget the learned calibrations (the libinput source then maps through the output's transform).")
    var reset = false

    @Option(help: ArgumentHelp("Read the configuration from this file.", valueName: "path"))
    var config: String?

    @Flag(name: .shortAndLong, help: "Log each touch.")
    var verbose = false

    func run() throws {
        if reset {
            do { print(try CalibrationReset.run()) } catch {
                printToStandardError("touchlight: \(error)")
                throw ExitCode(1)
            }
            return
        }
        try launch {
            let (file, path) = try readConfiguration(explicit: config)
            var overrides = Overrides()
            overrides.calibrate = true
            overrides.verbose = verbose
            overrides.configurationPath = path
            return Options(file: file, overrides: overrides)
        }
    }
}
