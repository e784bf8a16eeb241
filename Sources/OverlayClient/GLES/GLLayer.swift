import CEGL
import GLRenderer
import Renderer
import TouchCore
import Visualizer

/// The GLES renderer on one overlay (`renderer = "gles"`): a `wl_egl_window` on the overlay's
/// own surface, into which each frame draws its items with the shaders and the ink as a
/// texture that pixman keeps up to date. Redraws only what changed where EGL says how old the
/// back buffer is (EGL_EXT_buffer_age, with EGL_KHR_partial_update where offered), else
/// everything; tells the compositor what changed where EGL can (swap with damage). `present`
/// commits the surface (eglSwapBuffers does).
@MainActor
final class GLLayer {
    private let shared: GLShared
    private let surface: OpaquePointer
    private var window: OpaquePointer?
    private var eglSurface: EGLSurface?
    private var size = (width: 0, height: 0)
    private var history = DamageHistory()
    /// The ink as pixman draws it (the canvas renderer's underlay) and its texture, while there is ink.
    private var ink: (canvas: Canvas, texture: TextureLayer)?
    /// Captions and the HUD, each a texture drawn by pixman.
    private let text = TextTextures()
    /// This frame's damage in GL's coordinates (x, y from the bottom, width, height), for the swap.
    private var swapDamage: [EGLint] = [0, 0, 0, 0]
    /// The part of the back buffer this frame draws, for EGL_KHR_partial_update.
    private var drawnRegion: [EGLint] = [0, 0, 0, 0]
    private var context: GLContext { shared.context }

    init(surface: OpaquePointer, shared: GLShared) {
        self.surface = surface
        self.shared = shared
    }

    /// Draws the frame into the back buffer, at `scale` device pixels per logical unit on a
    /// buffer of `pixels`, where `damage` (logical rectangles) says it changed, or all of it
    /// with `force`. The ink is `underlay` (nil: none). False when nothing changed: no
    /// `present` is due.
    func draw(_ items: [DrawItem], underlay: Underlay?, text textRenderer: TextRenderer?, damage: [Rect], scale: Double,
              pixels: (width: Int, height: Int), force: Bool) throws(GLError) -> Bool {
        let whole = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        var changed = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for rect in damage where !rect.isNull { changed = changed.union(devicePixels(of: rect, scale: scale)) }
        let fresh = try prepareSurface(pixels)
        if force || fresh { changed = whole }
        changed = changed.clipped(toWidth: pixels.width, height: pixels.height)
        guard !changed.isEmpty else { return false }
        updateInk(underlay, area: changed, whole: fresh || ink == nil)

        var age: EGLint = 0
        if context.hasBufferAge { eglQuerySurface(context.display, eglSurface, EGL_BUFFER_AGE_EXT, &age) }
        let area = history.region(damage: changed, age: Int(age), width: pixels.width, height: pixels.height)
        if let setDamageRegion = context.setDamageRegion {
            Self.store(area, height: pixels.height, in: &drawnRegion)
            _ = setDamageRegion(context.display, eglSurface, &drawnRegion, 1)
        }
        shared.painter.begin(width: pixels.width, height: pixels.height, area: area)
        if let ink { shared.painter.draw(ink.texture) }
        if text.text !== textRenderer { text.text = textRenderer; text.removeAll() }
        shared.painter.draw(items, scale: scale, area: area, text: text)
        text.endFrame()
        Self.store(changed, height: pixels.height, in: &swapDamage)
        return true
    }

    /// Writes `rect` as EGL takes it (x, y from the bottom, width, height) into `storage`'s
    /// four elements (kept between frames: nothing is allocated per frame).
    private static func store(_ rect: PixelRect, height: Int, in storage: inout [EGLint]) {
        (storage[0], storage[1]) = (EGLint(rect.x), EGLint(height - rect.y - rect.height))
        (storage[2], storage[3]) = (EGLint(rect.width), EGLint(rect.height))
    }

    /// Shows the drawn frame: commits the surface with what is pending on it (frame callback,
    /// input region, scale), telling the compositor what changed where EGL can.
    func present() {
        if let swap = context.swapWithDamage {
            _ = swap(context.display, eglSurface, &swapDamage, 1)
        } else {
            eglSwapBuffers(context.display, eglSurface)
        }
    }

    /// Makes the window and its EGL surface (or resizes them) and makes them current; true when
    /// the back buffer's contents are new (everything must be drawn).
    private func prepareSurface(_ pixels: (width: Int, height: Int)) throws(GLError) -> Bool {
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

    /// Keeps the ink's picture and texture up to date where it changed.
    private func updateInk(_ underlay: Underlay?, area: PixelRect, whole: Bool) {
        guard let underlay else {
            ink = nil
            return
        }
        if ink == nil || ink?.canvas.width != size.width || ink?.canvas.height != size.height {
            ink = (Canvas(width: size.width, height: size.height), ink?.texture ?? TextureLayer())
        }
        guard let ink else { return }
        let redrawn = whole || ink.texture.width != size.width || ink.texture.height != size.height
            ? PixelRect(x: 0, y: 0, width: size.width, height: size.height) : area
        underlay.composite(into: ink.canvas, area: redrawn)
        ink.texture.upload(ink.canvas, rows: redrawn.y..<(redrawn.y + redrawn.height))
    }

    /// Frees the window's buffers (the overlay shows the transparent pixel instead while nothing
    /// shows); the next `draw` makes them again.
    func releaseSurface() {
        ink = nil
        text.removeAll()
        _ = context.makeCurrent(nil)
        if let eglSurface { eglDestroySurface(context.display, eglSurface) }
        if let window { wl_egl_window_destroy(window) }
        (eglSurface, window, size) = (nil, nil, (0, 0))
    }

    /// Before the surface goes, or when another renderer takes over.
    func destroy() { releaseSurface() }
}
