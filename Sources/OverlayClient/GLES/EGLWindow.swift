import CEGL
import GLRenderer
import Renderer

/// What a GL frame is drawn into and shown from: EGL's window on the overlay's surface, or a
/// framebuffer offscreen (the renderer comparison in the tests).
@MainActor
protocol GLDrawable: AnyObject {
    /// Makes the drawable `pixels` big (made, or resized) and current; true when what it holds
    /// is new (everything must be drawn).
    func prepare(_ pixels: (width: Int, height: Int)) throws(GLError) -> Bool
    /// How many frames old the back buffer's pixels are (0: unknown, draw everything).
    func bufferAge() -> Int
    /// The part of the back buffer the frame draws, before it does (GL's coordinates: x, y
    /// from the bottom, width, height).
    func willDraw(_ area: PixelRect)
    /// Shows the drawn frame, telling what changed where it can; commits the surface.
    func present(changed: PixelRect)
    /// Frees the buffers; the next `prepare` makes them again.
    func release()
}

/// EGL's window surface on the overlay's wl_surface. Tells the driver what a frame draws
/// (EGL_KHR_partial_update) and the compositor what changed (swap with damage) where it can;
/// the swap commits the surface.
@MainActor
final class EGLWindow: GLDrawable {
    private let context: GLContext
    private let surface: OpaquePointer
    private var window: OpaquePointer?
    private var eglSurface: EGLSurface?
    private var size = (width: 0, height: 0)
    /// This frame's damage in GL's coordinates (x, y from the bottom, width, height), for the swap.
    private var swapDamage: [EGLint] = [0, 0, 0, 0]
    /// The part of the back buffer this frame draws, for EGL_KHR_partial_update.
    private var drawnRegion: [EGLint] = [0, 0, 0, 0]

    init(surface: OpaquePointer, context: GLContext) {
        (self.surface, self.context) = (surface, context)
    }

    func prepare(_ pixels: (width: Int, height: Int)) throws(GLError) -> Bool {
        var fresh = false
        if window == nil {
            guard let window = wl_egl_window_create(surface, Int32(pixels.width), Int32(pixels.height)) else {
                throw .noSurface("wl_egl_window_create failed")
            }
            guard let eglSurface = eglCreatePlatformWindowSurface(context.display, context.configuration,
                                                                  UnsafeMutableRawPointer(window), nil) else {
                wl_egl_window_destroy(window)
                throw .noSurface(GLContext.lastError("eglCreatePlatformWindowSurface"))
            }
            (self.window, self.eglSurface, size, fresh) = (window, eglSurface, pixels, true)
        } else if size != pixels {
            wl_egl_window_resize(window, Int32(pixels.width), Int32(pixels.height), 0, 0)
            (size, fresh) = (pixels, true)
        }
        guard context.makeCurrent(eglSurface) else { throw .noSurface(GLContext.lastError("eglMakeCurrent")) }
        // Never wait for the compositor in eglSwapBuffers: the overlay paces itself with frame callbacks.
        eglSwapInterval(context.display, 0)
        return fresh
    }

    func bufferAge() -> Int {
        var age: EGLint = 0
        if context.hasBufferAge { eglQuerySurface(context.display, eglSurface, EGL_BUFFER_AGE_EXT, &age) }
        return Int(age)
    }

    func willDraw(_ area: PixelRect) {
        guard let setDamageRegion = context.setDamageRegion else { return }
        Self.store(area, height: size.height, in: &drawnRegion)
        _ = setDamageRegion(context.display, eglSurface, &drawnRegion, 1)
    }

    func present(changed: PixelRect) {
        if let swap = context.swapWithDamage {
            Self.store(changed, height: size.height, in: &swapDamage)
            _ = swap(context.display, eglSurface, &swapDamage, 1)
        } else {
            eglSwapBuffers(context.display, eglSurface)
        }
    }

    func release() {
        _ = context.makeCurrent(nil)
        if let eglSurface { eglDestroySurface(context.display, eglSurface) }
        if let window { wl_egl_window_destroy(window) }
        (eglSurface, window, size) = (nil, nil, (0, 0))
    }

    /// Writes `rect` as EGL takes it (x, y from the bottom, width, height) into `storage`'s
    /// four elements (kept between frames: nothing is allocated per frame).
    private static func store(_ rect: PixelRect, height: Int, in storage: inout [EGLint]) {
        (storage[0], storage[1]) = (EGLint(rect.x), EGLint(height - rect.y - rect.height))
        (storage[2], storage[3]) = (EGLint(rect.width), EGLint(rect.height))
    }
}
