import CEGL
import Renderer

/// A framebuffer object with an RGBA texture, for drawing without a window (tests, and
/// anything that wants GL's picture as pixels). Made and used on a current context.
public final class OffscreenTarget {
    public let width: Int
    public let height: Int
    private var framebuffer: GLuint = 0
    private var texture: GLuint = 0

    public init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glGenFramebuffers(1, &framebuffer)
        bind()
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
    }

    deinit {
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
    }

    /// Whether GL can draw into it.
    public var isComplete: Bool {
        bind()
        return glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE)
    }

    /// Draws into it from now on.
    public func bind() { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer) }

    /// What was drawn, as a canvas (premultiplied ARGB, row 0 at the top, as the painter draws).
    public func read() -> Canvas {
        bind()
        glFinish()
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rgba)
        let canvas = Canvas(width: width, height: height)
        let pixels = canvas.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            // GL's row 0 is the bottom one.
            let source = (height - 1 - y) * width * 4, destination = y * width
            for x in 0..<width {
                let i = source + x * 4
                pixels[destination + x] = UInt32(rgba[i + 3]) << 24 | UInt32(rgba[i]) << 16 | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2])
            }
        }
        return canvas
    }
}
