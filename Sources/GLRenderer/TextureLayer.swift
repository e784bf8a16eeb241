import CEGL
import Renderer

/// A texture holding a canvas's pixels as pixman lays them out (premultiplied a8r8g8b8:
/// B, G, R, A bytes), for `GLPainter.draw(_:)`. Uploads whole rows, since OpenGL ES 2 cannot
/// upload part of a row from a wider image.
public final class TextureLayer {
    let id: GLuint
    public private(set) var width = 0
    public private(set) var height = 0

    /// Makes the texture on the current context.
    public init() {
        var id: GLuint = 0
        glGenTextures(1, &id)
        self.id = id
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        for parameter in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_CLAMP_TO_EDGE)
        }
    }

    deinit {
        var id = id
        glDeleteTextures(1, &id)
    }

    /// Copies `rows` of `canvas` into the texture; a canvas of another size replaces the
    /// texture, all of it (it must then have no row padding, as canvases made with a size do).
    public func upload(_ canvas: Canvas, rows: Range<Int>) {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        if canvas.width != width || canvas.height != height {
            (width, height) = (canvas.width, canvas.height)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), canvas.pixels)
            return
        }
        let rows = rows.clamped(to: 0..<height)
        guard !rows.isEmpty else { return }
        // Rows with padding after them go one at a time.
        let batch = canvas.stride == width * 4 ? rows.count : 1
        for first in stride(from: rows.lowerBound, to: rows.upperBound, by: batch) {
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(first), GLsizei(width), GLsizei(min(batch, rows.upperBound - first)),
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), canvas.pixels + first * canvas.stride)
        }
    }
}
