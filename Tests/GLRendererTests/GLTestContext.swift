import Foundation
import GLRenderer
import Renderer
import Testing
import Visualizer

/// A surfaceless EGL context on Mesa (llvmpipe where there is no GPU), current on the calling
/// thread, with a painter; or the reason there is none, which the tests report loudly.
struct GLTestContext {
    let context: GLContext
    let painter: GLPainter

    /// Why GL cannot run here; nil when it can. Checked once, before any context is made:
    /// the tests run on Mesa's software rasterizer even where a GPU exists, so that the
    /// measured tolerances hold (LIBGL_ALWAYS_SOFTWARE=1).
    static let missing: String? = {
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
        do {
            let context = try GLContext.surfaceless()
            return context.rendererName.isEmpty ? "no current context on Mesa's surfaceless platform" : nil
        } catch {
            return "\(error) (install libegl-mesa0 and libgl1-mesa-dri: scripts/install-deps test)"
        }
    }()

    init() throws {
        context = try GLContext.surfaceless()
        painter = try GLPainter()
    }

    /// `items` drawn at `scale` into a `width`×`height` framebuffer, read back.
    func draw(_ items: [DrawItem], scale: Double, width: Int, height: Int, ink: Canvas? = nil, text: TextTextures? = nil) -> Canvas {
        let target = OffscreenTarget(width: width, height: height)
        target.bind()
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        painter.begin(width: width, height: height, area: whole)
        if let ink {
            let layer = TextureLayer()
            layer.upload(ink, rows: 0..<height)
            painter.draw(layer)
        }
        painter.draw(items, scale: scale, area: whole, text: text)
        return target.read()
    }
}
