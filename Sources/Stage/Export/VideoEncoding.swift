import Renderer

/// How ffmpeg makes one video: the pixels touchlight hands it on standard input, and its
/// arguments. Pure, so the choices are tested without ffmpeg.
struct VideoEncoding: Equatable {
    /// What each frame on ffmpeg's standard input is.
    enum Pixels: Equatable {
        /// Straight-alpha RGBA, 4 bytes a pixel.
        case rgba
        /// `yuva420p` in limited range, converted by touchlight (`YUVAFrame`) where it changed.
        case yuva420p(ColourMatrix)
    }

    var pixels: Pixels
    /// Everything but the output path, which comes last.
    private var arguments: [String]

    /// The arguments, writing to `path` (a temporary file: the container is named by `-f`,
    /// never guessed from the path).
    func arguments(writingTo path: String) -> [String] { arguments + [path] }

    /// The VP9 encoder's settings that keep a touch track (mostly transparent, mostly still)
    /// faster than real time: libvpx's realtime mode at its fastest speed, tiles and row
    /// threads on every core, no look-ahead (measured in docs/benchmarks.md, Export). Tiles
    /// are at least 256 px wide, so 1080p takes 4 columns (log2: 2) and 4K 8.
    static func vp9(crf: Int, width: Int, threads: Int) -> [String] {
        ["-c:v", "libvpx-vp9", "-crf", "\(crf)", "-b:v", "0", "-deadline", "realtime", "-cpu-used", "8",
         "-row-mt", "1", "-tile-columns", width >= 2560 ? "3" : "2", "-threads", "\(threads)", "-lag-in-frames", "0",
         "-auto-alt-ref", "0", "-static-thresh", "1000"]
    }

    /// A touch track with alpha, from frames of `width` × `height` at `rate`.
    static func track(_ format: ExportTarget.TrackFormat, width: Int, height: Int, rate: FrameRate, threads: Int) -> VideoEncoding {
        switch format {
        case .webm:
            let pixels = Pixels.yuva420p(.bt709)
            return VideoEncoding(pixels: pixels, arguments: quiet + input(pixels, width, height, rate)
                + vp9(crf: 24, width: width, threads: threads) + ["-pix_fmt", "yuva420p"] + tags(.bt709) + ["-f", "webm"])
        case .mov(let codec):
            let encoder: [String] = switch codec {
            // The frames carry their colour too (setparams): prores_ks writes the frame's tags
            // into each frame header, where ffprobe and editors read them, not the encoder's.
            case .prores: ["-c:v", "prores_ks", "-profile:v", "4444",
                           "-vf", "scale=out_color_matrix=bt709:out_range=tv,setparams=color_primaries=bt709:color_trc=bt709:colorspace=bt709:range=tv",
                           "-pix_fmt", "yuva444p10le"] + tags(.bt709)
            case .qtrle: ["-c:v", "qtrle", "-pix_fmt", "argb"] + rgbTags
            case .png: ["-c:v", "png", "-pix_fmt", "rgba"] + rgbTags
            }
            return VideoEncoding(pixels: .rgba, arguments: quiet + input(.rgba, width, height, rate) + encoder + ["-f", "mov"])
        }
    }

    /// The touches laid over `video` (whose facts are `info`) from frame `atFrame` of the
    /// result's frame grid (ffmpeg's clock at `rate`), in `container`. The source is brought to
    /// that constant rate first, so touches move on every output frame even where the
    /// recording has few. It keeps its
    /// pixels and colour tags (touches are converted with its matrix) and its audio, copied
    /// where the container takes the codec. The result ends with the source unless
    /// `pastTheEnd`, which holds its last frame under the touches until they end.
    static func composite(_ container: ExportTarget.Container, video: String, info: VideoInfo, atFrame: Int,
                          rate: FrameRate, pastTheEnd: Bool, threads: Int) -> VideoEncoding {
        let matrix = info.matrix
        let pixels = Pixels.yuva420p(matrix)
        // Both inputs count in frames of `rate` (the touches' time base is 1 / rate), so the
        // touches' first frame lands exactly on frame `atFrame`.
        let filter = "[0:v]fps=\(rate)[source];[1:v]setpts=PTS-STARTPTS+\(atFrame)[touches];"
            + "[source][touches]overlay=eof_action=\(pastTheEnd ? "repeat" : "pass"):format=auto:alpha=straight[out]"
        let videoCodec = container == .webm
            ? vp9(crf: 32, width: info.width, threads: threads) + ["-pix_fmt", "yuv420p"]
            : ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p"]
        let (space, primaries, transfer) = matrix.tags
        let colour = ["-colorspace", info.colourSpace ?? space, "-color_primaries", info.colourPrimaries ?? primaries,
                      "-color_trc", info.colourTransfer ?? transfer]
        let format = container == .mkv ? "matroska" : container.rawValue
        return VideoEncoding(pixels: pixels, arguments: quiet + ["-i", video] + input(pixels, info.width, info.height, rate)
            + ["-filter_complex", filter, "-map", "[out]", "-map", "0:a?"] + videoCodec + colour
            + audio(info.audioCodec, in: container) + ["-f", format])
    }

    /// Copies the audio where the container takes its codec, else encodes it to one it does.
    static func audio(_ codec: String?, in container: ExportTarget.Container) -> [String] {
        guard let codec else { return [] }
        let copied: Set<String>
        switch container {
        case .mkv: return ["-c:a", "copy"]
        case .webm: copied = ["opus", "vorbis"]
        case .mp4: copied = ["aac", "mp3", "ac3", "eac3", "alac", "opus", "flac"]
        case .mov: copied = ["aac", "mp3", "ac3", "eac3", "alac", "pcm_s16le", "pcm_s16be", "pcm_s24le", "pcm_s24be", "pcm_f32le"]
        }
        if copied.contains(codec) { return ["-c:a", "copy"] }
        return container == .webm ? ["-c:a", "libopus", "-b:a", "128k"] : ["-c:a", "aac", "-b:a", "192k"]
    }

    private static let quiet = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]

    /// Raw frames on standard input, tagged with the colour they are in.
    private static func input(_ pixels: Pixels, _ width: Int, _ height: Int, _ rate: FrameRate) -> [String] {
        let format: [String]
        switch pixels {
        case .rgba: format = ["-pix_fmt", "rgba"]
        case .yuva420p(let matrix): format = ["-pix_fmt", "yuva420p", "-colorspace", matrix.tags.space, "-color_range", "tv"]
        }
        return ["-f", "rawvideo"] + format + ["-s", "\(width)x\(height)", "-framerate", "\(rate)", "-i", "pipe:0"]
    }

    private static func tags(_ matrix: ColourMatrix) -> [String] {
        let (space, primaries, transfer) = matrix.tags
        return ["-colorspace", space, "-color_primaries", primaries, "-color_trc", transfer, "-color_range", "tv"]
    }

    /// RGB codecs: sRGB's transfer on BT.709's primaries, no matrix.
    private static let rgbTags = ["-colorspace", "rgb", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1"]

    /// Seconds with millisecond precision, never in exponent notation.
    static func seconds(_ value: Double) -> String {
        let ms = Int((value * 1000).rounded())
        let sign = ms < 0 ? "-" : ""
        let digits = String(abs(ms) % 1000)
        return "\(sign)\(abs(ms) / 1000).\(String(repeating: "0", count: 3 - digits.count))\(digits)"
    }
}
