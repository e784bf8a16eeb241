import Renderer
import SafeFiles

/// Where rendered frames go: a directory of PNG files, or ffmpeg.
@MainActor
protocol FrameSink: AnyObject {
    /// Takes frame `index`, as drawn in `canvas`; `damage` is what changed since the frame
    /// before (for frame 0, since the transparent canvas it started as). False when it wants no
    /// more: the video under the touches ended.
    func write(_ canvas: Canvas, damage: [PixelRect], index: Int) throws(ExportError) -> Bool
    /// After the last frame: the output is complete and in place. What it made, for the summary.
    func finish() throws(ExportError) -> String
    /// On failure or interruption: removes whatever is half made.
    func abandon()
    /// Anything worth telling the user once it is done.
    var notes: [String] { get }
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

    private var rgba: [UInt8] = []
    /// The last frame's file, written again as it is while nothing changes (no encoding).
    private var encoded: [UInt8] = []
    var notes: [String] { [] }

    func write(_ canvas: Canvas, damage: [PixelRect], index: Int) throws(ExportError) -> Bool {
        let path = "\(directory)/\(Self.name(ofFrame: index))"
        do {
            if encoded.isEmpty || !damage.isEmpty {
                canvas.straightRGBA(into: &rgba)
                encoded = try PNG.encode(PNG.Image(width: canvas.width, height: canvas.height, rgba: rgba))
            }
            try SafeFiles.writeAtomically(encoded, to: path, mode: 0o644, flush: false)
        } catch let error as FileError {
            throw .file("cannot write \(path): \(error.message)")
        } catch {
            throw .file("cannot encode \(path): \(error)")
        }
        written += 1
        return true
    }

    func finish() throws(ExportError) -> String { "\(written) PNG frames in \(directory)" }

    /// Frames already written stay: each is complete, and they are numbered.
    func abandon() {}
}
