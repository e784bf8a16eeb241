import Annotation
import Foundation
import SafeFiles
import Stage
import TouchCore
import Visualizer

/// A saved session of 10 pages of dense ink (each page 200 strokes of 60 samples: a heavily
/// annotated whiteboard): the copy taken on the loop, the encoding and the atomic write (with
/// fsync) that a worker does, and reading it back at start. Medians of 9.
@MainActor
enum SessionBenchmarks {
    static func run(pages: Int = 10, strokesPerPage: Int = 200, samplesPerStroke: Int = 60) {
        print("Saved session: \(pages) pages × \(strokesPerPage) strokes × \(samplesPerStroke) samples (median of 9)")
        let red = Color(hex: "#E53935FF")!
        let documents = (0..<pages).map { page -> InkDocument in
            let strokes = (0..<strokesPerPage).map { index in
                Stroke(id: index + 1, tool: index % 5 == 0 ? .highlighter : .pen, color: red, samples: (0..<samplesPerStroke).map { step in
                    InkSample(Point(x: Double(step) * 12.5 + Double(page), y: Double(index * 5 % 1080) + sine(Double(step) / 4) * 20), width: 4 + Double(step % 3))
                })
            }
            let document = InkDocument()
            document.restore(strokes)
            return document
        }
        var session = InkSession()
        let copy = medianNanoseconds(iterations: 1) {
            session = InkSession(settings: [], outputs: ["eDP-1": documents.map(\.strokes)])
        }
        var bytes: [UInt8] = []
        let encode = medianNanoseconds(iterations: 1) { bytes = (try? session.encoded()) ?? [] }
        let directory = NSTemporaryDirectory() + "touchlight-session-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/session.json"
        let write = medianNanoseconds(iterations: 1) { try? SafeFiles.writeAtomically(bytes, to: path) }
        let read = medianNanoseconds(iterations: 1) { _ = try? SessionStore.open(path) }
        report("the copy on the loop (every page's strokes)", copy)
        report("encoding, off the loop", encode)
        report("the atomic write with fsync, off the loop", write)
        report("reading and checking it at start", read)
        print("file: \(SafeFiles.describe(bytes: bytes.count)) for \(pages * strokesPerPage) strokes")
    }
}
