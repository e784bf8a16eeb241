import Annotation
import FoundationEssentials
import TouchCore
import Visualizer

/// What a saved session holds: the ink of every page on every output (strokes, shapes, text,
/// highlighter), and the annotation state a restart brings back (tool, colour, width, board,
/// page) as the trace's `set` records. Written as JSON (the format is in docs/sessions.md);
/// `version` says which format, and a file of a later version is refused, never misread.
package struct InkSession: Equatable, Sendable {
    /// The format's name and version, the first things a file says.
    package static let format = "touchlight-session"
    package static let version = 2
    /// The largest session kept or read (bytes): a larger one is refused with its size.
    package static let maximumSize = 64 << 20
    /// The `set` records a session keeps (the mode and the spotlight start as configured).
    static let keptRecords: Set<String> = ["tool", "color", "width", "board", "page"]

    /// The annotation state, as the trace's `set NAME VALUE` records.
    package var settings: [TouchTrace.Setting]
    /// Each output's pages, by output name, in page order.
    package var outputs: [String: [[Stroke]]]

    package init(settings: [TouchTrace.Setting] = [], outputs: [String: [[Stroke]]] = [:]) {
        (self.settings, self.outputs) = (settings, outputs)
    }

    /// The records that bring a restarted overlay to `plane`'s state.
    @MainActor package static func records(of plane: ControlPlane) -> [TouchTrace.Setting] {
        AnnotationState.commands(restoring: plane.settings, page: plane.state.page).compactMap { command in
            guard let record = command.record, keptRecords.contains(record.name) else { return nil }
            return TouchTrace.Setting(time: 0, name: record.name, value: record.value)
        }
    }

    /// What `plane` and `targets` show now, with the pages of the outputs that are away.
    @MainActor package init(plane: ControlPlane, targets: [AnnotationTarget], away: InkShelf) {
        var outputs = away.strokesByOutput
        for target in targets where !target.outputName.isEmpty {
            outputs[target.outputName] = target.scene.ink.pages.map(\.strokes)
        }
        self.init(settings: Self.records(of: plane), outputs: outputs)
    }

    /// Whether it holds nothing worth a file: no ink on any page.
    package var isEmpty: Bool { outputs.values.allSatisfy { $0.allSatisfy(\.isEmpty) } }

    // MARK: The file

    /// What every session file starts with, so that a reader knows what it holds (and a cut
    /// file is told from a foreign one) before anything else: JSON's keys have no order.
    static let header = #"{"format":"\#(format)","version":\#(version),"#

    /// The session as the file's bytes: the header, then the settings and the outputs
    /// (`SessionWriter`).
    package func encoded() throws(InkSessionError) -> [UInt8] {
        let bytes: [UInt8]
        do throws(SessionWriter.NotFinite) { bytes = try SessionWriter.document(self) } catch { throw .unwritable(error.what) }
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(bytes.count) }
        return bytes
    }

    /// The session in `bytes`, or why they are not one: foreign, of a later version, or corrupt
    /// (with where), or too large.
    package init(bytes: [UInt8]) throws(InkSessionError) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(bytes.count) }
        let data = Data(bytes)
        let header: File.Header
        do { header = try JSONDecoder().decode(File.Header.self, from: data) } catch {
            // Cut short or broken after it said what it is: ours, damaged.
            let named = bytes.starts(with: Array(#"{"format":"\#(Self.format)""#.utf8))
            throw named ? .corrupt(Self.describe(error)) : .foreign
        }
        guard header.format == Self.format else { throw .foreign }
        guard header.version <= Self.version else { throw .laterVersion(header.version) }
        guard header.version >= 1 else { throw .corrupt("format \(header.version) was never written (they start at 1)") }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch { throw .corrupt(Self.describe(error)) }
        var outputs: [String: [[Stroke]]] = [:]
        for output in file.outputs {
            guard output.pages.count <= AnnotationDefaults.pageLimit else {
                throw .corrupt("output \(output.name.prefix(64)) has \(output.pages.count) pages (at most \(AnnotationDefaults.pageLimit))")
            }
            outputs[output.name] = try output.pages.enumerated().map { page, strokes throws(InkSessionError) in
                try strokes.enumerated().map { index, stroke throws(InkSessionError) in
                    do throws(InkSessionError) { return try stroke.stroke(id: index + 1) } catch {
                        throw .corrupt("output \(output.name), page \(page + 1), stroke \(index + 1): \(error.reason)")
                    }
                }
            }
        }
        var settings: [TouchTrace.Setting] = []
        for record in file.settings {
            guard record.count == 2 else { throw .corrupt("a setting is not [name, value]: \(record)") }
            settings.append(TouchTrace.Setting(time: 0, name: record[0], value: record[1]))
        }
        self.init(settings: settings, outputs: outputs)
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}

/// Why a session could not be read or kept.
package enum InkSessionError: Error, Equatable, CustomStringConvertible {
    /// Not a touchlight session at all (another program's file, or not JSON).
    case foreign
    /// Written by a later touchlight, in a format this one does not know.
    case laterVersion(Int)
    case corrupt(String)
    case tooLarge(Int)
    case unwritable(String)
    /// The file cannot be read at all.
    case unreadable(String)

    package var reason: String { description }

    package var description: String {
        switch self {
        case .foreign: "not a touchlight session"
        case .laterVersion(let version): "written by a later touchlight (format \(version); this one reads up to \(InkSession.version))"
        case .corrupt(let reason): "damaged: \(reason)"
        case .tooLarge(let size): "too large to keep (\(size) bytes; at most \(InkSession.maximumSize))"
        case .unwritable(let reason): "cannot be encoded: \(reason)"
        case .unreadable(let reason): reason
        }
    }
}
