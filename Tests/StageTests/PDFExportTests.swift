import ChildProcesses
import Foundation
import Renderer
import Testing
import TestSupport
import TouchCore
import TouchlightConfig
@testable import Stage

/// `ctl save --pdf`: every page of ink as one PDF, judged with poppler's tools (pdfinfo,
/// pdftotext, pdftoppm), not with touchlight's own reader; the pages pdftoppm draws are
/// compared with the PNGs `save --all` writes for the same pages.
@MainActor @Suite struct PDFExportTests {
    /// Two pages on squared paper: page 1 has a blue pen stroke, a yellow highlighter stroke
    /// over it, a typed word and a numbered stamp; page 2 a red stroke.
    static let drawing = """
        0 set mode draw
        0 set board grid
        0 set color 1e88e5
        0 set width 8
        0.1 1 down 200 150
        0.2 1 move 350 150
        0.3 1 up 500 150
        0.4 set tool highlighter
        0.4 set color fdd835
        0.4 set width 16
        0.5 2 down 300 100
        0.6 2 move 300 250
        0.7 2 up 300 400
        0.8 set tool text
        0.8 set color 000000
        0.8 set width 8
        0.9 3 down 200 300
        0.95 3 up 200 300
        1.0 set text 8:Handouts
        1.1 set text commit
        1.2 set tool stamp
        1.2 set color e53935
        1.3 4 down 600 450
        1.35 4 up 600 450
        1.5 set page 2
        1.5 set tool pen
        1.6 5 down 100 500
        1.7 5 move 400 500
        1.8 5 up 700 500
        """

    /// Runs one of poppler's tools; a missing one fails loudly.
    static func poppler(_ tool: String, _ arguments: [String]) throws -> String {
        let path = "/usr/bin/" + tool
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(tool) is missing: scripts/install-deps test installs poppler-utils")
        let (ending, output) = ChildProcess.run(path, arguments)
        #expect(ending == .exited(0), "\(tool) \(arguments): \(output)")
        return output
    }

    @Test func everyPageIsAPDFPageThatLooksLikeItsPicture() throws {
        let renderer = try TraceRendererTests.inkRenderer(Self.drawing, markers: false)
        while !renderer.isFinished { renderer.renderNextFrame() }
        #expect(renderer.ignoredSettings.isEmpty, "\(renderer.ignoredSettings)")
        let folder = NSTemporaryDirectory() + "pdf-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { if ProcessInfo.processInfo.environment["KEEP_PDF_TEST"] == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let plane = ControlPlane(file: Configuration().annotate)
        let pdf = folder + "/handout.pdf"
        let reply = plane.executeAtOnce(.savePDF(path: pdf), on: [renderer])
        #expect(reply.ok && reply.saved == [pdf], "\(reply.json)")
        #expect(plane.executeAtOnce(.save(directory: folder, allPages: true), on: [renderer]).saved?.count == 2)

        let info = try Self.poppler("pdfinfo", [pdf])
        let fields = Dictionary(info.split(separator: "\n").map { line in
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { first, _ in first })
        #expect(fields["Pages"] == "2" && fields["Page size"] == "800 x 600 pts" && fields["Creator"] == "Touchlight", "\(info)")
        let text = try Self.poppler("pdftotext", ["-layout", pdf, "-"])
        #expect(text.contains("Handouts"), "the typed word is text in the PDF: \(text)")
        #expect(text.split(whereSeparator: \.isWhitespace).contains("1"), "the stamp's number is text too: \(text)")
        var status = stat()
        #expect(stat(pdf, &status) == 0 && status.st_mode & 0o777 == 0o600, "private to its user, as every save")

        _ = try Self.poppler("pdftoppm", ["-r", "72", "-png", pdf, folder + "/poppler"])
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("touchlight-") }.sorted()
        for (page, picture) in pictures.enumerated() {
            let drawn = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/poppler-\(page + 1).png"))))
            let saved = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(picture)"))))
            #expect(drawn.width == 800 && drawn.height == 600 && saved.width == 800)
            let (differing, changed) = compareRenderings(count: 800 * 600, shown: { RGBA(drawn.rgba, $0) }, reference: { RGBA(saved.rgba, $0) },
                                                         background: { _ in RGBA(r: 255, g: 255, b: 255) }, tolerance: 60)
            #expect(changed > 20_000, "page \(page + 1) has its paper's grid and ink (\(changed) pixels not white)")
            #expect(Double(differing) / Double(changed) < 0.03, "page \(page + 1): \(differing) of \(changed) drawn pixels differ")
        }
        let first = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/poppler-1.png"))))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(first.rgba[(y * 800 + x) * 4..<(y * 800 + x) * 4 + 3]) }
        #expect(pixel(250, 150)[2] > 180 && pixel(250, 150)[0] < 80, "the blue stroke: \(pixel(250, 150))")
        #expect(pixel(300, 215)[0] > 200 && pixel(300, 215)[2] < 200, "the highlighter on the paper: \(pixel(300, 215))")
        #expect(pixel(300, 150)[2] > 215 && pixel(300, 150)[0] < 60, "the highlighter under the blue ink, not over it: \(pixel(300, 150))")
    }
}

/// One pixel of an RGBA picture, as the tests look at colours.
private struct RGBA: ColourSample {
    let r, g, b: Int

    init(r: Int, g: Int, b: Int) { (self.r, self.g, self.b) = (r, g, b) }
    init(_ rgba: [UInt8], _ index: Int) { (r, g, b) = (Int(rgba[index * 4]), Int(rgba[index * 4 + 1]), Int(rgba[index * 4 + 2])) }
}
