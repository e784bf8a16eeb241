import ChildProcesses
import FoundationEssentials

/// Touchlight's GNOME Shell extension (`gnome-extension/`), as the program and `doctor` know
/// it: its UUID, where the shell finds it, and whether it is enabled.
enum GnomeExtension {
    /// The extension's UUID: its folder's name and its name in `enabled-extensions`.
    static let uuid = "touchlight@touchlight.dev"

    /// The folders the shell looks in for extensions, the user's first: XDG_DATA_HOME's
    /// (~/.local/share) and each of XDG_DATA_DIRS', under `gnome-shell/extensions`.
    static func searchFolders(environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? ""
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return ([dataHome] + dataDirs).map { $0 + "/gnome-shell/extensions" }
    }

    /// The folder it is installed in, or nil.
    static func installedFolder(environment: [String: String]) -> String? {
        searchFolders(environment: environment).map { $0 + "/" + uuid }
            .first { FileManager.default.fileExists(atPath: $0 + "/metadata.json") }
    }

    /// What `doctor` says of it: installed where, enabled or not (from GNOME's own settings,
    /// read with gsettings; nothing when gsettings is absent).
    static func report(environment: [String: String]) -> [String] {
        guard let folder = installedFolder(environment: environment) else {
            return ["GNOME Shell extension: not installed (scripts/install puts \(uuid) where GNOME Shell finds it)"]
        }
        var lines = ["GNOME Shell extension: installed in \(folder)"]
        guard let gsettings = ["/usr/bin/gsettings", "/bin/gsettings"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return lines + ["GNOME Shell extension: whether it is enabled is unknown (no gsettings)"]
        }
        let enabled = ChildProcess.run(gsettings, ["get", "org.gnome.shell", "enabled-extensions"])
        let userDisabled = ChildProcess.run(gsettings, ["get", "org.gnome.shell", "disable-user-extensions"])
        if case .exited(0) = enabled.ending, enabled.output.firstRange(of: "'\(uuid)'") != nil {
            lines.append(userDisabled.output.hasPrefix("true")
                ? "GNOME Shell extension: enabled, but GNOME has every user extension turned off (disable-user-extensions)"
                : "GNOME Shell extension: enabled; GNOME Shell starts touchlight with it")
        } else {
            lines.append("GNOME Shell extension: NOT enabled: `gnome-extensions enable \(uuid)`, or log out and in after installing")
        }
        return lines
    }
}
