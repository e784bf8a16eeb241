import GLRenderer
@testable import OverlayClient
import Renderer

/// A framebuffer as the GLES presenter's drawable: it keeps what was drawn between frames (so
/// its back buffer is always one frame old), and the screen reads it back when asked.
@MainActor
final class OffscreenGL: GLDrawable {
    private let context: GLContext
    private var target: OffscreenTarget?
    private(set) var presented = 0

    init(context: GLContext) { self.context = context }

    func prepare(_ pixels: (width: Int, height: Int)) throws(GLError) -> Bool {
        guard context.makeCurrent(nil) else { throw .noSurface(GLContext.lastError("eglMakeCurrent")) }
        if let target, target.width == pixels.width, target.height == pixels.height {
            target.bind()
            return false
        }
        let made = OffscreenTarget(width: pixels.width, height: pixels.height)
        guard made.isComplete else { throw .noSurface("the framebuffer is incomplete") }
        target = made
        return true
    }

    func bufferAge() -> Int { target == nil ? 0 : 1 }
    func willDraw(_ area: PixelRect) {}
    func present(changed: PixelRect) { presented += 1 }

    func release() { target = nil }

    /// What the framebuffer holds now (transparent before the first frame).
    func read() -> Canvas? { target?.read() }
}
