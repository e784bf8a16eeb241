import Foundation
import Testing

/// What editors and players see of `render`'s videos, judged by ffprobe, ffmpeg's decoders and
/// MLT's melt (the engine under Kdenlive and Shotcut): containers, codecs, length, rates,
/// colour, alpha under MLT's transitions, and nothing left behind by an interrupted render.
extension EndToEnd.ExportTests {
    /// `--over` writes the container its extension names (whatever its case), with the
    /// source's audio copied where the container takes it, and BT.709 tags. The touches run
    /// past the 3 s source's end (they begin at 2.8 s), yet the result ends with it, unless
    /// `--until touches`.
    @Test func overWritesTheNamedContainerAtTheSourcesLength() throws {
        let work = try Export.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let trace = try Export.write(Export.drag, in: work)
        // Tagged BT.709 (untagged video below 720 lines is taken as BT.601, as players do).
        let source = try Export.video(in: work, name: "pcm.mkv", filter: "color=c=black:s=800x600:r=30:d=3", audio: ["-c:a", "pcm_s16le"],
                                      extra: ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"])
        let expected: [(file: String, format: String, video: String, audio: String)] = [
            ("o.mkv", "matroska", "h264", "pcm_s16le"), ("o.WEBM", "webm", "vp9", "opus"),
            ("o.mov", "mov", "h264", "pcm_s16le"), ("o.mp4", "mp4", "h264", "aac")]
        for (file, format, video, audio) in expected {
            let out = work.appendingPathComponent(file).path
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", source, "--offset", "2.8", "--out", out])
            #expect(status == 0, "\(file): \(output)")
            let probe = try Export.probe(out, "stream=codec_name,color_space,color_primaries,color_transfer:format=format_name,duration")
            #expect(try Export.container(of: out) == format, "\(file)")
            #expect(probe["codec_name"] == [video, audio], "\(file): \(probe)")
            let duration = Double(probe["duration"]?.first ?? "") ?? 0
            #expect(abs(duration - 3) < 0.1, "\(file): \(duration) s from a 3 s source")
            #expect(probe["color_space"]?.first == "bt709" && probe["color_primaries"]?.first == "bt709"
                    && probe["color_transfer"]?.first == "bt709", "\(file): \(probe)")
        }
        let longer = work.appendingPathComponent("longer.mkv").path
        let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", source, "--offset", "2.8", "--until", "touches", "--out", longer])
        #expect(status == 0, "\(output)")
        let duration = Double(try Export.probe(longer, "format=duration")["duration"]?.first ?? "") ?? 0
        #expect(duration > 3.5, "--until touches: \(duration) s")
    }

    /// A recording with 6 frames in 3 s: the result is at a steady rate and the drag moves on
    /// every one of its frames.
    @Test func touchesMoveOnEveryFrameOverAVaryingRateSource() throws {
        let work = try Export.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let trace = try Export.write(Export.smoothDrag, in: work)
        let config = work.appendingPathComponent("red.toml")
        try Export.opaqueRedStyle.write(to: config, atomically: true, encoding: .utf8)
        let source = try Export.video(in: work, name: "sparse.mp4", filter: "color=c=black:s=800x600:r=30:d=3,select='lt(n\\,6)',setpts='N/2/TB'",
                                      extra: ["-fps_mode", "vfr"])
        let out = work.appendingPathComponent("over.mp4").path
        let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", source, "--offset", "0", "--config", config.path,
                                                                           "--out", out])
        #expect(status == 0 && output.contains("frame rate varies"), "\(output)")
        #expect(try Export.probe(out, "stream=r_frame_rate")["r_frame_rate"]?.first == "60/1")
        // The drag moves every 1/60 s from x 200 to 300 between 0.105 and 0.505 s: frames 8 to 28 each show a new place.
        let xs = try Export.markerCentres(out, y: 150).dropFirst(8).prefix(21)
        #expect(xs.count == 21 && xs.allSatisfy { $0 != nil }, "\(xs)")
        let moves = zip(xs, xs.dropFirst()).filter { pair in (pair.1 ?? 0) > (pair.0 ?? 0) + 1 }.count
        #expect(moves == 20, "the marker moved on \(moves) of 20 frames: \(xs)")
    }

    /// At 60000/1001 frames/s the result keeps that exact rate, and a touch at 2.0 s (trace
    /// time 0.1 s, --offset 1.9) shows first on frame 120 (2.002 s), not on 119 (1.985 s) or 121.
    @Test func at5994TouchesLandOnTheirFrame() throws {
        let work = try Export.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let trace = try Export.write(Export.drag, in: work)
        let source = try Export.video(in: work, name: "ntsc.mp4", filter: "color=c=black:s=800x600:r=60000/1001:d=3")
        // MP4, whose time base is the rate's own (Matroska's counts milliseconds).
        let out = work.appendingPathComponent("over.mp4").path
        let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", source, "--offset", "1.9", "--out", out])
        #expect(status == 0, "\(output)")
        #expect(try Export.probe(out, "stream=r_frame_rate")["r_frame_rate"]?.first == "60000/1001")
        let first = try Export.firstFrameWithMarker(out)
        #expect(first == 120, "first marker frame \(String(describing: first))")
    }

    /// The red (255, 92, 92) of a marker comes back within 3 after a BT.709 decode of the WebM
    /// track (libvpx's decoder, which reads VP9's alpha), and every track is tagged.
    @Test func tracksAreBT709AndTagged() throws {
        let work = try Export.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let trace = try Export.write(Export.drag, in: work)
        let config = work.appendingPathComponent("red.toml")
        try Export.opaqueRedStyle.write(to: config, atomically: true, encoding: .utf8)
        let webm = work.appendingPathComponent("red.webm").path
        let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--config", config.path, "--out", webm])
        #expect(status == 0, "\(output)")
        let frame = try Export.videoFrame(webm, index: 12, width: 800, height: 600, decoder: ["-c:v", "libvpx-vp9"],
                                          filter: "scale=in_color_matrix=bt709:in_range=tv")
        // The middle of the opaque disc (its rim has the codec's ringing).
        let opaque = (0..<800).filter { frame.alpha($0, 150) == 255 }
        let x = try #require(opaque.isEmpty ? nil : opaque[opaque.count / 2])
        let pixel = (Int(frame.red(x, 150)), Int(frame.green(x, 150)), Int(frame.blue(x, 150)))
        #expect(frame.alpha(x, 150) == 255 && abs(pixel.0 - 255) <= 3 && abs(pixel.1 - 92) <= 3 && abs(pixel.2 - 92) <= 3, "\(pixel) at x \(x)")
        let tags = try Export.probe(webm, "stream=color_space,color_primaries,color_transfer,color_range")
        #expect(tags == ["color_space": ["bt709"], "color_primaries": ["bt709"], "color_transfer": ["bt709"], "color_range": ["tv"]], "\(tags)")
        let qtrle = work.appendingPathComponent("red.mov").path
        let (qtrleStatus, qtrleOutput) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--mov-codec", "qtrle", "--out", qtrle])
        #expect(qtrleStatus == 0, "\(qtrleOutput)")
        let rgb = try Export.probe(qtrle, "stream=codec_name,pix_fmt,color_primaries,color_transfer")
        #expect(rgb == ["codec_name": ["qtrle"], "pix_fmt": ["argb"], "color_primaries": ["bt709"], "color_transfer": ["iec61966-2-1"]], "\(rgb)")
        // ProRes 4444 (the default MOV): ffprobe reads the tags from the frames, and the
        // QuickTime `colr` atom says BT.709 (nclc 1, 1, 1).
        let prores = work.appendingPathComponent("red-prores.mov").path
        let (proresStatus, proresOutput) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--out", prores])
        #expect(proresStatus == 0, "\(proresOutput)")
        let proresTags = try Export.probe(prores, "stream=codec_name,color_space,color_primaries,color_transfer,color_range")
        #expect(proresTags == ["codec_name": ["prores"], "color_space": ["bt709"], "color_primaries": ["bt709"], "color_transfer": ["bt709"],
                               "color_range": ["tv"]], "\(proresTags)")
        let movie = try Data(contentsOf: URL(fileURLWithPath: prores))
        let colr = try #require(movie.range(of: Data("colrnclc".utf8)), "no colr atom")
        #expect(Array(movie[colr.upperBound..<(colr.upperBound + 6)]) == [0, 1, 0, 1, 0, 1], "colr: primaries, transfer, matrix 1 (BT.709)")
    }

    /// melt lays the WebM and the qtrle MOV over a green clip with `composite` and `qtblend`:
    /// green shows around the marker, and the marker's red on it.
    @Test(.enabled(if: Desktop.which("melt") != nil, "SKIPPED LOUDLY: melt is not installed (scripts/install-deps test installs it)"))
    func mltEditorsKeepTheAlpha() throws {
        let work = try Export.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let trace = try Export.write(Export.drag, in: work)
        let config = work.appendingPathComponent("red.toml")
        try Export.opaqueRedStyle.write(to: config, atomically: true, encoding: .utf8)
        for (file, codec) in [("track.webm", [String]()), ("track.mov", ["--mov-codec", "qtrle"])] {
            let track = work.appendingPathComponent(file).path
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--config", config.path, "--fps", "30", "--out", track] + codec)
            #expect(status == 0, "\(output)")
            for transition in ["composite", "qtblend"] {
                let frame = try Export.melt(track, transition: transition, frame: 6, in: work)
                // The reddest pixel of the drag's row: the marker.
                func redness(_ x: Int) -> Int { Int(frame.red(x, 150)) - Int(frame.green(x, 150)) }
                let x = try #require((0..<800).max { redness($0) < redness($1) })
                #expect(frame.red(x, 150) > 200 && frame.green(x, 150) < 130, "\(file) \(transition): the marker at x \(x) is \(frame.red(x, 150)), \(frame.green(x, 150))")
                #expect(frame.green(600, 450) > 180 && frame.red(600, 450) < 40, "\(file) \(transition): away from it \(frame.red(600, 450)), \(frame.green(600, 450))")
            }
        }
    }

    /// Ctrl-C, SIGTERM and SIGHUP while ffmpeg encodes: the hidden temporary video and log go,
    /// and the status says which (130, 0, 129). Ctrl-C during PNG frames: 130 too.
    @Test func anInterruptedRenderLeavesNothingBehind() throws {
        let work = try Export.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        // A long drag at 1920×1080: a render of several seconds.
        let long = "touchlight-trace 4\noutput 1920 1080 1\n0.1 1 down 100 500\n"
            + (1...600).map { "\(0.1 + Double($0) / 60) 1 move \(100 + 2 * $0) 500\n" }.joined() + "10.2 1 up 1300 500\n"
        let trace = try Export.write(long, in: work)
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 0), (SIGHUP, 129)] {
            let process = Process()
            process.executableURL = Desktop.touchlight
            process.arguments = ["render", trace, "--out", work.appendingPathComponent("t.webm").path, "-q"]
            try process.run()
            // The temporary video and log appear, and ffmpeg has read a whole frame: it encodes.
            // (Its file may stay empty for a while: WebM's muxer holds a cluster, up to 5 s of
            // video, until it closes it.)
            let frameBytes = 1920 * 1080 * 4
            let encoding = eventually(timeout: 30) {
                Export.hidden(in: work).count == 2 && Export.bytesReadByFFmpeg(under: process.processIdentifier) > frameBytes
            }
            #expect(encoding, "the temporary video and log appear, and ffmpeg reads frames: \(Export.hidden(in: work)), \(Export.bytesReadByFFmpeg(under: process.processIdentifier)) bytes")
            kill(process.processIdentifier, signal)
            #expect(waitForExit(process, timeout: 8) && process.terminationStatus == status, "signal \(signal): status \(process.terminationStatus)")
            let left = try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
            #expect(left == ["drag.trace"], "signal \(signal) left \(left)")
        }
        // PNG frames: the same status, and only whole frames stay (no SIGPIPE from the handler).
        let frames = work.appendingPathComponent("frames")
        let process = Process()
        process.executableURL = Desktop.touchlight
        process.arguments = ["render", trace, "--out", frames.path + "/", "-q"]
        try process.run()
        eventually { ((try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []).count >= 3 }
        kill(process.processIdentifier, SIGINT)
        #expect(waitForExit(process, timeout: 8) && process.terminationStatus == 130, "PNG frames: status \(process.terminationStatus)")
        let written = try FileManager.default.contentsOfDirectory(atPath: frames.path)
        #expect(written.count >= 3 && written.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }, "\(written.sorted().prefix(5))")
    }

    /// A recording cut short after its header: said so, and the result ends where its frames do.
    @Test func aSourceCutShortIsNamedAndTheResultEndsWithIt() throws {
        let work = try Export.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let trace = try Export.write(Export.drag, in: work)
        let whole = try Export.video(in: work, name: "whole.mp4", filter: "testsrc=s=800x600:r=30:d=6", extra: ["-movflags", "+faststart"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = work.appendingPathComponent("cut.mp4")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        let out = work.appendingPathComponent("over.mp4").path
        // A negative offset, written as a separate argument, is read as a number.
        let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", cut.path, "--offset", "-0.05", "--out", out])
        #expect(status == 0 && output.contains("looks cut short") && output.contains("header says 6.000 s"), "\(output)")
        let duration = Double(try Export.probe(out, "format=duration")["duration"]?.first ?? "") ?? 0
        #expect(duration > 1 && duration < 4.5, "the result is \(duration) s")
    }
}

extension Export {
    /// A drag from (200, 150) at 0.105 s to (300, 150) at 0.505 s with a move every 1/60 s,
    /// each a quarter frame after a frame's time at 60 frames/s (never on it, where rounding
    /// would decide), lifted at 0.6 s.
    static let smoothDrag = "touchlight-trace 4\noutput 800 600 1\n0.105 1 down 200 150\n"
        + (1...24).map { "\(0.105 + Double($0) / 60) 1 move \(200 + 100 * Double($0) / 24) 150\n" }.joined() + "0.6 1 up 300 150\n"

    /// The drag's marker in opaque red (255, 92, 92), alone.
    static let opaqueRedStyle = """
        [marker]
        palette = ["#FF5C5C"]
        fill_opacity = 1.0
        shadow_opacity = 0.0
        [ripple]
        enabled = false
        [gestures]
        show = []
        """

    /// A video made by ffmpeg from a lavfi `filter`, with a sine tone when `audio` names its codec.
    static func video(in directory: URL, name: String, filter: String, audio: [String]? = nil, extra: [String] = []) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let input = ["-f", "lavfi", "-i", filter] + (audio == nil ? [] : ["-f", "lavfi", "-i", "sine=d=3"])
        try Desktop.run("/usr/bin/ffmpeg", ["-v", "error", "-y"] + input + ["-c:v", "libx264", "-pix_fmt", "yuv420p"] + (audio ?? []) + extra + [path])
        return path
    }

    /// ffprobe's `key=value` lines for `entries`, every value of each key in order.
    static func probe(_ path: String, _ entries: String) throws -> [String: [String]] {
        let text = try Desktop.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", entries, "-of", "default=noprint_wrappers=1", path])
        var values: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }
        return values
    }

    /// The Matroska DocType ("webm" or "matroska"), "mov" for QuickTime's brand, else "mp4"
    /// when ffprobe names it among the formats, else ffprobe's names.
    static func container(of path: String) throws -> String {
        let head = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).readData(ofLength: 64)
        for docType in ["webm", "matroska"] where head.range(of: Data(docType.utf8)) != nil { return docType }
        if head.range(of: Data("ftypqt  ".utf8)) != nil { return "mov" }
        let names = try probe(path, "format=format_name")["format_name"]?.first ?? ""
        return names.contains("mp4") ? "mp4" : names
    }

    /// The centre of the red marker (`opaqueRedStyle`) along row `y` of each frame of an
    /// 800-wide video, nil where there is none.
    static func markerCentres(_ path: String, y: Int) throws -> [Double?] {
        let out = path + ".rows.rgb"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try Desktop.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", path, "-vf", "crop=800:2:0:\(y)", "-f", "rawvideo", "-pix_fmt", "rgb24", out])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        return stride(from: 0, to: bytes.count - 4800 + 1, by: 4800).map { row in
            let xs = (0..<800).filter { bytes[row + $0 * 3] > 150 && bytes[row + $0 * 3 + 1] < 130 }
            return xs.count >= 2 ? Double(xs.reduce(0, +)) / Double(xs.count) : nil
        }
    }

    /// The hidden files render keeps beside its output while it works.
    static func hidden(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix(".") }
    }

    /// A file's size in bytes (0 when it is not there).
    static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// How many bytes the ffmpeg that `parent` started has read so far (`rchar` in its
    /// /proc/PID/io), 0 while there is none.
    static func bytesReadByFFmpeg(under parent: Int32) -> Int {
        let children = (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ") {
            let name = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
            guard name.hasPrefix("ffmpeg"), let io = try? String(contentsOfFile: "/proc/\(child)/io", encoding: .utf8) else { continue }
            let read = io.split(separator: "\n").first { $0.hasPrefix("rchar:") }?.split(separator: " ").last
            return read.flatMap { Int($0) } ?? 0
        }
        return 0
    }

    /// Frame `frame` of `track` laid by melt over a green 800×600 clip with `transition`, as
    /// RGBA. MLT 7.12's Qt module (qtblend's) refuses to start without DISPLAY or
    /// WAYLAND_DISPLAY even on Qt's offscreen platform: a display name nothing answers passes
    /// that check, and Qt draws offscreen.
    static func melt(_ track: String, transition: String, frame: Int, in directory: URL) throws -> Frame {
        let out = directory.appendingPathComponent("melt-\(transition).mkv").path
        var environment = ProcessInfo.processInfo.environment
        environment["QT_QPA_PLATFORM"] = "offscreen"
        environment["DISPLAY"] = ":404"
        environment["XDG_RUNTIME_DIR"] = directory.path
        guard let melt = Desktop.which("melt") else { throw Desktop.DesktopError.commandFailed("melt is not installed") }
        // The track's size and rate, as an MLT profile (none of MLT's own is 800×600).
        let profile = directory.appendingPathComponent("800x600-30.profile")
        try "description=800x600 30\nframe_rate_num=30\nframe_rate_den=1\nwidth=800\nheight=600\nprogressive=1\nsample_aspect_num=1\nsample_aspect_den=1\ndisplay_aspect_num=4\ndisplay_aspect_den=3\ncolorspace=709\n"
            .write(to: profile, atomically: true, encoding: .utf8)
        _ = try Desktop.execute(melt, ["-silent", "-profile", profile.path, "color:0x00ff00ff", "out=14", "-track", track, "out=14",
                                       "-transition", transition, "a_track=0", "b_track=1", "in=0", "out=14",
                                       "-consumer", "avformat:\(out)", "vcodec=ffv1", "an=1"], environment: environment)
        return try videoFrame(out, index: frame, width: 800, height: 600, decoder: [])
    }
}
