import FoundationEssentials
import Renderer
import TouchCore

/// What `render --over` needs to know of a screen recording, as ffprobe reports it.
struct VideoInfo: Equatable {
    var width: Int
    var height: Int
    /// The rate that represents every frame's time (ffprobe's `r_frame_rate`).
    var frameRate: FrameRate
    /// Frames over duration (`avg_frame_rate`): far from `frameRate` when the rate varies.
    var averageRate: FrameRate?
    /// When the video stream's first frame is, in seconds after the file's start (ffmpeg
    /// starts its clock at the earliest stream: the audio may begin first).
    var startTime: Double
    /// The video stream's first timestamp as the file has it (what ffprobe's packet times count from).
    var firstTimestamp: Double
    /// The length the container's header claims.
    var duration: Double?
    /// The `creation_time` tag (the container's, else the video stream's), if any.
    var creationTime: WallClockTime?
    /// The colour tags, as ffmpeg names them; nil where the file has none.
    var colourSpace: String?
    var colourPrimaries: String?
    var colourTransfer: String?
    /// The first audio stream's codec, if there is audio.
    var audioCodec: String?

    /// Reads `ffprobe -of json`'s streams and format.
    init(ffprobeJSON text: String, path: String) throws(ExportError) {
        let report: Report
        do { report = try JSONDecoder().decode(Report.self, from: Data(text.utf8)) } catch {
            throw .unreadableVideo(path: path, reason: "ffprobe's report could not be read")
        }
        guard let video = (report.streams ?? []).first(where: { $0.codec_type == "video" }),
              let width = video.width, let height = video.height, width > 0, height > 0 else {
            throw .unreadableVideo(path: path, reason: "it has no video stream")
        }
        let real = video.r_frame_rate.flatMap(Self.rate), average = video.avg_frame_rate.flatMap(Self.rate)
        guard let rate = real ?? average else { throw .unreadableVideo(path: path, reason: "ffprobe gives no frame rate") }
        self.width = width
        self.height = height
        frameRate = rate
        averageRate = average
        let seconds = { (text: String?) in text.flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }
        firstTimestamp = seconds(video.start_time) ?? 0
        startTime = max(0, firstTimestamp - (seconds(report.format?.start_time) ?? 0))
        duration = seconds(report.format?.duration).flatMap { $0 > 0 ? $0 : nil }
        let created = report.format?.tags?.creation_time ?? video.tags?.creation_time
        creationTime = created.flatMap { WallClockTime(rfc3339: $0) }
        colourSpace = Self.tag(video.color_space)
        colourPrimaries = Self.tag(video.color_primaries)
        colourTransfer = Self.tag(video.color_transfer)
        audioCodec = (report.streams ?? []).first { $0.codec_type == "audio" }?.codec_name
    }

    /// Whether frames come at a steady rate: the average within half a percent of the rate
    /// that represents them all. A screen recorder that only writes a frame when the screen
    /// changes does not.
    var hasSteadyRate: Bool { averageRate.map { $0.isClose(to: frameRate) } ?? true }

    /// The matrix the video's pixels use: its tag, else BT.601 below 720 lines and BT.709 from
    /// there up, as players and editors assume for untagged video.
    var matrix: ColourMatrix {
        switch colourSpace {
        case "smpte170m", "bt470bg": .bt601
        case nil: height < 720 ? .bt601 : .bt709
        default: .bt709
        }
    }

    /// "30000/1001" or "60"; nil for 0/0 (unknown) and for rates beyond any video's.
    static func rate(_ text: String) -> FrameRate? {
        guard let rate = FrameRate(text), rate.framesPerSecond <= 1000 else { return nil }
        return rate
    }

    /// ffprobe writes "unknown" for a tag that is not set.
    private static func tag(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value != "unknown", value != "unspecified", value != "reserved" else { return nil }
        return value
    }

    /// The parts of ffprobe's report read here (its own key names).
    private struct Report: Decodable {
        struct Stream: Decodable {
            var codec_type: String?
            var codec_name: String?
            var width: Int?
            var height: Int?
            var r_frame_rate: String?
            var avg_frame_rate: String?
            var start_time: String?
            var color_space: String?
            var color_primaries: String?
            var color_transfer: String?
            var tags: Tags?
        }
        struct Format: Decodable {
            var start_time: String?
            var duration: String?
            var tags: Tags?
        }
        struct Tags: Decodable {
            var creation_time: String?
        }
        var streams: [Stream]?
        var format: Format?
    }
}

extension ColourMatrix {
    /// The tags ffmpeg writes for it: `-colorspace`, `-color_primaries`, `-color_trc`.
    var tags: (space: String, primaries: String, transfer: String) {
        switch self {
        case .bt709: ("bt709", "bt709", "bt709")
        case .bt601: ("smpte170m", "smpte170m", "smpte170m")
        }
    }
}
