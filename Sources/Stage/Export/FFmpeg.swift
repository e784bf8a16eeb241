import ChildProcesses
import FoundationEssentials
import Glibc
import TouchlightConfig
import SafeFiles
import TouchCore

/// Debian's ffmpeg and ffprobe, found on `PATH`: how the export reads a screen recording and
/// writes video.
enum FFmpeg {
    /// The Debian package that has both programs.
    static let package = "ffmpeg"

    /// The program's path, or an error naming the package to install.
    static func locate(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ExportError) -> String {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw .missingProgram(name: name, package: package)
    }

    /// Reads what the export needs of a video with ffprobe.
    static func probe(_ video: String) throws(ExportError) -> VideoInfo {
        let ffprobe = try locate("ffprobe")
        let entries = "stream=codec_type,codec_name,width,height,avg_frame_rate,r_frame_rate,start_time,"
            + "color_space,color_primaries,color_transfer:stream_tags=creation_time:format=start_time,duration:format_tags=creation_time"
        let (status, output) = run(ffprobe, ["-v", "error", "-show_entries", entries, "-of", "json", video])
        guard status == 0 else { throw .unreadableVideo(path: video, reason: output.trimmingWhitespace) }
        return try VideoInfo(ffprobeJSON: output, path: video)
    }

    /// The time of the last video packet from `seconds` on, by a seek and a read to the end:
    /// nil when there is none. A file cut short after its header has none where the header
    /// says it still has frames.
    static func lastPacketTime(of video: String, from seconds: Double) -> Double? {
        guard let ffprobe = try? locate("ffprobe") else { return nil }
        let (_, output) = run(ffprobe, ["-v", "quiet", "-select_streams", "v:0", "-read_intervals", "\(max(0, seconds))%",
                                        "-show_entries", "packet=pts_time", "-of", "csv=p=0", video])
        return output.split(separator: "\n").compactMap { Double($0.trimmingWhitespace) }.max()
    }

    /// Runs a program to its end: its status and its standard output and error together.
    static func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let (ending, output) = ChildProcess.run(program, arguments)
        return (ending.status, output)
    }
}

/// Why an export could not be made: each case says what to do.
public enum ExportError: Error, CustomStringConvertible, Equatable {
    case missingProgram(name: String, package: String)
    case unreadableVideo(path: String, reason: String)
    case encoderFailed(status: Int32, log: String)
    case file(String)
    case invalid(String)
    /// A signal asked the render to stop; what was half written is gone.
    case interrupted

    public var description: String {
        switch self {
        case .missingProgram(let name, let package):
            "\(name) is not installed, and video output (.webm, .mov, --over) needs it: install the Debian package \(package) (sudo apt install \(package)). PNG frames (--out DIRECTORY) need nothing else."
        case .unreadableVideo(let path, let reason): "cannot read the video \(path): \(reason)"
        case .encoderFailed(let status, let log): "ffmpeg failed (exit status \(status)):\n\(log)"
        case .file(let message): message
        case .invalid(let message): message
        case .interrupted: "interrupted: the unfinished video was removed"
        }
    }
}
