import Foundation
import Testing
import TestSupport
import TouchCore

/// `touchlight render` with the real ffmpeg: PNG frames, alpha tracks read back by ffmpeg's own
/// decoders, and the touches laid over a video at the right time.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Export.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Export.missingPrerequisite ?? "")"))
    struct ExportTests {
        @Test func pngFramesAreTheSameEveryTime() throws {
            let work = try Export.workDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let trace = try Export.write(Export.drag, in: work)
            for name in ["a", "b"] {
                let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--out", work.appendingPathComponent(name).path + "/"])
                #expect(status == 0, "\(output)")
            }
            let a = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("a").path).sorted()
            let b = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("b").path).sorted()
            #expect(a == b && a.count > 40 && a.first == "frame-000000.png", "\(a.count) and \(b.count) frames")
            for name in a {
                let x = try Data(contentsOf: work.appendingPathComponent("a/\(name)")), y = try Data(contentsOf: work.appendingPathComponent("b/\(name)"))
                #expect(x == y, "\(name) differs")
            }
            // Frame 6 (0.1 s at 60 frames/s) has the marker, with alpha, on transparency.
            let frame = try Export.decode(work.appendingPathComponent("a/frame-000006.png").path, width: 800, height: 600)
            #expect(frame.alpha(200, 150) > 0 && frame.alpha(600, 450) == 0)
        }

        /// A marker fill at 50% opacity, alone, decodes from the WebM (libvpx's decoder, which
        /// reads VP9's alpha) and from the ProRes MOV with alpha ≈ 128: premultiplied pixels were
        /// made straight before encoding.
        @Test(arguments: ["track.webm", "track.mov"])
        func halfOpaqueMarkersKeepTheirAlpha(file: String) throws {
            let work = try Export.workDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let trace = try Export.write(Export.drag, in: work)
            let config = work.appendingPathComponent("config.toml")
            try Export.halfOpaqueStyle.write(to: config, atomically: true, encoding: .utf8)
            let out = work.appendingPathComponent(file).path
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--out", out, "--config", config.path])
            #expect(status == 0, "\(output)")
            let decoder = file.hasSuffix(".webm") ? ["-c:v", "libvpx-vp9"] : []
            let frame = try Export.videoFrame(out, index: 8, width: 800, height: 600, decoder: decoder)
            let alpha = Int(frame.alpha(200, 150))
            #expect(abs(alpha - 128) <= 6, "alpha \(alpha) at the marker's centre")
            #expect(frame.alpha(600, 450) <= 2, "transparent elsewhere: \(frame.alpha(600, 450))")
            let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".") }
            #expect(left.isEmpty, "no temporary files left: \(left)")
        }

        /// `--over` with `--offset 1`: the marker appears 1.1 s into the video (the touch is at
        /// 0.1 s), within two frames, and the video keeps its length.
        @Test func touchesGoOverAVideoAtTheOffset() throws {
            let work = try Export.workDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let trace = try Export.write(Export.drag, in: work)
            let video = try Export.blackVideo(in: work, seconds: 3, creationTime: nil)
            let out = work.appendingPathComponent("over.mp4").path
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", video, "--offset", "1", "--out", out])
            #expect(status == 0, "\(output)")
            let first = try Export.firstFrameWithMarker(out)
            #expect(first.map { abs($0 - 33) <= 2 } == true, "first marker frame \(String(describing: first)), expected 33")
            let duration = Double(try Export.probe(out, "format=duration")["duration"]?.first ?? "") ?? 0
            #expect(abs(duration - 3) < 0.2, "duration \(duration)")
        }

        /// No --offset: the trace's start line and the video's creation_time say where it goes.
        @Test func touchesGoOverAVideoWhereTheClocksSay() throws {
            let work = try Export.workDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let trace = try Export.write(Export.drag.replacingOccurrences(of: "output 800 600 1\n", with: "output 800 600 1\nstart 2026-11-23T10:00:00.500Z\n"), in: work)
            let video = try Export.blackVideo(in: work, seconds: 2, creationTime: "2026-11-23T10:00:00Z")
            let out = work.appendingPathComponent("over.mkv").path
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", video, "--out", out])
            #expect(status == 0, "\(output)")
            #expect(output.contains("aligned by the clock"), "\(output)")
            let first = try Export.firstFrameWithMarker(out)
            #expect(first.map { abs($0 - 18) <= 2 } == true, "first marker frame \(String(describing: first)), expected 18 (0.6 s)")
        }

        @Test func withoutFFmpegTheMessageNamesThePackageAndNothingIsLeft() throws {
            let work = try Export.workDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let trace = try Export.write(Export.drag, in: work)
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--out", work.appendingPathComponent("t.webm").path],
                                                    environment: ["PATH": "/nonexistent"])
            #expect(status == 1)
            #expect(output.contains("ffmpeg is not installed") && output.contains("sudo apt install ffmpeg"), "\(output)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["drag.trace"])
        }

        @Test func aVideoFFmpegCannotReadIsRefusedPlainly() throws {
            let work = try Export.workDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let trace = try Export.write(Export.drag, in: work)
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, ["render", trace, "--over", trace, "--out", work.appendingPathComponent("o.mp4").path])
            #expect(status == 1 && output.contains("cannot read the video"), "\(output)")
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("o.mp4").path))
        }
    }
}

/// Helpers for the export tests.
enum Export {
    static var missingPrerequisite: String? {
        for tool in ["ffmpeg", "ffprobe"] where Desktop.which(tool) == nil { return "\(tool) is not installed (scripts/install-deps test installs ffmpeg)" }
        return nil
    }

    /// The drag of TraceRendererTests: down at (200, 150) at 0.1 s, lifted at (300, 150) at 0.6 s.
    static let drag = RenderTraces.drag

    /// The marker's fill alone, at half opacity.
    static let halfOpaqueStyle = """
        [marker]
        fill_opacity = 0.5
        shadow_opacity = 0.0
        [ripple]
        enabled = false
        [gestures]
        show = []
        """

    static func workDirectory() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-export-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ trace: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("drag.trace")
        try trace.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A black 800×600 H.264 video at 30 frames/s, with a creation_time tag when given.
    static func blackVideo(in directory: URL, seconds: Int, creationTime: String?) throws -> String {
        try video(in: directory, name: "screen.mp4", filter: "color=c=black:s=800x600:r=30:d=\(seconds)",
                  extra: creationTime.map { ["-metadata", "creation_time=\($0)"] } ?? [])
    }

    struct Frame {
        let width: Int
        let rgba: [UInt8]
        func alpha(_ x: Int, _ y: Int) -> UInt8 { rgba[(y * width + x) * 4 + 3] }
        func red(_ x: Int, _ y: Int) -> UInt8 { rgba[(y * width + x) * 4] }
        func green(_ x: Int, _ y: Int) -> UInt8 { rgba[(y * width + x) * 4 + 1] }
        func blue(_ x: Int, _ y: Int) -> UInt8 { rgba[(y * width + x) * 4 + 2] }
    }

    /// An image file as RGBA, through ffmpeg.
    static func decode(_ path: String, width: Int, height: Int) throws -> Frame {
        try videoFrame(path, index: 0, width: width, height: height, decoder: [])
    }

    /// Frame `index` of a video as RGBA, through ffmpeg (`decoder`: input options, such as
    /// libvpx's decoder, the one that reads VP9's alpha).
    static func videoFrame(_ path: String, index: Int, width: Int, height: Int, decoder: [String], filter: String? = nil) throws -> Frame {
        let out = path + ".frame.rgba"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let select = "select=eq(n\\,\(index))" + (filter.map { ",\($0)" } ?? "")
        try Desktop.run("/usr/bin/ffmpeg", ["-v", "error", "-y"] + decoder + ["-i", path, "-vf", select, "-frames:v", "1",
                                                                          "-f", "rawvideo", "-pix_fmt", "rgba", out])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        guard bytes.count == width * height * 4 else { throw Desktop.DesktopError.commandFailed("\(path): \(bytes.count) bytes for frame \(index)") }
        return Frame(width: width, rgba: bytes)
    }

    /// The index of the first frame of an 800×600 video whose pixel at (200, 150), the drag's
    /// start, is no longer black; nil if none is.
    static func firstFrameWithMarker(_ path: String) throws -> Int? {
        let out = path + ".frames.rgb"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try Desktop.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", path, "-vf", "crop=2:2:200:150", "-f", "rawvideo", "-pix_fmt", "rgb24", out])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        // 2×2 pixels a frame (yuv420p cannot be cropped to one), 3 bytes each: the first is (200, 150).
        return stride(from: 0, to: bytes.count - 11, by: 12).first { bytes[$0 + 2] > 60 }.map { $0 / 12 }
    }
}

extension EndToEnd.ExportTests {
    /// `record --no-overlay` from a libinput-shaped replay: no compositor, the touchscreen
    /// path's filter and mapping, a trace with the chosen size and a start line.
    @Test func recordingWithoutAnOverlayFromALibinputReplay() throws {
        let work = try Export.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let fixture = Desktop.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/touchscreen-and-keyboard.libinput-trace").path
        let out = work.appendingPathComponent("touches.trace").path
        let process = Process()
        process.executableURL = Desktop.touchlight
        process.arguments = ["record", out, "--no-overlay", "--replay", fixture, "--output-size", "1000x500", "--verbose"]
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        process.environment = environment
        let log = work.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        #expect(eventually { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("libinput replay finished") })
        process.terminate()
        #expect(waitForExit(process, timeout: 5) && process.terminationStatus == 0)
        let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let trace = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let lines = trace.split(separator: "\n")
        #expect(lines.prefix(2) == ["touchlight-trace \(TouchTrace.formatVersion)", "output 1000 500 1"], "\(trace)\n\(stderr)")
        #expect(lines.dropFirst(2).first?.hasPrefix("start 20") == true, "\(trace)")
        // The fixture's touchscreen goes down at 0.25, 0.5 of the panel; its keyboard is refused.
        #expect(lines.contains { $0.hasSuffix("down 250.0 250.0") }, "\(trace)")
        #expect(stderr.contains("refused AT-Translated-Keyboard"), "\(stderr)")
    }
}
