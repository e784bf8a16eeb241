import ChildProcesses
import FoundationEssentials
import Glibc
import SafeFiles

/// What ffmpeg makes of the frames.
enum VideoKind: Equatable {
    /// A touch track with alpha: VP9 in WebM (`yuva420p`).
    case alphaWebM
    /// A touch track with alpha: ProRes 4444 in QuickTime (`yuva444p10le`).
    case proRes4444
    /// The frames laid over a screen recording; the trace's first frame shows at `at` seconds
    /// into it. The container follows the output's extension; its audio is kept.
    case composite(video: String, at: Double)

    /// The alpha track named by an output file's extension, if it names one.
    init?(trackExtension path: String) {
        if path.hasSuffix(".webm") { self = .alphaWebM } else if path.hasSuffix(".mov") { self = .proRes4444 } else { return nil }
    }

    /// The extensions `--over` writes.
    static let compositeExtensions = [".mp4", ".mkv", ".mov", ".webm"]

    /// ffmpeg's arguments: raw RGBA frames of `width` × `height` at `framesPerSecond` on
    /// standard input, the result written to `output` (whose extension picks the container).
    func arguments(width: Int, height: Int, framesPerSecond: Double, output: String) -> [String] {
        let rate = Self.rate(framesPerSecond)
        let frames = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", rate, "-i", "pipe:0"]
        let quiet = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
        switch self {
        case .alphaWebM:
            return quiet + frames + ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "24", "-b:v", "0", "-row-mt", "1",
                                     "-deadline", "good", "-cpu-used", "4", "-auto-alt-ref", "0", "-f", "webm", output]
        case .proRes4444:
            return quiet + frames + ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-f", "mov", output]
        case .composite(let video, let at):
            let filter = "[1:v]setpts=PTS-STARTPTS+\(Self.seconds(at))/TB[touches];[0:v][touches]overlay=eof_action=repeat:format=auto[out]"
            let webm = output.hasSuffix(".webm")
            let codec = webm ? ["-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1", "-deadline", "good", "-cpu-used", "4", "-c:a", "libopus"]
                : ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "copy"]
            let format = webm ? "webm" : output.hasSuffix(".mov") ? "mov" : output.hasSuffix(".mkv") ? "matroska" : "mp4"
            return quiet + ["-i", video] + frames + ["-filter_complex", filter, "-map", "[out]", "-map", "0:a?"] + codec + ["-f", format, output]
        }
    }

    /// A frame rate as ffmpeg reads it: an integer, or a fraction over 1000.
    static func rate(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : "\(Int((value * 1000).rounded()))/1000"
    }

    /// Seconds with millisecond precision, never in exponent notation.
    static func seconds(_ value: Double) -> String {
        let ms = Int((value * 1000).rounded())
        let sign = ms < 0 ? "-" : ""
        let digits = String(abs(ms) % 1000)
        return "\(sign)\(abs(ms) / 1000).\(String(repeating: "0", count: 3 - digits.count))\(digits)"
    }
}

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

    init(kind: VideoKind, width: Int, height: Int, framesPerSecond: Double, output: String) throws(ExportError) {
        let ffmpeg = try FFmpeg.locate("ffmpeg")
        self.output = output
        let created: (fd: Int32, path: String), logFile: (fd: Int32, path: String)
        do {
            created = try SafeFiles.createTemporary(beside: output, mode: 0o644)
            logFile = try SafeFiles.createTemporary(beside: output, mode: 0o600, suffix: ".log")
        } catch { throw .file("cannot write beside \(output): \(error.message)") }
        close(created.fd)
        temporary = created.path
        log = logFile.path
        // A dead ffmpeg must be an error on write (EPIPE), not a signal that ends touchlight.
        signal(SIGPIPE, SIG_IGN)
        do {
            let frames = try ChildProcess.pipe()
            defer { close(frames.read) }  // ffmpeg has its own copy
            do {
                child = try ChildProcess.start(ffmpeg, kind.arguments(width: width, height: height, framesPerSecond: framesPerSecond, output: temporary),
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

    func write(rgba: [UInt8], width: Int, height: Int, index: Int) throws(ExportError) {
        var written = 0
        while written < rgba.count {
            let n = rgba.withUnsafeBytes { Glibc.write(input, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure() }
            written += n
        }
    }

    func finish() throws(ExportError) -> String {
        guard endInput(waiting: true).status == 0 else { throw failure() }
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
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        unlink(log)
        unlink(temporary)
        let tail = text.split(separator: "\n").suffix(12).joined(separator: "\n")
        return .encoderFailed(status: status, log: tail.isEmpty ? "(it printed nothing)" : tail)
    }

    func abandon() {
        _ = endInput(waiting: false)
        unlink(temporary)
        unlink(log)
    }
}
