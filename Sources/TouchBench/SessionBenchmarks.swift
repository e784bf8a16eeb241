import Annotation
import Foundation
import SafeFiles
import Stage
import TouchCore
import Visualizer

/// Saved sessions: the copy taken on the loop, the encoding and the atomic write (with fsync)
/// that a worker does, and reading it back at start. Two drawings: 10 pages of dense ink (each
/// page 200 strokes of 60 samples: a heavily annotated whiteboard), and issue 56's 50,000
/// strokes of 20 samples on one page (21 MB), the one a SIGTERM lost. The encoding is timed
/// beside Foundation's JSONEncoder writing the same document (the encoder before issue 56).
@MainActor
enum SessionBenchmarks {
    static func run() {
        measure(pages: 10, strokesPerPage: 200, samplesPerStroke: 60, runs: 9)
        print()
        measure(pages: 1, strokesPerPage: 50_000, samplesPerStroke: 20, runs: 5)
    }

    static func measure(pages: Int, strokesPerPage: Int, samplesPerStroke: Int, runs: Int) {
        print("Saved session: \(pages) pages × \(strokesPerPage) strokes × \(samplesPerStroke) samples (median of \(runs))")
        let red = Color(hex: "#E53935FF")!
        let documents = (0..<pages).map { page -> InkDocument in
            let document = InkDocument()
            document.restore((0..<strokesPerPage).map { index in stroke(index, page: page, samples: samplesPerStroke, color: red) })
            return document
        }
        var session = InkSession()
        let copy = medianNanoseconds(iterations: 1) {
            session = InkSession(settings: [], outputs: ["eDP-1": documents.map(\.strokes)])
        }
        var bytes: [UInt8] = []
        let encode = medianNanoseconds(runs: runs, iterations: 1) { bytes = (try? session.encoded()) ?? [] }
        var foundation = Data()
        let baseline = medianNanoseconds(runs: runs, iterations: 1) { foundation = (try? JSONEncoder().encode(FoundationMirror(session))) ?? Data() }
        let directory = NSTemporaryDirectory() + "touchlight-session-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/session.json"
        let write = medianNanoseconds(runs: runs, iterations: 1) { try? SafeFiles.writeAtomically(bytes, to: path) }
        let read = medianNanoseconds(runs: runs, iterations: 1) { _ = try? SessionStore.open(path) }
        report("the copy on the loop (every page's strokes)", copy)
        report("encoding, off the loop (SessionWriter)", encode)
        report("  the same with Foundation's JSONEncoder (before)", baseline)
        report("the atomic write with fsync, off the loop", write)
        report("reading and checking it at start", read)
        print("file: \(SafeFiles.describe(bytes: bytes.count)) for \(pages * strokesPerPage) strokes (JSONEncoder's: \(SafeFiles.describe(bytes: foundation.count)))")
    }

    /// A wave across the page, its samples at uneven fractions (as a finger's are).
    static func stroke(_ index: Int, page: Int, samples: Int, color: Color) -> Stroke {
        let points: [InkSample] = (0..<samples).map { step in
            let x: Double = Double(step) * 12.5 + Double(page) + Double(index % 97) * 0.173
            let y: Double = Double(index * 5 % 1080) + sine(Double(step) / 4) * 20
            return InkSample(Point(x: x, y: y), width: 4 + Double(step % 3) * 0.37)
        }
        return Stroke(id: index + 1, tool: index % 5 == 0 ? .highlighter : .pen, color: color, samples: points)
    }

    /// The session as JSONEncoder wrote it before issue 56, for the baseline.
    struct FoundationMirror: Encodable {
        struct Output: Encodable { var name: String; var pages: [[Item]] }
        struct Item: Encodable { var tool: String; var color: String; var samples: [Double]; var angle: Double? }
        var format = InkSession.format
        var version = InkSession.version
        var settings: [[String]]
        var outputs: [Output]

        init(_ session: InkSession) {
            settings = session.settings.map { [$0.name, $0.value] }
            outputs = session.outputs.sorted { $0.key < $1.key }.map { name, pages in
                Output(name: name, pages: pages.map { $0.map { stroke in
                    Item(tool: stroke.tool.rawValue, color: stroke.color.hex, samples: stroke.samples.flatMap { [$0.point.x, $0.point.y, $0.width] },
                         angle: stroke.angle == 0 ? nil : stroke.angle)
                } })
            }
        }
    }
}
