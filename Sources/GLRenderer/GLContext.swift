import CEGL
import Synchronization

/// Why the GLES renderer cannot draw. Each is the one log line of the fall back to pixman.
public enum GLError: Error, CustomStringConvertible, Equatable {
    /// No EGL display for the connection (no EGL driver, or it cannot reach the compositor).
    case noDisplay(String)
    /// No RGBA window configuration with OpenGL ES 2.
    case noConfiguration
    /// No OpenGL ES 2 context.
    case noContext(String)
    /// A shader failed to load, compile or link: its name and the driver's log.
    case shader(String, String)
    /// No window surface for an overlay.
    case noSurface(String)

    public var description: String {
        switch self {
        case .noDisplay(let why): "no EGL display (\(why))"
        case .noConfiguration: "EGL offers no RGBA8888 OpenGL ES 2 window configuration"
        case .noContext(let why): "no OpenGL ES 2 context (\(why))"
        case .shader(let name, let log): "the shader \(name) failed: \(log)"
        case .noSurface(let why): "no EGL window surface (\(why))"
        }
    }
}

/// An EGL display with an OpenGL ES 2 context, shared by every overlay of a connection; or
/// surfaceless (no compositor), for tests that draw into a framebuffer object.
public final class GLContext {
    public let display: EGLDisplay
    public let configuration: EGLConfig?
    public let context: EGLContext
    /// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)" or a GPU's name.
    public private(set) var rendererName = ""
    /// The EGL display's extensions.
    public let extensions: Set<String>
    /// A function of EGL's taking rectangles (x, y from the bottom, width, height) for a surface.
    public typealias RectanglesFunction = @convention(c) (EGLDisplay?, EGLSurface?, UnsafeMutablePointer<EGLint>?, EGLint) -> EGLBoolean
    /// eglSwapBuffersWithDamageKHR or …EXT, when offered: tells the compositor what changed.
    public let swapWithDamage: RectanglesFunction?
    /// eglSetDamageRegionKHR (EGL_KHR_partial_update), when offered: tells the driver which
    /// part of the back buffer a frame draws, so it need not keep the rest up to date itself.
    public let setDamageRegion: RectanglesFunction?

    /// The context for a Wayland connection (`wl_display *`).
    public convenience init(wayland display: OpaquePointer) throws(GLError) {
        try self.init(platform: EGLenum(EGL_PLATFORM_WAYLAND_KHR), native: UnsafeMutableRawPointer(display), window: true)
    }

    /// A context with no window system (Mesa's surfaceless platform), drawing into framebuffer objects.
    public static func surfaceless() throws(GLError) -> GLContext {
        try GLContext(platform: EGLenum(EGL_PLATFORM_SURFACELESS_MESA), native: nil, window: false)
    }

    private init(platform: EGLenum, native: UnsafeMutableRawPointer?, window: Bool) throws(GLError) {
        guard let display = eglGetPlatformDisplay(platform, native, nil) else {
            throw .noDisplay(Self.lastError("eglGetPlatformDisplay"))
        }
        guard Self.initialize(display) else { throw .noDisplay(Self.lastError("eglInitialize")) }
        self.display = display
        extensions = Set((eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? "").split(separator: " ").map(String.init))
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            Self.release(display)
            throw .noContext(Self.lastError("eglBindAPI"))
        }
        var configuration: EGLConfig?
        if window {
            var attributes: [EGLint] = [EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                                        EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE]
            var count: EGLint = 0
            guard eglChooseConfig(display, &attributes, &configuration, 1, &count) == EGL_TRUE, count > 0 else {
                Self.release(display)
                throw .noConfiguration
            }
        }
        self.configuration = configuration
        var contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let context = eglCreateContext(display, configuration, nil, &contextAttributes) else {
            let why = Self.lastError("eglCreateContext")
            Self.release(display)
            throw .noContext(why)
        }
        self.context = context
        let damageName = extensions.contains("EGL_KHR_swap_buffers_with_damage") ? "eglSwapBuffersWithDamageKHR"
            : extensions.contains("EGL_EXT_swap_buffers_with_damage") ? "eglSwapBuffersWithDamageEXT" : nil
        swapWithDamage = damageName.flatMap { eglGetProcAddress($0) }.map { unsafeBitCast($0, to: RectanglesFunction.self) }
        setDamageRegion = extensions.contains("EGL_KHR_partial_update")
            ? eglGetProcAddress("eglSetDamageRegionKHR").map { unsafeBitCast($0, to: RectanglesFunction.self) } : nil
        // The renderer's name needs a current context; without a surface where EGL allows it.
        if eglMakeCurrent(display, nil, nil, context) == EGL_TRUE {
            rendererName = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? ""
        }
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        Self.release(display)
    }

    /// How many contexts use each EGL display. A display is the same for every caller with the
    /// same platform and native display, and eglTerminate ends it for all of them: the last
    /// context to go terminates it (several contexts live at once in the tests, on several threads).
    private static let users = Mutex<[UInt: Int]>([:])  // keyed by the display's address

    /// eglInitialize, counted; false when EGL refuses.
    private static func initialize(_ display: EGLDisplay) -> Bool {
        users.withLock { users in
            var major: EGLint = 0, minor: EGLint = 0
            guard eglInitialize(display, &major, &minor) == EGL_TRUE else { return false }
            users[UInt(bitPattern: display), default: 0] += 1
            return true
        }
    }

    /// Gives back one use of `display`, terminating it after the last.
    private static func release(_ display: EGLDisplay) {
        users.withLock { users in
            let key = UInt(bitPattern: display), left = (users[key] ?? 1) - 1
            users[key] = left > 0 ? left : nil
            if left <= 0 { eglTerminate(display) }
        }
    }

    /// Whether GL runs on the CPU (Mesa's llvmpipe, softpipe or swrast): tests use it; `auto`
    /// does not pick it.
    public var isSoftware: Bool {
        let name = rendererName.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software"].contains { name.contains($0) }
    }

    /// Whether back buffers report their age (EGL_EXT_buffer_age), so a frame can redraw only
    /// what changed since that buffer was last shown.
    public var hasBufferAge: Bool { extensions.contains("EGL_EXT_buffer_age") }

    /// Makes `surface` (or none) current.
    public func makeCurrent(_ surface: EGLSurface?) -> Bool {
        eglMakeCurrent(display, surface, surface, context) == EGL_TRUE
    }

    /// `call` and EGL's last error by name, e.g. "eglInitialize: EGL_NOT_INITIALIZED".
    public static func lastError(_ call: String) -> String {
        let code = Int(eglGetError())
        let names = ["NOT_INITIALIZED", "BAD_ACCESS", "BAD_ALLOC", "BAD_ATTRIBUTE", "BAD_CONFIG", "BAD_CONTEXT",
                     "BAD_CURRENT_SURFACE", "BAD_DISPLAY", "BAD_MATCH", "BAD_NATIVE_PIXMAP", "BAD_NATIVE_WINDOW",
                     "BAD_PARAMETER", "BAD_SURFACE", "CONTEXT_LOST"]  // 0x3001 and on, in order
        let index = code - Int(EGL_NOT_INITIALIZED)
        return "\(call): " + (names.indices.contains(index) ? "EGL_" + names[index] : "EGL error 0x\(String(code, radix: 16))")
    }
}
