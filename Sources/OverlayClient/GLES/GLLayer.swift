import GLRenderer
import Renderer
import TouchCore
import Visualizer

/// The GLES renderer on one overlay (`renderer = "gles"`): a drawable (EGL's window on the
/// overlay's own surface), into which each frame draws its items with the shaders and the ink
/// as a texture that pixman keeps up to date. Redraws only what changed where the drawable
/// says how old the back buffer is (EGL_EXT_buffer_age), else everything. `present` commits
/// the surface (eglSwapBuffers does).
@MainActor
final class GLLayer {
    private let shared: GLShared
    private let drawable: GLDrawable
    private var history = DamageHistory()
    /// The ink as pixman draws it (the canvas renderer's underlay) and its texture, while there is ink.
    private var ink: (canvas: Canvas, texture: TextureLayer)?
    /// Captions and the HUD, each a texture drawn by pixman.
    private let text = TextTextures()
    /// What this frame changed, for `present`.
    private var changed = PixelRect(x: 0, y: 0, width: 0, height: 0)

    init(drawable: GLDrawable, shared: GLShared) {
        self.drawable = drawable
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
        let fresh = try drawable.prepare(pixels)
        if force || fresh { changed = whole }
        changed = changed.clipped(toWidth: pixels.width, height: pixels.height)
        guard !changed.isEmpty else { return false }
        updateInk(underlay, area: changed, whole: fresh || ink == nil, size: pixels)

        let area = history.region(damage: changed, age: drawable.bufferAge(), width: pixels.width, height: pixels.height)
        drawable.willDraw(area)
        shared.painter.begin(width: pixels.width, height: pixels.height, area: area)
        if let ink { shared.painter.draw(ink.texture) }
        if text.text !== textRenderer { text.text = textRenderer; text.removeAll() }
        shared.painter.draw(items, scale: scale, area: area, text: text)
        text.endFrame()
        self.changed = changed
        return true
    }

    /// Shows the drawn frame: commits the surface with what is pending on it (frame callback,
    /// input region, scale), telling the compositor what changed where it can.
    func present() { drawable.present(changed: changed) }

    /// Keeps the ink's picture and texture, `size` pixels large, up to date where it changed.
    private func updateInk(_ underlay: Underlay?, area: PixelRect, whole: Bool, size: (width: Int, height: Int)) {
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

    /// Frees the drawable's buffers (the overlay shows the transparent pixel instead while
    /// nothing shows); the next `draw` makes them again.
    func releaseSurface() {
        ink = nil
        text.removeAll()
        drawable.release()
    }

    /// Before the surface goes, or when another renderer takes over.
    func destroy() { releaseSurface() }
}
