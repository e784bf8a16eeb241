import CEGL
import Glibc  // cos, sin
import Renderer
import TouchCore
import Visualizer

/// Draws a frame's items (markers, ripples, cues, the toolbar's shapes) with the shaders in
/// shaders/, one quad each, into the current framebuffer, and textured quads for what pixman
/// rasterizes (the ink). Colours are premultiplied, blended with (ONE, ONE_MINUS_SRC_ALPHA),
/// and are the same 8-bit values the pixman renderer composites. Made on a current context,
/// and used only with it.
public final class GLPainter {
    private let marker: ShaderProgram, ripple: ShaderProgram, stroke: ShaderProgram, texture: ShaderProgram
    private let markerUniforms: (axes: GLint, angle: GLint, radius: GLint, width: GLint,
                                 shadow: GLint, fill: GLint, ring: GLint, opacity: GLint, outline: GLint, outlineWidth: GLint)
    private let rippleUniforms: (radius: GLint, width: GLint, color: GLint)
    private let strokeUniforms: (kind: GLint, width: GLint, color: GLint, to: GLint,
                                 radius: GLint, start: GLint, span: GLint, ends: GLint)
    private let textureSampler: GLint
    private var corners: GLuint = 0
    private var current: ShaderProgram?
    private var target = (width: 0, height: 0)

    /// Compiles and links every shader, from `shaderDirectory` when given, else those built in
    /// (the error names the one that failed).
    public init(shaderDirectory: String? = nil) throws(GLError) {
        marker = try ShaderProgram(fragment: "marker.frag", directory: shaderDirectory)
        ripple = try ShaderProgram(fragment: "ripple.frag", directory: shaderDirectory)
        stroke = try ShaderProgram(fragment: "stroke.frag", directory: shaderDirectory)
        texture = try ShaderProgram(fragment: "texture.frag", directory: shaderDirectory)
        markerUniforms = (marker.uniform("u_axes"), marker.uniform("u_angle"), marker.uniform("u_radius"), marker.uniform("u_width"),
                          marker.uniform("u_shadow"), marker.uniform("u_fill"), marker.uniform("u_ring"), marker.uniform("u_opacity"),
                          marker.uniform("u_outline"), marker.uniform("u_outlineWidth"))
        rippleUniforms = (ripple.uniform("u_radius"), ripple.uniform("u_width"), ripple.uniform("u_color"))
        strokeUniforms = (stroke.uniform("u_kind"), stroke.uniform("u_width"), stroke.uniform("u_color"), stroke.uniform("u_to"),
                          stroke.uniform("u_radius"), stroke.uniform("u_start"), stroke.uniform("u_span"), stroke.uniform("u_ends"))
        textureSampler = texture.uniform("u_texture")
        glGenBuffers(1, &corners)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), corners)
        let unitSquare: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        glBufferData(GLenum(GL_ARRAY_BUFFER), unitSquare.count * 4, unitSquare, GLenum(GL_STATIC_DRAW))
    }

    deinit { glDeleteBuffers(1, &corners) }

    /// Starts a frame on a `width`×`height` framebuffer: only `area` (device pixels, top-left
    /// origin) is touched from here on, and it is cleared to transparent.
    public func begin(width: Int, height: Int, area: PixelRect) {
        target = (width, height)
        current = nil
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(area.x), GLint(height - area.y - area.height), GLsizei(area.width), GLsizei(area.height))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), corners)
        glEnableVertexAttribArray(ShaderProgram.cornerAttribute)
        glVertexAttribPointer(ShaderProgram.cornerAttribute, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
    }

    /// Draws a whole-framebuffer texture (what pixman rasterized) under what follows.
    public func draw(_ layer: TextureLayer) {
        draw(layer, at: PixelRect(x: 0, y: 0, width: layer.width, height: layer.height))
    }

    /// Draws a texture over `box` (device pixels), one texel per pixel.
    private func draw(_ layer: TextureLayer, at box: PixelRect) {
        use(texture)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), layer.id)
        glUniform1i(textureSampler, 0)
        quad(box, origin: Point(x: Double(box.x), y: Double(box.y)))
    }

    /// Draws the items that reach `area` (device pixels), back to front, at `scale` device
    /// pixels per logical unit; text items come from `text` (nil: left out).
    public func draw(_ items: [DrawItem], scale: Double, area: PixelRect, text: TextTextures? = nil) {
        for item in items {
            let whole = devicePixels(of: item.bounds, scale: scale)
            let box = whole.intersection(area)
            if case .text = item.shape {
                // Asked for even outside the area, so its texture is kept; the scissor keeps
                // the whole box's texture inside the area.
                if let texture = text?.texture(for: item, box: whole, scale: scale), !box.isEmpty { draw(texture, at: whole) }
                continue
            }
            guard !box.isEmpty else { continue }
            draw(item, box: box, scale: scale)
        }
    }

    private func draw(_ item: DrawItem, box: PixelRect, scale: Double) {
        let paint = item.color.premultipliedARGB
        guard paint != 0 else { return }
        let center = Point(x: item.center.x * scale, y: item.center.y * scale)
        switch item.shape {
        case .marker(let look):
            let parts = look.partColors(item.color.opaque)
            use(marker)
            let r = Float(look.radius * scale)
            glUniform2f(markerUniforms.axes, r, r)
            glUniform1f(markerUniforms.angle, 0)
            glUniform1f(markerUniforms.radius, r)
            glUniform1f(markerUniforms.width, Float(look.ringWidth * scale))
            setColor(markerUniforms.shadow, parts.shadow.premultipliedARGB)
            setColor(markerUniforms.fill, parts.fill.premultipliedARGB)
            setColor(markerUniforms.ring, parts.ring.premultipliedARGB)
            setColor(markerUniforms.outline, parts.outline.premultipliedARGB)
            glUniform1f(markerUniforms.outlineWidth, Float(look.outlineWidth * scale))
            glUniform1f(markerUniforms.opacity, Float(item.color.alphaByte) / 255)
        case .disc(let radius):
            fill(axes: (radius * scale, radius * scale), angle: 0, paint: paint)
        case .ellipse(let major, let minor, let angle):
            fill(axes: (major * scale, minor * scale), angle: angle, paint: paint)
        case .ring(let radius, let width):
            use(ripple)
            glUniform1f(rippleUniforms.radius, Float(radius * scale))
            glUniform1f(rippleUniforms.width, Float(width * scale))
            setColor(rippleUniforms.color, paint)
        case .arc(let radius, let width, let start, let sweep):
            let low = sweep >= 0 ? start : start + sweep, span = min(abs(sweep), 2 * .pi)
            let r = radius * scale
            strokeCommon(kind: 1, width: width * scale, paint: paint)
            glUniform1f(strokeUniforms.radius, Float(r))
            glUniform1f(strokeUniforms.start, Float(low))
            glUniform1f(strokeUniforms.span, Float(abs(sweep) >= 2 * .pi ? 7 : span))
            glUniform4f(strokeUniforms.ends, Float(r * cos(low)), Float(r * sin(low)),
                        Float(r * cos(low + span)), Float(r * sin(low + span)))
        case .line(let to, let width):
            strokeCommon(kind: 0, width: width * scale, paint: paint)
            glUniform2f(strokeUniforms.to, Float(to.x * scale - center.x), Float(to.y * scale - center.y))
        case .text:
            return  // drawn as a texture by `draw(_:scale:area:text:)`
        }
        quad(box, origin: center)
    }

    /// A disc or contact ellipse: the marker shader with its rings' colours at zero.
    private func fill(axes: (Double, Double), angle: Double, paint: UInt32) {
        use(marker)
        glUniform2f(markerUniforms.axes, Float(max(axes.0, 0.001)), Float(max(axes.1, 0.001)))
        glUniform1f(markerUniforms.angle, Float(angle))
        glUniform1f(markerUniforms.radius, 0)
        glUniform1f(markerUniforms.width, 0)
        glUniform4f(markerUniforms.shadow, 0, 0, 0, 0)
        setColor(markerUniforms.fill, paint)
        glUniform4f(markerUniforms.ring, 0, 0, 0, 0)
        glUniform4f(markerUniforms.outline, 0, 0, 0, 0)
        glUniform1f(markerUniforms.outlineWidth, 0)
        glUniform1f(markerUniforms.opacity, 1)
    }

    private func strokeCommon(kind: GLint, width: Double, paint: UInt32) {
        use(stroke)
        glUniform1i(strokeUniforms.kind, kind)
        glUniform1f(strokeUniforms.width, Float(width))
        setColor(strokeUniforms.color, paint)
    }

    private func use(_ program: ShaderProgram) {
        guard current !== program else { return }
        current = program
        glUseProgram(program.id)
        glUniform2f(program.target, Float(target.width), Float(target.height))
    }

    private func quad(_ box: PixelRect, origin: Point) {
        guard let current else { return }
        glUniform4f(current.box, Float(box.x), Float(box.y), Float(box.width), Float(box.height))
        glUniform2f(current.origin, Float(origin.x), Float(origin.y))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// A premultiplied ARGB8888 value as the vec4 (r, g, b, a) the shaders take.
    private func setColor(_ location: GLint, _ argb: UInt32) {
        func channel(_ shift: UInt32) -> Float { Float(argb >> shift & 0xFF) / 255 }
        glUniform4f(location, channel(16), channel(8), channel(0), channel(24))
    }
}
