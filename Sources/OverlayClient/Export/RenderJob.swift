import FoundationEssentials
import Glibc
import Renderer
import TouchCore
import TouchlightConfig
import TouchscreenInput

/// What `touchlight render` was asked for.
public struct RenderRequest: Sendable {
    public var tracePath: String
    /// A directory (PNG frames), FILE.webm or FILE.mov (a track with alpha), or with `over`
    /// FILE.mp4, .mkv, .mov or .webm (the recording with the touches on it).
    public var output: String
    /// Frames per second: 60 by default, the video's own rate with `over`.
    public var framesPerSecond: Double?
    /// `--size WxH`: the frames' size in pixels (the video's with `over`).
    public var size: (width: Int, height: Int)?
    /// `--scale`: device pixels per logical unit (the trace's own scale by default).
    public var scale: Double?
    /// `--over VIDEO`: the screen recording to lay the touches over.
    public var over: String?
    /// `--offset`: where the trace's time 0 falls in the video, in seconds.
    public var offset: Double?
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
    /// The frames per second when neither `--fps` nor a video says.
    public nonisolated static let defaultFramesPerSecond = 60.0
    /// The frame rates accepted.
    public nonisolated static let framesPerSecondRange = 1.0...240.0

    /// Runs the export; returns what it made. `report` receives notes (alignment, ignored
    /// settings) and, when `progress` is true, progress lines ending in "\r".
    public static func run(_ request: RenderRequest, progress: Bool, report: (String) -> Void) throws -> String {
        let text = try readTrace(request.tracePath)
        guard !LibinputTrace.matches(text) else {
            throw ExportError.invalid("\(request.tracePath) is a libinput-shaped trace; render reads touchlight traces (make one with `touchlight record FILE --replay \(request.tracePath)`)")
        }
        let trace: TouchTrace
        do { trace = try TouchTrace(text: text) } catch { throw ExportError.invalid("\(request.tracePath): \(error)") }

        var video: FFmpeg.VideoInfo?
        var placement = Placement(startTime: 0, videoTime: 0, explanation: nil)
        if let over = request.over {
            let info = try FFmpeg.probe(over)
            video = info
            placement = try Placement.choose(offset: request.offset, traceStart: trace.start, videoCreation: info.creationTime)
        } else if request.offset != nil {
            throw ExportError.invalid("--offset places the trace in a video: it needs --over VIDEO")
        }
        if let explanation = placement.explanation { report(explanation) }

        let fps = request.framesPerSecond ?? video?.framesPerSecond ?? defaultFramesPerSecond
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
            throw ExportError.invalid("the frames would be \(geometry.pixelWidth)×\(geometry.pixelHeight) pixels, from \(source); each side must be from 1 to \(RenderGeometry.maximumSide): give a smaller --scale or --size WxH")
        }
        let renderer = TraceRenderer(trace: trace, configuration: request.configuration, geometry: geometry, framesPerSecond: fps,
                                     startTime: placement.startTime, drawsToolbar: request.drawsToolbar)
        let sink = try makeSink(request, geometry: geometry, framesPerSecond: fps, placement: placement)
        var rgba: [UInt8] = []
        let started = TimerfdScheduler.monotonicNow()
        var lastReport = -Double.infinity
        do {
            while !renderer.isFinished {
                renderer.renderNextFrame()
                renderer.canvas.straightRGBA(into: &rgba)
                try sink.write(rgba: rgba, width: geometry.pixelWidth, height: geometry.pixelHeight, index: renderer.frameCount - 1)
                let now = TimerfdScheduler.monotonicNow()
                if progress, now - lastReport >= 0.1 {
                    lastReport = now
                    report(RenderProgress(total: renderer.estimatedFrameCount).line(done: renderer.frameCount, elapsed: now - started) + "\r")
                }
            }
        } catch {
            sink.abandon()
            throw error
        }
        let made = try sink.finish()
        if progress { report(RenderProgress(total: renderer.frameCount).line(done: renderer.frameCount, elapsed: TimerfdScheduler.monotonicNow() - started) + "\n") }
        for ignored in renderer.ignoredSettings { report("ignored the trace's setting \(ignored)") }
        if let warning = renderer.fontWarning { report(warning) }
        return "\(renderer.frameCount) frames of \(geometry.pixelWidth)×\(geometry.pixelHeight) at \(VideoKind.rate(fps)) frames/s: \(made)"
    }

    private static func makeSink(_ request: RenderRequest, geometry: RenderGeometry, framesPerSecond: Double,
                                 placement: Placement) throws(ExportError) -> FrameSink {
        let output = request.output
        if let over = request.over {
            guard VideoKind.compositeExtensions.contains(where: output.hasSuffix) else {
                throw .invalid("with --over, --out names the video to write: FILE\(VideoKind.compositeExtensions.joined(separator: ", FILE")), not \(output)")
            }
            return try VideoSink(kind: .composite(video: over, at: placement.videoTime), width: geometry.pixelWidth,
                                 height: geometry.pixelHeight, framesPerSecond: framesPerSecond, output: output)
        }
        if let kind = VideoKind(trackExtension: output) {
            return try VideoSink(kind: kind, width: geometry.pixelWidth, height: geometry.pixelHeight,
                                 framesPerSecond: framesPerSecond, output: output)
        }
        if [".mp4", ".mkv", ".png", ".gif"].contains(where: output.hasSuffix) {
            throw .invalid("--out \(output): a touch track is FILE.webm (VP9 with alpha) or FILE.mov (ProRes 4444), or a directory for PNG frames; .mp4 and .mkv are for --over VIDEO")
        }
        return try PNGSequenceSink(directory: output)
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
            return at(offset, explanation: "aligned by the clock: the trace started at \(traceStart), the video at \(videoCreation), so the touches begin at \(VideoKind.seconds(offset)) s (give --offset to override)")
        }
        let missing = traceStart == nil ? "the trace has no start line (traces record one from format 4 on)" : "the video has no creation_time"
        return at(0, explanation: "aligned at the video's start: \(missing); give --offset SECONDS if the touches are early or late")
    }

    private static func at(_ offset: Double, explanation: String?) -> Placement {
        Placement(startTime: max(0, -offset), videoTime: max(0, offset), explanation: explanation)
    }
}
