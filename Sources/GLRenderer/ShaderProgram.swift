import CEGL

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
        if let log = Self.failure(of: id, status: GL_LINK_STATUS, query: glGetProgramiv, infoLog: glGetProgramInfoLog) {
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
        if let log = Self.failure(of: shader, status: GL_COMPILE_STATUS, query: glGetShaderiv, infoLog: glGetShaderInfoLog) {
            glDeleteShader(shader)
            throw .shader(name, log)
        }
        return shader
    }

    /// The driver's log when `object` (a shader or a program) reports `status` false; nil when
    /// it is true. `query` and `infoLog` are the object's kind of glGet…iv and glGet…InfoLog.
    private static func failure(of object: GLuint, status: Int32,
                                query: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                                infoLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String? {
        var succeeded: GLint = 0
        query(object, GLenum(status), &succeeded)
        guard succeeded == 0 else { return nil }
        var size: GLint = 0
        query(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 1 else { return "no log" }
        var buffer = [GLchar](repeating: 0, count: Int(size))
        infoLog(object, size, nil, &buffer)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " / ")
    }
}
