import CLinux
import ChildProcesses
import FoundationEssentials
import Glibc
import Renderer
import SafeFiles

/// Frames piped into ffmpeg. ffmpeg writes a new temporary file beside the output (created
/// with O_EXCL and O_NOFOLLOW), which is renamed into place only when ffmpeg succeeds: a failed
/// or interrupted export leaves no half-written video, and never writes through a link.
@MainActor
final class VideoSink: FrameSink {
    let output: String
    private let temporary: String
    private let log: String
    private let child: ChildProcess
    /// Our end of ffmpeg's standard input (closed once, by `endInput`).
    private let input: Int32
    private var ending: ChildProcess.Ending?

    /// The frame in the form ffmpeg takes it, kept between frames.
    private var frame: FramePixels
    /// Whether frames go to ffmpeg by `vmsplice` (their pages, not a copy of them).
    private let splices: Bool
    /// Asked while a write waits for ffmpeg: whether a signal asked the render to stop.
    private let isInterrupted: () -> Bool

    private enum FramePixels {
        case rgba([UInt8])
        case yuva(YUVAFrame)
    }

    /// `ffmpeg`: the program to run (the one on `PATH` when nil).
    init(_ encoding: VideoEncoding, width: Int, height: Int, output: String, ffmpeg: String? = nil,
         isInterrupted: @escaping () -> Bool) throws(ExportError) {
        let ffmpeg = if let ffmpeg { ffmpeg } else { try FFmpeg.locate("ffmpeg") }
        self.output = output
        self.isInterrupted = isInterrupted
        switch encoding.pixels {
        case .rgba:
            frame = .rgba([])
            splices = false
        case .yuva420p(let matrix):
            let yuva = YUVAFrame(width: width, height: height, matrix: matrix, alternating: true)
            frame = .yuva(yuva)
            // Spliced frames must be larger than the pipe, or the other buffer could still be
            // in it when it is made again.
            splices = yuva.bytes.count > 2 * Self.pipeSize
        }
        let created: (fd: Int32, path: String), logFile: (fd: Int32, path: String)
        do {
            created = try SafeFiles.createTemporary(beside: output, mode: 0o644)
        } catch { throw .file("cannot write beside \(output): \(error.message)") }
        close(created.fd)
        do {
            logFile = try SafeFiles.createTemporary(beside: output, mode: 0o600, suffix: ".log")
        } catch {
            unlink(created.path)   // nothing is left behind
            throw .file("cannot write beside \(output): \(error.message)")
        }
        temporary = created.path
        log = logFile.path
        // A dead ffmpeg must be an error on write (EPIPE), not a signal that ends touchlight.
        signal(SIGPIPE, SIG_IGN)
        do {
            let frames = try ChildProcess.pipe()
            _ = fcntl(frames.write, Self.setPipeSize, Int32(Self.pipeSize))
            defer { close(frames.read) }  // ffmpeg has its own copy
            do {
                child = try ChildProcess.start(ffmpeg, encoding.arguments(writingTo: temporary),
                                               input: frames.read, error: logFile.fd)
            } catch {
                close(frames.write)
                throw error
            }
            input = frames.write
            close(logFile.fd)
        } catch {
            close(logFile.fd)
            unlink(temporary)
            unlink(log)
            throw .file("cannot start \(ffmpeg): \(error)")
        }
    }

    func write(_ canvas: Canvas, damage: [PixelRect], index: Int) throws(ExportError) -> Bool {
        switch frame {
        case .rgba(var rgba):
            frame = .rgba([])  // one owner while it is refilled: no copy
            canvas.straightRGBA(into: &rgba)
            frame = .rgba(rgba)
            return try send(rgba)
        case .yuva(let yuva):
            yuva.update(from: canvas, damage: damage)
            return try send(yuva.bytes, splicing: splices)
        }
    }

    /// Writes one frame to ffmpeg: false when ffmpeg has finished on its own, which it does
    /// where the recording under the touches ends.
    ///
    /// `splicing` hands ffmpeg the pages themselves, which halves the copying; the YUVA frame
    /// alternates between two buffers, so the one spliced last is not touched while the pipe
    /// may still hold its pages (`VideoSinkTests` reads slowly to catch a buffer reused early).
    private func send(_ bytes: [UInt8], splicing: Bool = false) throws(ExportError) -> Bool {
        var written = 0
        while written < bytes.count {
            if isInterrupted() { throw .interrupted }
            let n = bytes.withUnsafeBytes { all in
                splicing ? tl_vmsplice(input, all.baseAddress! + written, all.count - written)
                         : Glibc.write(input, all.baseAddress! + written, all.count - written)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                if errno == EPIPE, endInput(waiting: true).status == 0 { return false }
                throw failure()
            }
            written += n
        }
        return true
    }

    /// The buffer of the pipe to ffmpeg: 1 MiB, the most an unprivileged process may ask for
    /// by default, against 64 KiB. ffmpeg then reads a frame in a few large reads instead of
    /// waiting on many small ones: 1080p WebM went from 63 to 80 frames/s.
    static let pipeSize = 1 << 20
    /// F_SETPIPE_SZ, which Glibc does not bring into Swift.
    private static let setPipeSize: Int32 = 1031

    /// What ffmpeg said while succeeding (it logs only errors: a source cut short, say).
    private(set) var notes: [String] = []

    func finish() throws(ExportError) -> String {
        guard endInput(waiting: true).status == 0 else { throw failure() }
        notes = lastLines(ofLog: 6).map { "ffmpeg: \($0)" }
        unlink(log)
        do { try SafeFiles.putInPlace(temporary, at: output) } catch {
            unlink(temporary)
            throw .file(error.description)
        }
        return output
    }

    /// Ends ffmpeg's input and waits for it (or asks it to stop first), once: how it ended.
    private func endInput(waiting: Bool) -> ChildProcess.Ending {
        if let ending { return ending }
        close(input)
        let ended = waiting ? child.wait() : child.terminate()
        ending = ended
        return ended
    }

    /// ffmpeg ended early or badly: its log says why.
    private func failure() -> ExportError {
        let status = endInput(waiting: true).status
        let tail = lastLines(ofLog: 12).joined(separator: "\n")
        unlink(log)
        unlink(temporary)
        return .encoderFailed(status: status, log: tail.isEmpty ? "(it printed nothing)" : tail)
    }

    /// The last `count` lines ffmpeg wrote to its log.
    private func lastLines(ofLog count: Int) -> [Substring] {
        Array(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(count))
    }

    func abandon() {
        _ = endInput(waiting: false)
        unlink(temporary)
        unlink(log)
    }
}
