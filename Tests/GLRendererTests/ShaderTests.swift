import Foundation
import Testing
import Visualizer
@testable import GLRenderer
@testable import Renderer

/// The shaders compile and link on Mesa (llvmpipe here), a broken one is reported by name with
/// the driver's log, and a texture shows the canvas it was given, pixel for pixel.
@Suite(.enabled(if: GLTestContext.missing == nil, "SKIPPED LOUDLY: \(GLTestContext.missing ?? "")"))
struct ShaderTests {
    /// The shaders are built into the program (an installed or copied binary used to crash
    /// looking for its resource bundle in the build folder): each is the file in shaders/.
    @Test func theEmbeddedShadersAreTheFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../shaders").standardized
        for name in ShaderSource.names {
            let file = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(try ShaderSource.text(of: name) == file, "\(name)")
        }
        #expect(throws: ShaderSource.Missing.self) { try ShaderSource.text(of: "nonexistent.frag") }
    }

    @Test func everyShaderCompilesAndLinks() throws {
        let gl = try GLTestContext()
        print("GL renderer: \(gl.context.rendererName); software: \(gl.context.isSoftware)")
        #expect(!gl.context.rendererName.isEmpty)
        // The tests ask for Mesa's software rasterizer, which `auto` must never pick.
        #expect(gl.context.isSoftware, "\(gl.context.rendererName) is not recognized as software GL")
        let target = OffscreenTarget(width: 8, height: 8)
        #expect(target.isComplete)
    }

    @Test func aBrokenShaderIsNamedWithTheDriversLog() throws {
        let directory = NSTemporaryDirectory() + "touchlight-shaders-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["quad.vert", "marker.frag", "ripple.frag", "stroke.frag", "texture.frag"] {
            try ShaderSource.text(of: name).write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        try "precision mediump float;\nvoid main() { gl_FragColor = vec4(undefinedThing); }\n"
            .write(toFile: directory + "/ripple.frag", atomically: true, encoding: .utf8)
        let context = try GLContext.surfaceless()  // current while the shaders compile
        defer { withExtendedLifetime(context) {} }
        do {
            _ = try GLPainter(shaderDirectory: directory)
            Issue.record("a broken ripple.frag compiled")
        } catch {
            guard case .shader(let name, let log) = error else { Issue.record("\(error)"); return }
            #expect(name == "ripple.frag")
            #expect(log.contains("undefinedThing"), "\(log)")
        }
        try FileManager.default.removeItem(atPath: directory + "/stroke.frag")
        try "void main() {}\n".write(toFile: directory + "/ripple.frag", atomically: true, encoding: .utf8)
        #expect(throws: GLError.self) { _ = try GLPainter(shaderDirectory: directory) }
    }

    /// The ink's texture: pixman's premultiplied pixels come back unchanged, and a partial upload
    /// changes only its rows.
    @Test func aTextureShowsItsCanvasExactly() throws {
        let gl = try GLTestContext()
        let ink = Canvas(width: 37, height: 23)
        let pixels = ink.pixels.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(37 * 23) {
            let a = UInt32(i * 7 % 256), c = a / 2
            pixels[i] = a << 24 | c << 16 | (a / 3) << 8 | (a - c) / 4
        }
        let shown = gl.draw([], scale: 1, width: 37, height: 23, ink: ink)
        var differing = 0
        for y in 0..<23 { for x in 0..<37 where shown.pixel(x: x, y: y) != ink.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0, "\(differing) of \(37 * 23) pixels changed on the way through the texture")

        let layer = TextureLayer()
        layer.upload(ink, rows: 0..<23)
        for i in (5 * 37)..<(7 * 37) { pixels[i] = 0xFF00_FF00 }
        pixels[0] = 0xFFFF_FFFF  // row 0 is not uploaded: it must not show
        layer.upload(ink, rows: 5..<7)
        let target = OffscreenTarget(width: 37, height: 23)
        target.bind()
        gl.painter.begin(width: 37, height: 23, area: PixelRect(x: 0, y: 0, width: 37, height: 23))
        gl.painter.draw(layer)
        let partial = target.read()
        #expect(partial.pixel(x: 3, y: 5) == 0xFF00_FF00)
        #expect(partial.pixel(x: 36, y: 6) == 0xFF00_FF00)
        #expect(partial.pixel(x: 0, y: 0) != 0xFFFF_FFFF)
    }
}
