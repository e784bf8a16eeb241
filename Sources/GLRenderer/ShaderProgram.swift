import CEGL
import Shaders

/// A linked vertex and fragment shader, with the locations of the uniforms it was asked for.
final class ShaderProgram {
    let id: GLuint
    /// The uniforms every item's quad sets (see quad.vert).
    let box, target, origin: GLint

    /// Compiles `quad.vert` with `fragment` (a file name under shaders/, or under `directory`)
    /// and links them, on the current context; the error names the file and quotes the driver's log.
    init(fragment: String, directory: String?) throws(GLError) {
        let vertexShader = try Self.compile("quad.vert", type: GLenum(GL_VERTEX_SHADER), directory: directory)
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try Self.compile(fragment, type: GLenum(GL_FRAGMENT_SHADER), directory: directory)
        defer { glDeleteShader(fragmentShader) }
        let id = glCreateProgram()
        glAttachShader(id, vertexShader)
        glAttachShader(id, fragmentShader)
        glBindAttribLocation(id, Self.cornerAttribute, "a_corner")
        glLinkProgram(id)
        var linked: GLint = 0
        glGetProgramiv(id, GLenum(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            let log = Self.log(of: id, length: glGetProgramiv, text: glGetProgramInfoLog)
            glDeleteProgram(id)
            throw .shader("quad.vert + \(fragment)", log)
        }
        self.id = id
        (box, target, origin) = (glGetUniformLocation(id, "u_box"), glGetUniformLocation(id, "u_target"), glGetUniformLocation(id, "u_origin"))
    }

    deinit { glDeleteProgram(id) }

    /// The vertex attribute that carries the quad's corners.
    static let cornerAttribute: GLuint = 0

    /// The location of `name` (-1 when the shader does not use it, which GL then ignores).
    func uniform(_ name: String) -> GLint { glGetUniformLocation(id, name) }

    private static func compile(_ name: String, type: GLenum, directory: String?) throws(GLError) -> GLuint {
        let text: String
        do { text = try ShaderSource.text(of: name, in: directory) } catch { throw .shader(name, "\(error)") }
        let shader = glCreateShader(type)
        text.withCString { source in
            var pointer: UnsafePointer<GLchar>? = source
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            let log = Self.log(of: shader, length: glGetShaderiv, text: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw .shader(name, log)
        }
        return shader
    }

    private static func log(of object: GLuint,
                            length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                            text: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 1 else { return "no log" }
        var buffer = [GLchar](repeating: 0, count: Int(size))
        text(object, size, nil, &buffer)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " / ")
    }
}
