import FoundationEssentials
import TouchlightConfig

/// `touchlight calibrate --reset`: forgets the learned touchscreen calibrations, so the
/// libinput source maps through the output's transform again. The rest of the state file
/// (the toolbar's places) stays.
public enum CalibrationReset {
    /// What was forgotten, in a sentence; throws when the state file cannot be rewritten.
    public static func run(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CalibrationResetError) -> String {
        guard let path = StateFile.path(environment: environment) else {
            throw CalibrationResetError(description: "no state file: neither XDG_STATE_HOME nor HOME is set")
        }
        var (state, problem) = ConfigurationProbe.stateFile(at: path)
        if let problem { throw CalibrationResetError(description: "\(problem); fix or delete it") }
        let forgotten = state.touchscreens.names
        guard !forgotten.isEmpty else { return "no calibration to forget in \(path)" }
        state.touchscreens = LearnedCalibrations()
        do { try state.save(to: path) } catch { throw CalibrationResetError(description: "could not rewrite \(path): \(error)") }
        return "forgot the calibration of " + forgotten.joined(separator: ", ")
    }
}

/// Why the calibrations could not be forgotten.
public struct CalibrationResetError: Error, CustomStringConvertible {
    public let description: String
}
