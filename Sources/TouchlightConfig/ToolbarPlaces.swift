import Annotation
import Glibc
import SafeFiles
import TOMLKit

/// Where the annotation toolbar sits on each output, remembered between runs in a small state
/// file that touchlight rewrites whenever the toolbar is dropped somewhere new:
///
///     [toolbar."eDP-1"]
///     edge = "left"
///     offset = 0.5
///
/// It is state, not configuration: `$XDG_STATE_HOME/touchlight/state.toml`, else
/// `~/.local/state/touchlight/state.toml`. A damaged file is reported and replaced; it never
/// stops the program.
public struct ToolbarPlaces: Equatable, Sendable {
    /// The places by output name.
    public var byOutput: [String: ToolbarPlace] = [:]

    /// The largest state file read (it holds a few lines per output).
    public static let sizeLimit = 256 * 1024

    public init(byOutput: [String: ToolbarPlace] = [:]) {
        self.byOutput = byOutput
    }

    /// The state file's path, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return "\(xdg)/touchlight/state.toml" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.local/state/touchlight/state.toml" }
        return nil
    }

    /// The places in `text`. Entries that are not a known edge and a number from 0 to 1 are
    /// left out and named in `problems`.
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
        guard let toolbar = table["toolbar"]?.table else { return }
        for output in toolbar.keys.sorted() {
            guard let entry = toolbar[output]?.table,
                  let edgeName = entry["edge"]?.string, let edge = ToolbarPlace.Edge(rawValue: edgeName),
                  let offset = entry["offset"]?.double ?? entry["offset"]?.int.map(Double.init), (0...1).contains(offset) else {
                problems.append("[toolbar.\"\(output)\"] needs edge = left|right|top|bottom and offset from 0 to 1")
                continue
            }
            byOutput[output] = ToolbarPlace(edge: edge, offset: offset)
        }
    }

    /// The file's text.
    public var toml: String {
        let toolbar = TOMLTable()
        for (output, place) in byOutput {
            let entry = TOMLTable()
            entry["edge"] = place.edge.rawValue
            entry["offset"] = (place.offset * 1000).rounded() / 1000
            toolbar[output] = entry
        }
        let root = TOMLTable()
        root["toolbar"] = toolbar
        return "# Touchlight's remembered state (rewritten by touchlight; safe to delete).\n" + root.convert(to: .toml) + "\n"
    }

    /// The places in the file at `path`; none when it does not exist. A problem reading or
    /// parsing it is returned as a message, with what could be read.
    public static func load(from path: String) -> (places: ToolbarPlaces, problem: String?) {
        switch bytes(of: path) {
        case .failure(let problem): return (ToolbarPlaces(), problem.description)
        case .success(nil): return (ToolbarPlaces(), nil)
        case .success(let bytes?): return load(bytes: bytes, path: path)
        }
    }

    /// The state file's bytes, read once (nil when there is none), or why it cannot be read.
    public static func bytes(of path: String) -> Result<[UInt8]?, StateFileProblem> {
        do { return .success(try SafeFiles.read(path, limit: sizeLimit)) } catch {
            return access(path, F_OK) == 0 ? .failure(StateFileProblem(description: error.description)) : .success(nil)
        }
    }

    /// The places in a state file's `bytes` (`path` names it in the problem).
    public static func load(bytes: [UInt8], path: String) -> (places: ToolbarPlaces, problem: String?) {
        var problems: [String] = []
        let places = ToolbarPlaces(toml: String(decoding: bytes, as: UTF8.self), problems: &problems)
        return (places, problems.isEmpty ? nil : "\(path): " + problems.joined(separator: "; "))
    }

    /// Writes the places to `path` atomically (mode 0600), creating its directory (0700).
    public func save(to path: String) throws(FileError) {
        if let slash = path.lastIndex(of: "/") { try SafeFiles.makeDirectories(String(path[..<slash])) }
        try SafeFiles.writeAtomically(Array(toml.utf8), to: path)
    }
}

/// Why the state file could not be read.
public struct StateFileProblem: Error, Equatable, CustomStringConvertible {
    public let description: String
}
