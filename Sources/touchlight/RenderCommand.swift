import ArgumentParser
import FoundationEssentials
import Glibc
import OverlayClient
import Stage
import TouchlightConfig

/// `touchlight render TRACE --out DIR|FILE.webm|FILE.mov [--over VIDEO]`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a trace into PNG frames, a video track with alpha, or onto a screen recording.",
        discussion: """
            The frames are drawn as the overlay draws them (markers, ripples, gesture cues, ink), \
            on the trace's own clock: the same trace always gives the same frames. No compositor \
            is needed, so traces recorded on GNOME or X11 (`touchlight record FILE --no-overlay`) \
            render too. Extensions match whatever their case.

              --out DIR/        PNG frames with alpha: DIR/frame-000000.png, … (an existing \
            directory, or a name ending in /)
              --out FILE.webm   VP9 with alpha: Kdenlive, Shotcut, OBS, browsers (needs ffmpeg)
              --out FILE.mov    ProRes 4444 with alpha: DaVinci Resolve, Premiere, Final Cut; \
            --mov-codec qtrle for MLT editors (Kdenlive, Shotcut) (needs ffmpeg)
              --over VIDEO --out FILE.mp4|.mkv|.mov|.webm
                                the touches laid over a screen recording, in the container the \
            extension names, its audio kept; the trace starts --offset seconds into it, or where \
            the clocks say (the trace's start line and the video's creation_time). The result \
            has the video's length (--until touches goes on, over its last frame, until the \
            touches fade) and a steady frame rate: the video's, or for a video whose rate varies \
            its own finest rate from 15 to 120 frames/s, else 60 (--fps chooses).

            Video is BT.709 (BT.601 over a standard-definition recording), with its colour tagged. \
            Ctrl-C, SIGTERM or SIGHUP stops a render and removes the unfinished video (frames \
            already written to DIR/ stay); the status is 130, 0 and 129.
            """)

    @Argument(help: ArgumentHelp("The touch trace to render.", valueName: "trace"))
    var trace: String

    @Option(help: ArgumentHelp("DIR/ for PNG frames, FILE.webm or FILE.mov (FILE.mp4, .mkv, .mov, .webm with --over).", valueName: "path"))
    var out: String

    @Option(help: ArgumentHelp("Frames per second, such as 60, 29.97 or 30000/1001 (default 60; the video's rate with --over).", valueName: "rate"))
    var fps: String?

    @Option(help: ArgumentHelp("The frames' size in pixels, WIDTHxHEIGHT (default: the trace's output at its scale).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Device pixels per logical unit (default: the trace's scale).", valueName: "s"))
    var scale: Double?

    @Option(help: ArgumentHelp("A screen recording to lay the touches over.", valueName: "video"))
    var over: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seconds into --over's video where the trace starts (negative, as --offset -5: cut the trace's start).", valueName: "seconds"))
    var offset: Double?

    @Option(help: ArgumentHelp("With --over, where the result ends: video (where the recording does) or touches (held on its last frame until they fade).", valueName: "end"))
    var until: RenderEnd = .video

    @Option(help: ArgumentHelp("What a FILE.mov track is encoded with: prores (ProRes 4444), qtrle (QuickTime Animation, which MLT editors read with alpha) or png.", valueName: "codec"))
    var movCodec: MovCodec?

    @Flag(help: "Leave the annotation toolbar out of the frames.")
    var noToolbar = false

    @Flag(help: ArgumentHelp("Render even a result over \(Int(RenderJob.longest / 3600)) hours long (or over \(RenderJob.longestFrameSequence) PNG frames), which is refused otherwise."))
    var allowLong = false

    @Option(help: ArgumentHelp("Read the style and [annotate] values from this configuration file.", valueName: "path"))
    var config: String?

    @Flag(name: .shortAndLong, help: "Print only errors (no progress bar).")
    var quiet = false

    func validate() throws {
        if let fps, Self.parseRate(fps) == nil {
            throw ValidationError("--fps must be a rate from \(Int(FrameRate.accepted.lowerBound)) to \(Int(FrameRate.accepted.upperBound)) frames/s, such as 60, 29.97 or 30000/1001, not \(fps).")
        }
        if until == .touches, over == nil { throw ValidationError("--until ends a render over a video; it needs --over VIDEO.") }
        if let scale, !(0.1...16).contains(scale) { throw ValidationError("--scale must be from 0.1 to 16, not \(scale).") }
        if size != nil, scale != nil { throw ValidationError("--size and --scale both set the frames' size; give one.") }
        if over != nil, size != nil || scale != nil { throw ValidationError("with --over the frames take the video's size; drop --size and --scale.") }
        if let size, Self.parseSize(size) == nil {
            throw ValidationError("--size must be WIDTHxHEIGHT with each from 1 to \(RenderGeometry.maximumSide), such as 1920x1080, not \(size).")
        }
    }

    static func parseRate(_ text: String) -> FrameRate? {
        guard let rate = FrameRate(text), FrameRate.accepted.contains(rate.framesPerSecond) else { return nil }
        return rate
    }

    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...RenderGeometry.maximumSide).contains($0) }) else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        var request = RenderRequest(tracePath: trace, output: out)
        request.frameRate = fps.flatMap(Self.parseRate)
        request.pastTheVideo = until == .touches
        request.movCodec = movCodec
        request.size = size.flatMap(Self.parseSize)
        request.scale = scale
        request.over = over
        request.offset = offset
        request.drawsToolbar = !noToolbar
        request.allowsLong = allowLong
        request.configuration = try readConfiguration(explicit: config).configuration
        let showsProgress = !quiet && isatty(STDERR_FILENO) == 1
        guard RenderInterruption.install() else { throw CleanExit.message("touchlight: cannot install signal handlers") }
        let status = MainActor.assumeIsolated { () -> Int32 in
            do {
                let made = try RenderJob.run(request, progress: showsProgress, isInterrupted: { RenderInterruption.signal != 0 }) { line in
                    if line.hasSuffix("\r") || line.hasSuffix("\n") { printToStandardError(line, terminator: "") } else if !quiet { printToStandardError("touchlight: \(line)") }
                }
                if !quiet { printToStandardError("touchlight: rendered \(made)") }
                return 0
            } catch {
                if showsProgress { printToStandardError("") }
                printToStandardError("touchlight: \(error)")
                let signal = RenderInterruption.signal
                return signal != 0 ? RenderInterruption.exitStatus(for: signal) : 1
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// `--until`: where a render over a video ends.
enum RenderEnd: String, ExpressibleByArgument, CaseIterable {
    case video, touches
}

extension MovCodec: ExpressibleByArgument {}

/// The configuration file's settings (`--config`, else the default path if it exists), or
/// the defaults, with the path it is at (watched for reloads); a file with problems ends the
/// command with its report.
func readConfiguration(explicit: String?) throws -> (configuration: Configuration, path: String?) {
    let path = ConfigurationLocation.path(explicit: explicit, environment: ProcessInfo.processInfo.environment)
    guard let path, explicit != nil || FileManager.default.fileExists(atPath: path) else { return (Configuration(), path) }
    do { return (try ConfigurationProbe.read(path), path) } catch {
        printToStandardError("touchlight: the configuration has problems:\n\(error)")
        throw ExitCode(1)
    }
}
