import ArgumentParser
import FoundationEssentials
import Glibc
import OverlayClient
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
            render too.

              --out DIR         PNG frames with alpha: DIR/frame-000000.png, …
              --out FILE.webm   VP9 with alpha, for video editors (needs ffmpeg)
              --out FILE.mov    ProRes 4444 with alpha (needs ffmpeg)
              --over VIDEO --out FILE.mp4|.mkv|.mov|.webm
                                the touches laid over a screen recording, its audio kept; the \
            trace starts --offset seconds into it, or where the clocks say (the trace's start \
            line and the video's creation_time)
            """)

    @Argument(help: ArgumentHelp("The touch trace to render.", valueName: "trace"))
    var trace: String

    @Option(help: ArgumentHelp("A directory for PNG frames, FILE.webm or FILE.mov (FILE.mp4 and the others with --over).", valueName: "path"))
    var out: String

    @Option(help: ArgumentHelp("Frames per second (default 60; the video's rate with --over).", valueName: "n"))
    var fps: Double?

    @Option(help: ArgumentHelp("The frames' size in pixels, WIDTHxHEIGHT (default: the trace's output at its scale).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Device pixels per logical unit (default: the trace's scale).", valueName: "s"))
    var scale: Double?

    @Option(help: ArgumentHelp("A screen recording to lay the touches over.", valueName: "video"))
    var over: String?

    @Option(help: ArgumentHelp("Seconds into --over's video where the trace starts (negative: cut the trace's start).", valueName: "seconds"))
    var offset: Double?

    @Flag(help: "Leave the annotation toolbar out of the frames.")
    var noToolbar = false

    @Option(help: ArgumentHelp("Read the style and [annotate] values from this configuration file.", valueName: "path"))
    var config: String?

    @Flag(name: .shortAndLong, help: "Print only errors (no progress bar).")
    var quiet = false

    func validate() throws {
        if let fps, !RenderJob.framesPerSecondRange.contains(fps) {
            throw ValidationError("--fps must be from \(Int(RenderJob.framesPerSecondRange.lowerBound)) to \(Int(RenderJob.framesPerSecondRange.upperBound)), not \(fps).")
        }
        if let scale, !(0.1...16).contains(scale) { throw ValidationError("--scale must be from 0.1 to 16, not \(scale).") }
        if size != nil, scale != nil { throw ValidationError("--size and --scale both set the frames' size; give one.") }
        if over != nil, size != nil || scale != nil { throw ValidationError("with --over the frames take the video's size; drop --size and --scale.") }
        if let size, Self.parseSize(size) == nil {
            throw ValidationError("--size must be WIDTHxHEIGHT with each from 1 to \(RenderGeometry.maximumSide), such as 1920x1080, not \(size).")
        }
    }

    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...RenderGeometry.maximumSide).contains($0) }) else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        var request = RenderRequest(tracePath: trace, output: out)
        request.framesPerSecond = fps
        request.size = size.flatMap(Self.parseSize)
        request.scale = scale
        request.over = over
        request.offset = offset
        request.drawsToolbar = !noToolbar
        request.configuration = try readConfiguration(explicit: config).configuration
        let showsProgress = !quiet && isatty(STDERR_FILENO) == 1
        let status = MainActor.assumeIsolated { () -> Int32 in
            do {
                let made = try RenderJob.run(request, progress: showsProgress) { line in
                    if line.hasSuffix("\r") || line.hasSuffix("\n") { printToStandardError(line, terminator: "") } else if !quiet { printToStandardError("touchlight: \(line)") }
                }
                if !quiet { printToStandardError("touchlight: rendered \(made)") }
                return 0
            } catch {
                if showsProgress { printToStandardError("") }
                printToStandardError("touchlight: \(error)")
                return 1
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}

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
