import Foundation

/// Where the end-to-end tests build their own C helpers (umockdev's driver and shim, the KWin,
/// Mir and input-method clients): a folder of this test process's own, under `.build/e2e/`.
/// scripts/test runs three test processes side by side, and a helper rebuilt in a shared folder
/// can be rewritten just as the other process starts a compositor with it (runs the driver,
/// preloads the shim).
enum HelperBuild {
    /// `.build/e2e/NAME-PID/`.
    static func directory(_ name: String) -> URL {
        Desktop.packageRoot.appendingPathComponent(".build/e2e/\(name)-\(getpid())")
    }
}
