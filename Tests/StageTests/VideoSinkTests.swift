import Foundation
import Renderer
import Testing
import TestSupport
import TouchCore
import TouchlightConfig
@testable import Stage

/// The frames `VideoSink` hands ffmpeg, caught by a stand-in that keeps its standard input:
/// 1080p YUVA frames go by `vmsplice` from two alternating buffers, and what the reader gets
/// must be each frame exactly, even when it reads late.
@MainActor @Suite struct VideoSinkTests {
    @Test func splicedFramesArriveWholeAndInOrder() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("touchlight-sink-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        // Reads slowly (64 KiB a millisecond), so the pipe stays full and the writer is always
        // ahead: a buffer reused too soon would be read after it changed. perl is Debian's
        // perl-base, on every system.
        let standIn = work.appendingPathComponent("ffmpeg")
        try writeExecutable("""
            #!/usr/bin/perl
            open(my $out, '>', $ARGV[-1]) or die; binmode STDIN; binmode $out;
            while (read(STDIN, my $bytes, 65536)) { print $out $bytes; select(undef, undef, undef, 0.001) }
            close($out) or die;
            """, to: standIn.path)

        // A drag along the bottom: the end of each frame's bytes (the alpha plane's last rows,
        // the last the pipe holds when the next frame is made) changes every frame.
        let trace = try TouchTrace(text: "touchlight-trace 4\noutput 800 600 1\n0.01 1 down 100 590\n"
            + (1...12).map { "\(0.01 + Double($0) / 30) 1 move \(100 + 40 * $0) 590\n" }.joined() + "0.5 1 up 580 590\n")
        let geometry = RenderGeometry(trace: trace, width: 1920, height: 1080)
        let renderer = TraceRenderer(trace: trace, configuration: Configuration(), geometry: geometry, framesPerSecond: 30)
        let encoding = VideoEncoding.track(.webm, width: 1920, height: 1080, rate: FrameRate("30")!, threads: 1)
        let output = work.appendingPathComponent("track.webm").path
        let sink = try VideoSink(encoding, width: 1920, height: 1080, output: output, ffmpeg: standIn.path, isInterrupted: { false })
        var expected: [[UInt8]] = []
        while renderer.frameCount < 8 {
            let damage = renderer.renderNextFrame()
            #expect(try sink.write(renderer.canvas, damage: damage, index: renderer.frameCount - 1))
            let whole = YUVAFrame(width: 1920, height: 1080, matrix: .bt709)
            whole.update(from: renderer.canvas, damage: nil)
            expected.append(whole.bytes)
        }
        #expect(try sink.finish() == output)
        let received = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        let size = expected[0].count
        #expect(received.count == size * expected.count, "\(received.count) bytes for \(expected.count) frames of \(size)")
        for (index, frame) in expected.enumerated() where received.count >= (index + 1) * size {
            let same = received[(index * size)..<((index + 1) * size)].elementsEqual(frame)
            #expect(same, "frame \(index) differs from what was made")
        }
        let tail = size - (1 << 20)
        let tailsDiffer = !expected[5][tail...].elementsEqual(expected[6][tail...])
        #expect(tailsDiffer, "the frames' last MiB differs, so a reused buffer would show")
    }
}
