import Foundation
import Renderer
import Testing
import TestSupport
import TouchCore
import TouchlightConfig
@testable import Stage

/// `render`'s decisions, without ffmpeg: what `--out` names, the exact frame rates, what
/// ffmpeg is asked for, what ffprobe's report says, and the YUV the tracks are made of.
@MainActor @Suite struct ExportRulesTests {
    static func resolve(_ output: String, over: Bool = false, mov: MovCodec? = nil, directories: Set<String> = []) throws(ExportError) -> ExportTarget {
        try ExportTarget.resolve(output: output, over: over, movCodec: mov, isDirectory: directories.contains)
    }

    static func message(_ body: () throws(ExportError) -> ExportTarget) -> String {
        do { return "made \(try body())" } catch { return error.description }
    }

    @Test func extensionsMatchWhateverTheirCase() throws {
        #expect(try Self.resolve("U.WEBM") == .track(.webm))
        #expect(try Self.resolve("talk.Mov") == .track(.mov(.prores)))
        #expect(try Self.resolve("talk.mov", mov: .qtrle) == .track(.mov(.qtrle)))
        #expect(try Self.resolve("with.MKV", over: true) == .composite(.mkv))
        #expect(try Self.resolve("with.webm", over: true) == .composite(.webm))
    }

    @Test func framesGoToADirectoryOnlyWhenOneIsNamed() throws {
        #expect(try Self.resolve("frames/") == .frames(directory: "frames"))
        #expect(try Self.resolve("existing", directories: ["existing"]) == .frames(directory: "existing"))
        #expect(try Self.resolve("x.webm/") == .frames(directory: "x.webm"))
        let bare = Self.message { () throws(ExportError) in try Self.resolve("frames") }
        #expect(bare.contains("end it with /") && bare.contains("frames/"), "\(bare)")
    }

    @Test func unknownExtensionsAreRefusedNamingTheKnownOnes() {
        for name in ["u.avi", "u.txt", "u.png", "u.gif"] {
            let said = Self.message { () throws(ExportError) in try Self.resolve(name) }
            #expect(said.contains("is not an output") && said.contains("FILE.webm") && said.contains("DIR/"), "\(name): \(said)")
        }
        let mp4 = Self.message { () throws(ExportError) in try Self.resolve("u.MP4") }
        #expect(mp4.contains("no alpha") && mp4.contains("--over"), "\(mp4)")
        let over = Self.message { () throws(ExportError) in try Self.resolve("u.avi", over: true) }
        #expect(over.contains(".mp4, .mkv, .mov, .webm") && over.contains("a .avi file"), "\(over)")
        let codec = Self.message { () throws(ExportError) in try Self.resolve("u.webm", mov: .qtrle) }
        #expect(codec.contains("--mov-codec qtrle is for a touch track written as FILE.mov"), "\(codec)")
    }

    @Test func aDirectoryWithAVideosNameIsRefusedBeforeAnythingIsDrawn() {
        let said = Self.message { () throws(ExportError) in try Self.resolve("x.webm", directories: ["x.webm"]) }
        #expect(said.contains("is an existing directory") && said.contains("x.webm/ writes PNG frames"), "\(said)")
        let over = Self.message { () throws(ExportError) in try Self.resolve("o.MP4", over: true, directories: ["o.MP4"]) }
        #expect(over.contains("is an existing directory"), "\(over)")
    }

    @Test func frameRatesStayExact() throws {
        let ntsc = try #require(FrameRate("60000/1001"))
        #expect(ntsc.description == "60000/1001" && ntsc.readable == "59.94")
        #expect(FrameRate("59.94") == ntsc && FrameRate("29.97")?.description == "30000/1001")
        #expect(FrameRate("23.976")?.description == "24000/1001")
        #expect(FrameRate("60")?.description == "60" && FrameRate("12.5")?.description == "25/2")
        #expect(FrameRate("0/0") == nil && FrameRate("-5") == nil && FrameRate("abc") == nil && FrameRate("1/0") == nil)
        // 10 s at 59.94 starts 600 frames (the last at 9.993 s); 10 s at 30 is exactly 300.
        #expect(ntsc.frames(in: 10) == 600 && FrameRate.standard.frames(in: 0.5) == 30 && FrameRate("30")!.frames(in: 10) == 300)
    }

    @Test func aTrackIsRealtimeVP9InBT709WithItsColourTagged() {
        let webm = VideoEncoding.track(.webm, width: 800, height: 600, rate: FrameRate("30000/1001")!, threads: 2)
        #expect(webm.pixels == .yuva420p(.bt709))
        let arguments = webm.arguments(writingTo: "/tmp/.x.webm.1.tmp")
        #expect(arguments.last == "/tmp/.x.webm.1.tmp" && Self.value(after: "-f", in: arguments, last: true) == "webm")
        #expect(Self.value(after: "-framerate", in: arguments) == "30000/1001" && Self.value(after: "-deadline", in: arguments) == "realtime")
        for (option, tag) in [("-colorspace", "bt709"), ("-color_primaries", "bt709"), ("-color_trc", "bt709")] {
            #expect(Self.value(after: option, in: arguments, last: true) == tag, "\(option)")
        }
        let prores = VideoEncoding.track(.mov(.prores), width: 8, height: 8, rate: .standard, threads: 2).arguments(writingTo: "o")
        #expect(prores.contains("prores_ks") && prores.contains("yuva444p10le") && prores.contains { $0.contains("out_color_matrix=bt709") })
        let qtrle = VideoEncoding.track(.mov(.qtrle), width: 8, height: 8, rate: .standard, threads: 2)
        #expect(qtrle.pixels == .rgba && qtrle.arguments(writingTo: "o").contains("argb") && qtrle.arguments(writingTo: "o").contains("mov"))
    }

    static let screen = try! VideoInfo(ffprobeJSON: """
        {"streams": [{"codec_type": "video", "codec_name": "h264", "width": 1920, "height": 1080, "r_frame_rate": "60000/1001",
                      "avg_frame_rate": "60000/1001", "start_time": "0.033000", "color_space": "unknown"},
                     {"codec_type": "audio", "codec_name": "pcm_s16le", "r_frame_rate": "0/0"}],
         "format": {"duration": "10.010000", "tags": {"creation_time": "2026-11-23T10:00:00.500000Z"}}}
        """, path: "screen.mkv")

    @Test func ffprobesReportIsRead() throws {
        let info = Self.screen
        #expect(info.width == 1920 && info.height == 1080 && info.frameRate.description == "60000/1001" && info.hasSteadyRate)
        #expect(info.startTime == 0.033 && info.duration == 10.01 && info.audioCodec == "pcm_s16le")
        #expect(info.colourSpace == nil && info.matrix == .bt709)
        #expect(info.creationTime == WallClockTime(rfc3339: "2026-11-23T10:00:00.5Z"))
        #expect(throws: ExportError.self) { try VideoInfo(ffprobeJSON: #"{"streams": [{"codec_type": "audio"}], "format": {}}"#, path: "a.ogg") }
        #expect(throws: ExportError.self) { try VideoInfo(ffprobeJSON: "not json", path: "x") }
        let sd = try VideoInfo(ffprobeJSON: #"{"streams": [{"codec_type": "video", "width": 640, "height": 480, "r_frame_rate": "30/1"}]}"#, path: "sd")
        #expect(sd.matrix == .bt601 && sd.duration == nil)
    }

    @Test func theCompositeFollowsTheOutputsContainerAndKeepsTheSourcesClockAndAudio() {
        let mkv = VideoEncoding.composite(.mkv, video: "in.mkv", info: Self.screen, atFrame: 92, rate: Self.screen.frameRate, pastTheEnd: false, threads: 2)
        let arguments = mkv.arguments(writingTo: "/tmp/.o.mkv.7.tmp")
        #expect(Self.value(after: "-f", in: arguments, last: true) == "matroska" && Self.value(after: "-c:a", in: arguments) == "copy")
        let filter = Self.value(after: "-filter_complex", in: arguments) ?? ""
        #expect(filter.contains("[0:v]fps=60000/1001") && filter.contains("setpts=PTS-STARTPTS+92[") && filter.contains("eof_action=pass"), "\(filter)")
        #expect(mkv.pixels == .yuva420p(.bt709) && Self.value(after: "-colorspace", in: arguments, last: true) == "bt709")
        let mp4 = VideoEncoding.composite(.mp4, video: "in.mkv", info: Self.screen, atFrame: 0, rate: .standard, pastTheEnd: true, threads: 2)
        let mp4Arguments = mp4.arguments(writingTo: "o")
        #expect(Self.value(after: "-f", in: mp4Arguments, last: true) == "mp4" && Self.value(after: "-c:a", in: mp4Arguments) == "aac")
        #expect(Self.value(after: "-filter_complex", in: mp4Arguments)?.contains("eof_action=repeat") == true)
        #expect(VideoEncoding.audio("vorbis", in: .webm) == ["-c:a", "copy"] && VideoEncoding.audio("aac", in: .webm).contains("libopus"))
        #expect(VideoEncoding.audio(nil, in: .mp4).isEmpty && VideoEncoding.audio("pcm_s16le", in: .mov) == ["-c:a", "copy"])
        #expect(VideoEncoding.seconds(-0.25) == "-0.250" && VideoEncoding.seconds(12) == "12.000")
    }

    @Test func aVaryingRateIsBroughtToASteadyOne() throws {
        var info = Self.screen
        info.frameRate = FrameRate("30")!
        info.averageRate = FrameRate("80000000/3766667")
        let (rate, note) = SourceVideo.rate(requested: nil, of: info)
        #expect(rate.description == "30" && note?.contains("varies") == true)
        info.frameRate = FrameRate("1/2")!  // six frames in ten seconds
        #expect(SourceVideo.rate(requested: nil, of: info).0 == .standard)
        #expect(SourceVideo.rate(requested: FrameRate("25"), of: info).0.description == "25")
        #expect(SourceVideo.rate(requested: nil, of: Self.screen) == (Self.screen.frameRate, nil))
    }

    /// A red marker's colour (255, 92, 92) converted here and back with BT.709's inverse lands
    /// within 3 of itself, where BT.601 would not; chroma is the alpha-weighted mean, so a
    /// block half covered by an opaque colour has that colour's chroma.
    @Test func yuvaIsBT709LimitedRangeAndChromaIgnoresTransparency() {
        let canvas = Canvas(width: 4, height: 2)
        let red: UInt32 = 0xFF_FF_5C_5C
        for y in 0..<2 { for x in 0..<2 { canvas.pixels.storeBytes(of: red, toByteOffset: y * canvas.stride + x * 4, as: UInt32.self) } }
        canvas.pixels.storeBytes(of: red, toByteOffset: 2 * 4, as: UInt32.self)  // one pixel of the second block
        let frame = YUVAFrame(width: 4, height: 2, matrix: .bt709)
        frame.update(from: canvas, damage: nil)
        let y = Double(frame.bytes[0]), u = Double(frame.bytes[8]), v = Double(frame.bytes[10])
        // BT.709's inverse, limited range.
        let yy = (y - 16) * 255 / 219, uu = (u - 128) * 255 / 224, vv = (v - 128) * 255 / 224
        let r = yy + 1.5748 * vv, g = yy - 0.1873 * uu - 0.4681 * vv, b = yy + 1.8556 * uu
        #expect(abs(r - 255) <= 3 && abs(g - 92) <= 3 && abs(b - 92) <= 3, "\(r), \(g), \(b)")
        #expect(frame.bytes[8 + 1] == frame.bytes[8] && frame.bytes[10 + 1] == frame.bytes[10], "the quarter-covered block has red's chroma")
        #expect(frame.bytes[3] == 16 && frame.bytes[12 + 3] == 0 && frame.bytes[12 + 2] == 255, "transparent: black luma, alpha 0")
    }

    /// Converting only the damage gives the frame a full conversion gives, also when the frame
    /// alternates between two buffers (each a frame behind the other).
    @Test(arguments: [false, true])
    func damageOnlyConversionEqualsAFullOne(alternating: Bool) {
        let trace = try! TouchTrace(text: RenderTraces.drag)
        let geometry = RenderGeometry(trace: trace, width: 321, height: 241)  // odd sizes: partial chroma blocks
        let renderer = TraceRenderer(trace: trace, configuration: Configuration(), geometry: geometry, framesPerSecond: 60)
        let incremental = YUVAFrame(width: 321, height: 241, matrix: .bt709, alternating: alternating)
        var checked = 0
        while !renderer.isFinished {
            let damage = renderer.renderNextFrame()
            incremental.update(from: renderer.canvas, damage: damage)  // frame 0 too: its damage is all it drew
            guard renderer.frameCount % 5 == 0 || renderer.frameCount % 5 == 1 else { continue }
            let full = YUVAFrame(width: 321, height: 241, matrix: .bt709)
            full.update(from: renderer.canvas, damage: nil)
            #expect(full.bytes == incremental.bytes, "frame \(renderer.frameCount)")
            checked += 1
        }
        #expect(checked > 5)
    }

    /// The progress bar's total is a bound found by arithmetic before the render (nothing is
    /// played): never less than the frames the render makes, and at most the fade's length more.
    @Test func theFrameBoundHoldsTheRender() throws {
        // Two fingers pinch and lift; a third stays down and is never lifted, so it goes stale.
        let pinch = "touchlight-trace 4\noutput 800 600 1\n0.1 1 down 300 300\n0.1 2 down 500 300\n0.1 3 down 100 100\n"
            + (1...20).map { "\(0.1 + Double($0) / 60) 1 move \(300 - 4 * $0) 300\n\(0.1 + Double($0) / 60) 2 move \(500 + 4 * $0) 300\n" }.joined()
            + "0.5 1 up 220 300\n0.5 2 up 580 300\n"
        for text in [RenderTraces.drag, pinch] {
            let trace = try TouchTrace(text: text)
            let make = { TraceRenderer(trace: trace, configuration: Configuration(), geometry: RenderGeometry(trace: trace, scale: 0.5), framesPerSecond: 30) }
            let rendered = make()
            while !rendered.isFinished { rendered.renderNextFrame() }
            let bound = make().frameBound
            // At most the stale timeout (5 s) and the tail allowance (5 s) more than the touches need.
            #expect(bound >= rendered.frameCount && bound <= rendered.frameCount + 30 * 11, "bound \(bound), rendered \(rendered.frameCount)")
        }
        let line = RenderProgress(total: 300).line(done: 120, elapsed: 2)
        #expect(line == "[#########···············] 120/300 frames  60.0 frames/s  ETA 0:03\u{1B}[K")
        #expect(RenderProgress(total: 10).line(done: 0, elapsed: 0).hasSuffix("ETA --:--\u{1B}[K"))
        #expect(RenderProgress.clock(3725) == "1:02:05")
    }

    /// The value after an option: its first occurrence, or its last (output options follow
    /// the input's).
    static func value(after option: String, in arguments: [String], last: Bool = false) -> String? {
        let index = last ? arguments.lastIndex(of: option) : arguments.firstIndex(of: option)
        return index.flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
}
