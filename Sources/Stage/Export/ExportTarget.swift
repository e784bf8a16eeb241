import Glibc

/// What `render --out` names: PNG frames in a directory, a touch track with alpha, or the
/// touches laid over a recording. Decided from the name alone (and whether it is an existing
/// directory) before anything is drawn, so a wrong name costs nothing.
enum ExportTarget: Equatable {
    /// `DIR/` or an existing directory: `frame-000000.png`, … with alpha.
    case frames(directory: String)
    /// `FILE.webm` or `FILE.mov`: the touches alone, with alpha, for a video editor.
    case track(TrackFormat)
    /// With `--over`: the recording with the touches on it, in the container the name says.
    case composite(Container)

    /// The codec of a touch track.
    enum TrackFormat: Equatable {
        /// VP9 with alpha in WebM.
        case webm
        /// A QuickTime file, in the codec `--mov-codec` chose.
        case mov(MovCodec)
    }

    /// The containers `--over` writes, by extension.
    enum Container: String, CaseIterable {
        case mp4, mkv, mov, webm
    }

    /// The extensions a track can have, and those `--over` takes, for messages.
    static let trackExtensions = ".webm, .mov"
    static var compositeExtensions: String { Container.allCases.map { ".\($0.rawValue)" }.joined(separator: ", ") }

    /// Reads `--out`: `over` says whether `--over` was given, `movCodec` is `--mov-codec`.
    /// Extensions match whatever their case; an unknown one is refused, naming those that exist.
    static func resolve(output: String, over: Bool, movCodec: MovCodec?,
                        isDirectory: (String) -> Bool = ExportTarget.isDirectory) throws(ExportError) -> ExportTarget {
        guard !output.isEmpty else { throw .invalid("--out is empty: give DIR/ (PNG frames) or FILE\(over ? compositeExtensions : trackExtensions)") }
        let endsInSlash = output.hasSuffix("/")
        let suffix = endsInSlash ? nil : fileExtension(of: output)
        let container = suffix.flatMap(Container.init(rawValue:))  // every video's extension, tracks' too
        if container != nil, isDirectory(output) {
            throw .invalid("--out \(output) is an existing directory, so no video can be written there: remove it or give another name (\(output)/ writes PNG frames into it)")
        }
        if let movCodec, suffix != "mov" || over {
            throw .invalid("--mov-codec \(movCodec.rawValue) is for a touch track written as FILE.mov, not for --out \(output)\(over ? " with --over" : "")")
        }
        if over {
            guard let container else {
                let named = endsInSlash ? "a directory" : suffix.map { "a .\($0) file" } ?? "a name without an extension"
                throw .invalid("with --over, --out names the video to write, FILE\(compositeExtensions) (the container follows the extension), not \(named): \(output)")
            }
            return .composite(container)
        }
        if endsInSlash || isDirectory(output) { return .frames(directory: trimmingTrailingSlashes(output)) }
        switch suffix {
        case "webm": return .track(.webm)
        case "mov": return .track(.mov(movCodec ?? .prores))
        case "mp4", "mkv":
            throw .invalid("--out \(output): a touch track is FILE.webm (VP9 with alpha) or FILE.mov (ProRes 4444, or --mov-codec qtrle), since .\(suffix!) has no alpha; .mp4 and .mkv are for --over VIDEO")
        case nil:
            throw .invalid("--out \(output) has no extension and is not a directory: end it with / to write PNG frames into a new directory (\(output)/), or give FILE\(trackExtensions)")
        case let other?:
            throw .invalid("--out \(output): .\(other) is not an output touchlight writes; give DIR/ (PNG frames), FILE.webm or FILE.mov (tracks with alpha), or with --over FILE\(compositeExtensions)")
        }
    }

    /// The extension of a path's last component, lowercased: "webm" for "Talk.WEBM"; nil when
    /// there is none (a leading dot alone, as in ".hidden", is not one).
    static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        return suffix.isEmpty ? nil : suffix.lowercased()
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}

/// What a `.mov` touch track is encoded with (`--mov-codec`).
public enum MovCodec: String, CaseIterable, Sendable {
    /// ProRes 4444 (10-bit YUV with alpha): DaVinci Resolve, Premiere, Final Cut.
    case prores
    /// QuickTime Animation (RGB with alpha, lossless run lengths): Kdenlive, Shotcut and
    /// every other MLT editor, which read ProRes 4444's alpha only from MLT 7.38 on.
    case qtrle
    /// PNG frames in QuickTime (RGB with alpha, lossless): as widely read as qtrle, smaller
    /// and slower.
    case png
}
