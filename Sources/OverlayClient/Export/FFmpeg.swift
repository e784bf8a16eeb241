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

    /// What the export needs to know of a video.
    struct VideoInfo: Equatable {
        var width: Int
        var height: Int
        var framesPerSecond: Double
        var duration: Double?
        /// The `creation_time` tag (the container's, else the video stream's), if any.
        var creationTime: WallClockTime?
    }

    /// Reads a video's size, frame rate, duration and creation time with ffprobe.
    static func probe(_ video: String) throws(ExportError) -> VideoInfo {
        let ffprobe = try locate("ffprobe")
        let (status, output) = run(ffprobe, ["-v", "error", "-select_streams", "v:0",
                                             "-show_entries", "stream=width,height,avg_frame_rate,r_frame_rate:stream_tags=creation_time:format=duration:format_tags=creation_time",
                                             "-of", "default=noprint_wrappers=1", video])
        guard status == 0 else { throw .unreadableVideo(path: video, reason: output.trimmingWhitespace) }
        return try parseProbe(output, path: video)
    }

    /// Reads ffprobe's `key=value` lines (`TAG:creation_time=` for tags).
    static func parseProbe(_ output: String, path: String) throws(ExportError) -> VideoInfo {
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]), value = String(line[line.index(after: equals)...])
            if values[key] == nil { values[key] = value }  // the stream's lines come first
        }
        guard let width = values["width"].flatMap(Int.init), let height = values["height"].flatMap(Int.init), width > 0, height > 0 else {
            throw .unreadableVideo(path: path, reason: "it has no video stream")
        }
        let rate = [values["avg_frame_rate"], values["r_frame_rate"]].compactMap { $0.flatMap(parseRate) }.first
        guard let rate else { throw .unreadableVideo(path: path, reason: "ffprobe gives no frame rate") }
        let creation = values["TAG:creation_time"].flatMap { WallClockTime(rfc3339: $0) }
        return VideoInfo(width: width, height: height, framesPerSecond: rate, duration: values["duration"].flatMap(Double.init), creationTime: creation)
    }

    /// "30000/1001" or "60": a positive, finite rate, else nil (ffprobe writes 0/0 when unknown).
    static func parseRate(_ text: String) -> Double? {
        let parts = text.split(separator: "/").compactMap { Double($0) }
        let rate = parts.count == 2 ? parts[0] / parts[1] : parts.count == 1 ? parts[0] : .nan
        return rate.isFinite && rate > 0 && rate <= 1000 ? rate : nil
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

    public var description: String {
        switch self {
        case .missingProgram(let name, let package):
            "\(name) is not installed, and video output (.webm, .mov, --over) needs it: install the Debian package \(package) (sudo apt install \(package)). PNG frames (--out DIRECTORY) need nothing else."
        case .unreadableVideo(let path, let reason): "cannot read the video \(path): \(reason)"
        case .encoderFailed(let status, let log): "ffmpeg failed (exit status \(status)):\n\(log)"
        case .file(let message): message
        case .invalid(let message): message
        }
    }
}
