import Foundation
import Testing
import TouchCore

/// The gesture fixtures under `Fixtures/gestures/`, written from a script each. Every gesture
/// comes twice: `NAME-clean.trace` (exact positions, fingers lifting together) and
/// `NAME-real.trace` (a few pixels of jitter, fingers lifting a few ms apart).
///
/// The files are checked in so people and other tools can read them; the test below checks
/// that they are exactly what these scripts write. After changing a script, rewrite them with
/// `scripts/generate-gesture-traces`.
enum GestureFixtures {
    typealias Path = TraceScript.Path

    static let scripts: [(name: String, write: @Sendable (inout TraceScript) -> Void)] = [
        ("double-tap", { s in
            s.fingers(at: 0.1, for: 0.06, [.still(p(400, 300))])
            s.fingers(at: 0.3, for: 0.06, [.still(p(403, 302))])
        }),
        ("edge-pan", { $0.fingers(at: 0.1, for: 0.7, [.line(from: p(3, 300), to: p(250, 310))]) }),
        ("long-press", { $0.fingers(at: 0.1, for: 0.8, [.still(p(400, 300))]) }),
        ("pan", { $0.fingers(at: 0.1, for: 1.0, [.line(from: p(200, 300), to: p(600, 320))]) }),
        ("pinch-in", { $0.fingers(at: 0.1, for: 0.6, [.line(from: p(250, 300), to: p(350, 300)),
                                                       .line(from: p(550, 300), to: p(450, 300))]) }),
        ("pinch-out", { $0.fingers(at: 0.1, for: 0.6, [.line(from: p(350, 300), to: p(250, 300)),
                                                        .line(from: p(450, 300), to: p(550, 300))]) }),
        ("rotate", { $0.fingers(at: 0.1, for: 0.6, [.arc(center: p(400, 300), radius: 120, from: .pi, to: .pi * 1.5),
                                                     .arc(center: p(400, 300), radius: 120, from: 0, to: .pi * 0.5)]) }),
        ("swipe-left", { $0.fingers(at: 0.1, for: 0.12, [.line(from: p(500, 300), to: p(320, 306))]) }),
        ("swipe-up", { $0.fingers(at: 0.1, for: 0.12, [.line(from: p(400, 450), to: p(404, 260))]) }),
        ("tap", { $0.fingers(at: 0.1, for: 0.06, [.still(p(400, 300))]) }),
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/gestures")

    /// Every fixture's file name and text. Each gesture has its own seed, so editing one
    /// script leaves the others' files as they are.
    static var files: [(name: String, text: String)] {
        scripts.enumerated().flatMap { seed, entry in
            [false, true].map { realistic in
                var script = TraceScript(outputSize: Size(width: 800, height: 600), realistic: realistic, seed: UInt64(seed))
                entry.write(&script)
                return ("\(entry.name)-\(realistic ? "real" : "clean").trace", script.trace.text)
            }
        }
    }

    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
}

@Suite struct GestureFixtureFileTests {
    /// Fails when a fixture file differs from its script. With TOUCHLIGHT_WRITE_FIXTURES=1 (as
    /// `scripts/generate-gesture-traces` sets it) it writes the files first.
    @Test func fixtureFilesAreWhatTheirScriptsWrite() throws {
        let files = GestureFixtures.files
        if ProcessInfo.processInfo.environment["TOUCHLIGHT_WRITE_FIXTURES"] == "1" {
            try FileManager.default.createDirectory(at: GestureFixtures.directory, withIntermediateDirectories: true)
            for file in files {
                try file.text.write(to: GestureFixtures.directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
            }
        }
        for file in files {
            let onDisk = try? String(contentsOf: GestureFixtures.directory.appendingPathComponent(file.name), encoding: .utf8)
            #expect(onDisk == file.text, "\(file.name) differs from its script: run scripts/generate-gesture-traces")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: GestureFixtures.directory.path).filter { $0.hasSuffix(".trace") }
        #expect(Set(names) == Set(files.map(\.name)), "every fixture file comes from a script, and every script has its files")
    }

    @Test func scriptsAreDeterministicAndRealisticOnesJitter() {
        var a = TraceScript(outputSize: Size(width: 100, height: 100), realistic: true, seed: 7)
        var b = TraceScript(outputSize: Size(width: 100, height: 100), realistic: true, seed: 7)
        var clean = TraceScript(outputSize: Size(width: 100, height: 100), realistic: false, seed: 7)
        for _ in 0..<2 {
            a.fingers(at: 0.1, for: 0.5, [.still(Point(x: 50, y: 50)), .line(from: Point(x: 10, y: 10), to: Point(x: 90, y: 10))])
            b.fingers(at: 0.1, for: 0.5, [.still(Point(x: 50, y: 50)), .line(from: Point(x: 10, y: 10), to: Point(x: 90, y: 10))])
            clean.fingers(at: 0.1, for: 0.5, [.still(Point(x: 50, y: 50)), .line(from: Point(x: 10, y: 10), to: Point(x: 90, y: 10))])
        }
        #expect(a.trace == b.trace, "the same seed gives the same trace")
        let stillFinger = clean.trace.events.filter { $0.id == 1 }
        #expect(stillFinger.allSatisfy { $0.x == 50 && $0.y == 50 }, "a clean still finger does not move")
        let jittered = a.trace.events.filter { $0.id == 1 && $0.phase == .move }
        #expect(jittered.contains { $0.x != 50 } && jittered.allSatisfy { abs($0.x - 50) <= 2 && abs($0.y - 50) <= 2 },
                "realistic jitter is visible and within 2 px")
        let ups = a.trace.events.filter { $0.phase == .up }.map(\.time)
        #expect(ups.count == 4 && ups[1] > ups[0], "realistic fingers lift one after another")
        let times = a.trace.events.map(\.time)
        #expect(times == times.sorted(), "events are in time order")
        // 120 Hz: 60 samples over 0.5 s, plus down and up, per finger, twice.
        #expect(clean.trace.events.count == 2 * 2 * (60 + 2))
    }
}
