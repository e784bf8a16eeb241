import TouchCore

/// The recording `render --over` lays the touches on: what ffprobe says of it, where the trace
/// goes in it, the rate the result has, and where it really ends.
struct SourceVideo {
    let path: String
    let info: VideoInfo
    /// The result's constant frame rate.
    let rate: FrameRate
    /// The frame of ffmpeg's grid at `rate` that shows the touches' first frame: the first at or
    /// after where the trace begins, so every touch frame falls on a frame of the result
    /// instead of up to one frame early, counted from where the video's first frame falls on
    /// that grid (its `fps` filter rounds that time to the nearest frame).
    let firstTouchFrame: Int
    /// The trace time that frame shows.
    let traceTimeAtFirstFrame: Double
    /// The most touch frames the result can have, those before the video's frames end (its
    /// header's duration, or less when the file was cut short after its header); nil when
    /// neither says where they end.
    let frameLimit: Int?
    /// What the user should know: how the trace was aligned, a varying rate, a short file.
    let notes: [String]

    init(path: String, offset: Double?, rate requested: FrameRate?, traceStart: WallClockTime?) throws(ExportError) {
        let info = try FFmpeg.probe(path)
        self.path = path
        self.info = info
        let placement = try Placement.choose(offset: offset, traceStart: traceStart, videoCreation: info.creationTime)
        var notes = placement.explanation.map { [$0] } ?? []
        let (rate, rateNote) = Self.rate(requested: requested, of: info)
        self.rate = rate
        if let rateNote { notes.append(rateNote) }
        // The first frame of the video at or after the trace's start, and what the trace shows then.
        let first = rate.frames(in: placement.videoTime)
        traceTimeAtFirstFrame = placement.startTime + Double(first) * rate.frameDuration - placement.videoTime
        firstTouchFrame = Int((info.startTime * rate.framesPerSecond).rounded()) + first
        let (end, endNote) = Self.end(of: path, info: info)
        if let endNote { notes.append(endNote) }
        if let end, placement.videoTime >= end {
            throw .invalid("the touches would begin at \(VideoEncoding.seconds(placement.videoTime)) s, after the video ends (\(VideoEncoding.seconds(end)) s): give a smaller --offset")
        }
        frameLimit = end.map { max(0, rate.frames(in: $0) - first) }
        self.notes = notes
    }

    /// `--fps`; else the video's own rate when it is steady; else, for a video whose frames
    /// come only when the screen changed, the rate that places every one of its frames when
    /// that is from 15 to 120 frames/s, or 60.
    static func rate(requested: FrameRate?, of info: VideoInfo) -> (FrameRate, note: String?) {
        if let requested { return (requested, nil) }
        if info.hasSteadyRate { return (info.frameRate, nil) }
        let chosen = steadyRates.contains(info.frameRate.framesPerSecond) ? info.frameRate : .standard
        let average = info.averageRate.map { " (\($0.readable) frames/s on average)" } ?? ""
        return (chosen, "the video's frame rate varies\(average): it is brought to a steady \(chosen.readable) frames/s, so the touches move on every frame (--fps chooses another rate)")
    }

    /// The rates a varying video is brought to when its own says where each frame goes.
    static let steadyRates = 15.0...120.0

    /// Where the frames end, by a read of its last seconds: a file cut short (a recorder that
    /// crashed, a copy that stopped) still has a header that claims the whole length.
    private static func end(of path: String, info: VideoInfo) -> (Double?, note: String?) {
        guard let duration = info.duration else { return (nil, nil) }
        let lookBack = 2.0
        let last = FFmpeg.lastPacketTime(of: path, from: info.firstTimestamp + max(0, duration - lookBack)).map { $0 - info.firstTimestamp }
        let frameEnd = last.map { $0 + info.frameRate.frameDuration }
        guard let frameEnd, frameEnd >= duration - truncationAllowance else {
            let found = frameEnd.map { "its frames end at \(VideoEncoding.seconds($0)) s" } ?? "it has no frames in its last \(Int(lookBack)) s"
            return (frameEnd.map { min($0, duration) }, "\(path) looks cut short: its header says \(VideoEncoding.seconds(duration)) s, but \(found); the result ends where its frames do")
        }
        return (duration, nil)
    }

    /// How much shorter than its header a video's frames may end before it counts as cut short
    /// (the audio often runs a little past the last frame).
    static let truncationAllowance = 1.0
}
