import FoundationEssentials
import Glibc
import Renderer
import SafeFiles
import TouchCore
import TouchlightConfig
import TouchscreenInput

/// What `touchlight render` was asked for.
public struct RenderRequest: Sendable {
    public var tracePath: String
    /// A directory (PNG frames: an existing one, or a name ending in /), FILE.webm or FILE.mov
    /// (a track with alpha), or with `over` FILE.mp4, .mkv, .mov or .webm (the recording with
    /// the touches on it). Extensions match whatever their case.
    public var output: String
    /// Frames per second: 60 by default, the video's own rate with `over`.
    public var frameRate: FrameRate?
    /// `--size WxH`: the frames' size in pixels (the video's with `over`).
    public var size: (width: Int, height: Int)?
    /// `--scale`: device pixels per logical unit (the trace's own scale by default).
    public var scale: Double?
    /// `--over VIDEO`: the screen recording to lay the touches over.
    public var over: String?
    /// `--offset`: where the trace's time 0 falls in the video, in seconds.
    public var offset: Double?
    /// `--until touches`: with `over`, go on past the video's end (on its last frame) until
    /// the touches have faded; by default the result ends where the video does.
    public var pastTheVideo = false
    /// `--mov-codec`: what a FILE.mov track is encoded with.
    public var movCodec: MovCodec?
    /// `--allow-long`: render even past `RenderJob.longest` (or `longestFrameSequence` PNG frames).
    public var allowsLong = false
    public var drawsToolbar = true
    /// Style and `[annotate]` start values.
    public var configuration = Configuration()

    public init(tracePath: String, output: String) {
        self.tracePath = tracePath
        self.output = output
    }
}

/// Renders a trace into frames and hands them to a sink, reporting progress.
@MainActor
public enum RenderJob {
    /// Runs the export; returns what it made. `report` receives notes (alignment, ignored
    /// settings) and, when `progress` is true, progress lines ending in "\r". `isInterrupted`
    /// is asked between frames and while ffmpeg is busy: when it says so, whatever was half
    /// written is removed and `ExportError.interrupted` thrown.
    public static func run(_ request: RenderRequest, progress: Bool, isInterrupted: @escaping () -> Bool = { false },
                           report: (String) -> Void) throws -> String {
        let target = try ExportTarget.resolve(output: request.output, over: request.over != nil, movCodec: request.movCodec)
        let text: String
        do throws(FileError) { text = try readTrace(request.tracePath) } catch { throw ExportError.file(error.description) }
        guard !LibinputTrace.matches(text) else {
            throw ExportError.invalid("\(request.tracePath) is a libinput-shaped trace; render reads touchlight traces (make one with `touchlight record FILE --replay \(request.tracePath)`)")
        }
        let trace: TouchTrace
        do { trace = try TouchTrace(text: text) } catch { throw ExportError.invalid("\(request.tracePath): \(error)") }

        var source: SourceVideo?
        if let over = request.over {
            let video = try SourceVideo(path: over, offset: request.offset, rate: request.frameRate, traceStart: trace.start)
            video.notes.forEach(report)
            source = video
        } else if request.offset != nil {
            throw ExportError.invalid("--offset places the trace in a video: it needs --over VIDEO")
        }
        let rate = source?.rate ?? request.frameRate ?? .standard
        let geometry = try geometry(request, trace: trace, video: source?.info)
        func makeRenderer() -> TraceRenderer {
            TraceRenderer(trace: trace, configuration: request.configuration, geometry: geometry, framesPerSecond: rate.framesPerSecond,
                          startTime: source?.traceTimeAtFirstFrame ?? 0, drawsToolbar: request.drawsToolbar)
        }
        // The frames the result has: the touches until they fade, cut where the video ends.
        let renderer = makeRenderer()
        let limit = request.pastTheVideo ? Int.max : source?.frameLimit ?? Int.max
        let total = min(limit, renderer.frameBound)
        if !request.allowsLong { try refuseAbsurd(frames: total, rate: rate, target: target, trace: trace) }
        let sink = try makeSink(target, request: request, source: source, geometry: geometry, rate: rate, isInterrupted: isInterrupted)
        let bar = RenderProgress(total: total)
        let started = MonotonicClock.seconds()
        var lastReport = -Double.infinity
        do {
            while renderer.frameCount < limit, !renderer.isFinished {
                if isInterrupted() { throw ExportError.interrupted }
                let damage = renderer.renderNextFrame()
                let wantsMore = try sink.write(renderer.canvas, damage: damage, index: renderer.frameCount - 1)
                let now = MonotonicClock.seconds()
                if progress, now - lastReport >= 0.1 {
                    lastReport = now
                    report(bar.line(done: renderer.frameCount, elapsed: now - started) + "\r")
                }
                if !wantsMore { break }
            }
        } catch {
            sink.abandon()
            throw error
        }
        let made = try sink.finish()
        if progress { report(RenderProgress(total: renderer.frameCount).line(done: renderer.frameCount, elapsed: MonotonicClock.seconds() - started) + "\n") }
        for note in sink.notes { report(note) }
        for ignored in renderer.ignoredSettings { report("ignored the trace's setting \(ignored)") }
        if let warning = renderer.fontWarning { report(warning) }
        return "\(renderer.frameCount) frames of \(geometry.pixelWidth)×\(geometry.pixelHeight) at \(rate.readable) frames/s: \(made)"
    }

    /// The longest result rendered without `--allow-long` (seconds of video).
    public nonisolated static let longest = 2 * 3600.0
    /// The most PNG frames written without `--allow-long` (ten minutes at 60 frames/s).
    public nonisolated static let longestFrameSequence = 36_000

    /// Refuses, with the figures, a render whose result would be absurd: a trace whose last
    /// line lies far in the future makes hours of nothing.
    private static func refuseAbsurd(frames: Int, rate: FrameRate, target: ExportTarget, trace: TouchTrace) throws(ExportError) {
        let seconds = Double(frames) / rate.framesPerSecond
        let pngFrames: Bool = if case .frames = target { true } else { false }
        guard seconds > longest || (pngFrames && frames > longestFrameSequence) else { return }
        let limit = seconds > longest ? "over the \(Int(longest / 3600))-hour limit" : "over the limit of \(longestFrameSequence) PNG frames"
        throw .invalid("the render would be \(RenderProgress.clock(seconds)) long (\(frames) frames at \(rate.readable) frames/s), \(limit): the trace's last line is at \(trace.duration) s. Cut the trace, or pass --allow-long to render it anyway")
    }

    /// The frames' size: the video's, `--size`, or the trace's output at `--scale`.
    private static func geometry(_ request: RenderRequest, trace: TouchTrace, video: VideoInfo?) throws(ExportError) -> RenderGeometry {
        let geometry: RenderGeometry
        if let video {
            geometry = RenderGeometry(trace: trace, width: video.width, height: video.height)
        } else if let size = request.size {
            geometry = RenderGeometry(trace: trace, width: size.width, height: size.height)
        } else {
            geometry = RenderGeometry(trace: trace, scale: request.scale)
        }
        // The trace's output (times --scale) is held to the same bound as --size: frames that
        // large could not even be allocated.
        guard geometry.pixelWidth <= RenderGeometry.maximumSide, geometry.pixelHeight <= RenderGeometry.maximumSide else {
            let source = video != nil ? "the video" : request.size != nil ? "--size" : "the trace's output (\(Int(trace.outputSize.width))×\(Int(trace.outputSize.height)) at scale \(geometry.renderScale))"
            throw .invalid("the frames would be \(geometry.pixelWidth)×\(geometry.pixelHeight) pixels, from \(source); each side must be from 1 to \(RenderGeometry.maximumSide): give a smaller --scale or --size WxH")
        }
        return geometry
    }

    private static func makeSink(_ target: ExportTarget, request: RenderRequest, source: SourceVideo?, geometry: RenderGeometry,
                                 rate: FrameRate, isInterrupted: @escaping () -> Bool) throws(ExportError) -> FrameSink {
        let threads = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let encoding: VideoEncoding
        switch target {
        case .frames(let directory):
            return try PNGSequenceSink(directory: directory)
        case .track(let format):
            encoding = .track(format, width: geometry.pixelWidth, height: geometry.pixelHeight, rate: rate, threads: threads)
        case .composite(let container):
            guard let source else { throw .invalid("--out \(request.output) is for --over VIDEO") }
            encoding = .composite(container, video: source.path, info: source.info, atFrame: source.firstTouchFrame,
                                  rate: rate, pastTheEnd: request.pastTheVideo, threads: threads)
        }
        return try VideoSink(encoding, width: geometry.pixelWidth, height: geometry.pixelHeight, output: request.output,
                             isInterrupted: isInterrupted)
    }
}

/// Where the trace goes in a video: which trace time the first frame shows, and at which
/// video time it appears. Trace time 0 falls at `offset` seconds into the video; a negative
/// offset cuts the trace's start instead.
struct Placement: Equatable {
    var startTime: Double
    var videoTime: Double
    /// How the offset was found, for the user.
    var explanation: String?

    static func choose(offset: Double?, traceStart: WallClockTime?, videoCreation: WallClockTime?) throws(ExportError) -> Placement {
        if let offset {
            guard offset.isFinite, abs(offset) <= InputLimits.traceDuration else {
                throw .invalid("--offset must be a number of seconds within ±\(Int(InputLimits.traceDuration)), not \(offset)")
            }
            return at(offset, explanation: nil)
        }
        if let traceStart, let videoCreation {
            let offset = traceStart.secondsSince1970 - videoCreation.secondsSince1970
            // MP4 keeps its creation time to the whole second: the video began up to a second
            // after it says, and the touches land up to that much late.
            let wholeSecond = videoCreation.secondsSince1970.rounded(.down) == videoCreation.secondsSince1970
            let caution = wholeSecond ? "; the video's start time is kept to the whole second only (as MP4 keeps it), so the touches may be up to 1 s late: give --offset to place them exactly" : " (give --offset to override)"
            return at(offset, explanation: "aligned by the clock: the trace started at \(traceStart), the video at \(videoCreation), so the touches begin at \(VideoEncoding.seconds(offset)) s" + caution)
        }
        let missing = traceStart == nil ? "the trace has no start line (traces record one from format 4 on)" : "the video has no creation_time"
        return at(0, explanation: "aligned at the video's start: \(missing); give --offset SECONDS if the touches are early or late")
    }

    private static func at(_ offset: Double, explanation: String?) -> Placement {
        Placement(startTime: max(0, -offset), videoTime: max(0, offset), explanation: explanation)
    }
}
