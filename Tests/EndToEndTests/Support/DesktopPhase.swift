import Foundation
import Testing

/// Which desktops this test process runs: `TOUCHLIGHT_TEST_DESKTOPS=debian12` (this machine's
/// own, which need no package), `today` (trixie's and sid's, from the `.deb`), or, unset, all
/// of them. scripts/test runs a suite's Debian 12 rows while the package is still being built,
/// and its rows of today's desktops once it is made: the two runs together are the whole suite.
enum DesktopPhase: String, Sendable {
    case debian12, today, all

    static let environmentName = "TOUCHLIGHT_TEST_DESKTOPS"

    /// This process's phase. Any other value is a mistake that must not quietly run nothing.
    static let current: DesktopPhase = {
        guard let value = ProcessInfo.processInfo.environment[environmentName] else { return .all }
        guard let phase = DesktopPhase(rawValue: value), phase != .all else {
            preconditionFailure("\(environmentName)=\(value): it is debian12, today, or unset")
        }
        return phase
    }()

    /// Whether a desktop of this Debian (nil: this machine's Debian 12) runs in this phase.
    func runs(debian: String?) -> Bool {
        switch self {
        case .all: true
        case .debian12: debian == nil
        case .today: debian != nil
        }
    }

    /// The rows of `rows` this phase runs, each found by the Debian of its desktop.
    static func chosen<Row>(_ rows: [Row], debian: (Row) -> String?) -> [Row] {
        rows.filter { current.runs(debian: debian($0)) }
    }

    /// A test of a mixed suite that runs on this machine's desktop alone: it runs with the
    /// Debian 12 rows, not again with today's.
    static var onDebian12: ConditionTrait {
        .enabled(if: current.runs(debian: nil), "runs with this machine's Debian 12 desktops (\(environmentName)=debian12 or unset), not with today's")
    }
}
