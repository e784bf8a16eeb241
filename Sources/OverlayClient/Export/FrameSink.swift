import Renderer
import SafeFiles

/// Where rendered frames go: a directory of PNG files, or ffmpeg.
@MainActor
protocol FrameSink: AnyObject {
    /// Takes one frame (straight-alpha RGBA bytes, row by row, `width` × `height`).
    func write(rgba: [UInt8], width: Int, height: Int, index: Int) throws(ExportError)
    /// After the last frame: the output is complete and in place. What it made, for the summary.
    func finish() throws(ExportError) -> String
    /// On failure or interruption: removes whatever is half made.
    func abandon()
}

/// `render --out DIR`: `frame-000000.png`, `frame-000001.png`, … with alpha, each written
/// atomically (never through a link), in a directory created when missing.
@MainActor
final class PNGSequenceSink: FrameSink {
    let directory: String
    private var written = 0

    init(directory: String) throws(ExportError) {
        self.directory = directory
        do { try SafeFiles.makeDirectories(directory) } catch { throw .file("cannot create \(directory): \(error.message)") }
    }

    /// The file name of frame `index`.
    nonisolated static func name(ofFrame index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    func write(rgba: [UInt8], width: Int, height: Int, index: Int) throws(ExportError) {
        let path = "\(directory)/\(Self.name(ofFrame: index))"
        do {
            let bytes = try PNG.encode(PNG.Image(width: width, height: height, rgba: rgba))
            try SafeFiles.writeAtomically(bytes, to: path, mode: 0o644, flush: false)
        } catch let error as FileError {
            throw .file("cannot write \(path): \(error.message)")
        } catch {
            throw .file("cannot encode \(path): \(error)")
        }
        written += 1
    }

    func finish() throws(ExportError) -> String { "\(written) PNG frames in \(directory)" }

    /// Frames already written stay: each is complete, and they are numbered.
    func abandon() {}
}
