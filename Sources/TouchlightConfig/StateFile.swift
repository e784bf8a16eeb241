import Glibc
import SafeFiles
import TOMLKit
import TouchCore
import TouchscreenInput

/// What touchlight remembers between runs: the toolbar's place on each output, and the
/// touchscreen calibrations `touchlight calibrate` learned. It is state, not configuration:
/// `$XDG_STATE_HOME/touchlight/state.toml`, else `~/.local/state/touchlight/state.toml`. A
/// damaged file is reported, and moved aside before anything is written; it never stops the
/// program.
public struct StateFile: Equatable, Sendable {
    public var toolbar = ToolbarPlaces()
    public var touchscreens = LearnedCalibrations()

    /// The largest state file read (it holds a few lines per output and touchscreen).
    public static let sizeLimit = 256 * 1024

    public init(toolbar: ToolbarPlaces = ToolbarPlaces(), touchscreens: LearnedCalibrations = LearnedCalibrations()) {
        (self.toolbar, self.touchscreens) = (toolbar, touchscreens)
    }

    /// The state file's path, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return "\(xdg)/touchlight/state.toml" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.local/state/touchlight/state.toml" }
        return nil
    }

    /// The state in `text`; what cannot be read is left out and named in `problems`.
    public init(toml text: String, problems: inout [String]) {
        if let bad = TextCheck.firstProblem(inTOML: text) {
            problems.append("\(bad.line):\(bad.column): \(bad.message)")
            return
        }
        let table: TOMLTable
        do { table = try TOMLTable(string: text) } catch {
            problems.append("not valid TOML: \(error)")
            return
        }
        for key in table.keys.sorted() where !Self.tables.contains(key) {
            problems.append("unknown table [\(excerpt(key, limit: 40))] (known: \(Self.tables.joined(separator: ", ")))")
        }
        toolbar = ToolbarPlaces(table: table["toolbar"]?.table, problems: &problems)
        touchscreens = LearnedCalibrations(table: table["touchscreen"]?.table, problems: &problems)
    }

    /// The tables a state file holds.
    static let tables = ["toolbar", "touchscreen"]

    /// The file's text.
    public var toml: String {
        let root = TOMLTable()
        root["toolbar"] = toolbar.table
        if !touchscreens.byDevice.isEmpty { root["touchscreen"] = touchscreens.table }
        return "# Touchlight's remembered state (rewritten by touchlight; safe to delete).\n" + root.convert(to: .toml) + "\n"
    }

    /// The state in the file at `path`; none when it does not exist. A problem reading or
    /// parsing it is returned as a message, with what could be read.
    public static func load(from path: String) -> (state: StateFile, problem: String?) {
        switch bytes(of: path) {
        case .failure(let problem): return (StateFile(), problem.description)
        case .success(nil): return (StateFile(), nil)
        case .success(let bytes?): return load(bytes: bytes, path: path)
        }
    }

    /// The state file's bytes, read once (nil when there is none), or why it cannot be read.
    public static func bytes(of path: String) -> Result<[UInt8]?, StateFileProblem> {
        do { return .success(try SafeFiles.read(path, limit: sizeLimit)) } catch {
            return access(path, F_OK) == 0 ? .failure(StateFileProblem(description: error.description)) : .success(nil)
        }
    }

    /// The state in a state file's `bytes` (`path` names it in the problem).
    public static func load(bytes: [UInt8], path: String) -> (state: StateFile, problem: String?) {
        var problems: [String] = []
        let state = StateFile(toml: String(decoding: bytes, as: UTF8.self), problems: &problems)
        return (state, problems.isEmpty ? nil : "\(path): " + problems.joined(separator: "; "))
    }

    /// Writes the state to `path` atomically (mode 0600), creating its directory (0700).
    public func save(to path: String) throws(FileError) {
        if let slash = path.lastIndex(of: "/") { try SafeFiles.makeDirectories(String(path[..<slash])) }
        try SafeFiles.writeAtomically(Array(toml.utf8), to: path)
    }
}

/// Why the state file could not be read.
public struct StateFileProblem: Error, Equatable, CustomStringConvertible {
    public let description: String
}
