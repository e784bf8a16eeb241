import Foundation
import Testing

/// `[performance] renderer = "gles"` under sway, on Mesa's llvmpipe (EGL's software path over
/// wl_shm; these machines have no GPU): the shaders draw what the canvas draws; without EGL,
/// or with a shader that does not compile, the overlay says so once and draws on the canvas;
/// `auto` does not pick software GL.
extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct GLESRendererTests {
        typealias Sprites = SpriteRendererTests

        /// The canvas places its pre-rendered markers on whole device pixels (up to 0.5 device px
        /// off along each axis); GL draws them where they are. So the centres of change may be
        /// √2·0.5/scale logical px apart, and only anti-aliased edges differ by much: at most 1 in
        /// 20 of the changed pixels by more than a quarter of full scale in a channel. Scales 1
        /// and 2 are compared in process (`PresenterComparisonTests`); under sway, the fractional
        /// one, where EGL's window takes the viewport's pixel size.
        @Test(arguments: ["1.5"])
        func glesShowsWhatTheCanvasShows(scale: String) throws {
            let canvas = try Sprites.run("canvas", scale: scale)
            let gles = try Sprites.run("gles", scale: scale, environment: ["LIBGL_ALWAYS_SOFTWARE=1"])
            let s = Double(scale)!
            #expect(gles.log.contains("overlay on HEADLESS-1: drawing with OpenGL ES 2 on llvmpipe"), "\(gles.log.suffix(1500))")
            #expect(!gles.log.contains("drawing on the canvas"), "gles fell back: \(gles.log.suffix(1500))")
            let largest = Sprites.largestMarkerOffset(gles, from: canvas, scale: s, bound: 2.squareRoot() * 0.5 / s + 0.05)
            let (differing, changed) = Sprites.differences(gles, canvas)
            #expect(differing * 20 <= changed, "scale \(scale): \(differing) of \(changed) pixels differ by over 64")
            #expect(changed > 3 * 2_000, "scale \(scale): the canvas showed too little: \(changed) pixels")
            print("gles at scale \(scale): largest marker offset \(largest) logical px; \(differing) of \(changed) pixels differ by over 64")
        }

        enum Failure: String, CaseIterable, CustomStringConvertible {
            /// glvnd finds no EGL driver: what a machine without Mesa's EGL sees. (EGL_PLATFORM
            /// does not apply: touchlight asks for the Wayland platform by name.)
            case noEGLDriver
            /// A shader that does not compile (`TOUCHLIGHT_SHADERS` pointing at a broken copy).
            case brokenShader
            var description: String { rawValue }
        }

        @Test(arguments: Failure.allCases)
        func fallsBackToTheCanvasWithOneLine(_ failure: Failure) throws {
            let directory = NSTemporaryDirectory() + "touchlight-broken-shaders-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let environment: [String]
            let expected: String
            switch failure {
            case .noEGLDriver:
                environment = ["__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent/egl_vendor.json"]
                expected = "overlay on HEADLESS-1: GLES unavailable, no EGL display (eglGetPlatformDisplay: EGL_BAD_PARAMETER): drawing on the canvas"
            case .brokenShader:
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let shaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../shaders").standardized
                for name in ["quad.vert", "marker.frag", "ripple.frag", "stroke.frag", "texture.frag"] {
                    try FileManager.default.copyItem(atPath: shaders.appendingPathComponent(name).path, toPath: directory + "/" + name)
                }
                try "precision mediump float;\nvoid main() { gl_FragColor = notDeclared; }\n"
                    .write(toFile: directory + "/marker.frag", atomically: true, encoding: .utf8)
                environment = ["TOUCHLIGHT_SHADERS=\(directory)"]
                expected = "overlay on HEADLESS-1: GLES unavailable, the shader marker.frag failed: "
            }
            let fallback = try Sprites.run("gles", scale: "1", environment: environment)
            let canvas = try Sprites.run("canvas", scale: "1")
            let lines = fallback.log.split(separator: "\n").filter { $0.contains("GLES") || $0.contains("OpenGL") }
            #expect(lines.count == 1, "\(failure): \(lines)")
            #expect(lines.first?.contains(expected) == true, "\(failure): \(lines)")
            if failure == .brokenShader { #expect(lines.first?.contains("notDeclared") == true, "the driver's log is quoted: \(lines)") }
            // The canvas draws instead: what a canvas run shows.
            let (differing, changed) = Sprites.differences(fallback, canvas)
            #expect(changed > 3 * 2_000 && differing * 100 <= changed, "\(failure): \(differing) of \(changed) pixels differ from the canvas's")
        }

        /// With no GPU render node, `auto` leaves EGL alone and draws on the canvas.
        @Test func autoDoesNotPickSoftwareGL() throws {
            let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
            let hasRenderNode = nodes.contains { $0.hasPrefix("renderD") }
            let auto = try Sprites.run("auto", scale: "1")
            #expect(auto.log.contains("touch 1 began"), "\(auto.log.suffix(1500))")
            if hasRenderNode {
                print("auto with a render node here: \(auto.log.split(separator: "\n").filter { $0.contains("OpenGL") })")
            } else {
                #expect(!auto.log.contains("OpenGL") && !auto.log.contains("GLES"), "\(auto.log.suffix(1500))")
                #expect(auto.bufferBytes >= 2 * 800 * 600 * 4, "auto drew on the canvas: \(auto.bufferBytes) bytes of buffers")
            }
        }
    }
}
