import Foundation
import Testing
@testable import Renderer

/// Compares a canvas with a golden PNG under Tests/RendererTests/Goldens/. A pixel differs
/// when any channel is off by more than `tolerance`. On failure the actual image and a diff
/// (differing pixels in red over a faded copy) are written next to the golden as
/// NAME.actual.png and NAME.diff.png. UPDATE_GOLDENS=1 rewrites the goldens instead.
enum GoldenImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func check(_ canvas: Canvas, named name: String, tolerance: Int = 3,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = PNG.Image(width: canvas.width, height: canvas.height, rgba: canvas.rgbaBytes())
        let goldenURL = directory.appendingPathComponent("\(name).png")
        let actualURL = directory.appendingPathComponent("\(name).actual.png")
        let diffURL = directory.appendingPathComponent("\(name).diff.png")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try Data(PNG.encode(actual)).write(to: goldenURL)
            return
        }
        guard let data = try? Data(contentsOf: goldenURL) else {
            try Data(PNG.encode(actual)).write(to: actualURL)
            Issue.record("no golden image \(goldenURL.path); the rendering was written to \(actualURL.path) — look at it, then run UPDATE_GOLDENS=1 scripts/test to accept it",
                         sourceLocation: sourceLocation)
            return
        }
        let golden = try PNG.decode([UInt8](data))
        guard golden.width == actual.width, golden.height == actual.height else {
            Issue.record("\(name): size \(actual.width)×\(actual.height), golden \(golden.width)×\(golden.height)", sourceLocation: sourceLocation)
            return
        }
        var differing = 0
        var diff = [UInt8](repeating: 0, count: actual.rgba.count)
        for pixel in 0..<(actual.width * actual.height) {
            let i = pixel * 4
            let off = (0..<4).contains { abs(Int(actual.rgba[i + $0]) - Int(golden.rgba[i + $0])) > tolerance }
            if off {
                differing += 1
                diff[i] = 255; diff[i + 3] = 255
            } else {
                diff[i] = golden.rgba[i] / 3; diff[i + 1] = golden.rgba[i + 1] / 3; diff[i + 2] = golden.rgba[i + 2] / 3
                diff[i + 3] = golden.rgba[i + 3] / 3
            }
        }
        if differing > 0 {
            try Data(PNG.encode(actual)).write(to: actualURL)
            try Data(PNG.encode(PNG.Image(width: actual.width, height: actual.height, rgba: diff))).write(to: diffURL)
            Issue.record("\(name): \(differing) pixels differ from the golden image; see \(actualURL.path) and \(diffURL.path)",
                         sourceLocation: sourceLocation)
        } else {
            try? FileManager.default.removeItem(at: actualURL)
            try? FileManager.default.removeItem(at: diffURL)
        }
    }
}
