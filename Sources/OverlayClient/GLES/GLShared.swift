import CEGL
import FoundationEssentials
import Glibc
import GLRenderer

/// One connection's GL, made when the first overlay asks for it: the EGL display on the
/// Wayland connection, its context, and the painter with its compiled shaders.
@MainActor
final class GLShared {
    let context: GLContext
    let painter: GLPainter

    /// `shaderDirectory`: where to read the shaders instead of the built-in ones (`TOUCHLIGHT_SHADERS`).
    convenience init(display: OpaquePointer, shaderDirectory: String?) throws(GLError) {
        try self.init(context: GLContext(wayland: display), shaderDirectory: shaderDirectory)
    }

    /// On any context (a surfaceless one offscreen).
    init(context: GLContext, shaderDirectory: String?) throws(GLError) {
        self.context = context
        guard context.makeCurrent(nil) else { throw .noContext(GLContext.lastError("eglMakeCurrent")) }
        painter = try GLPainter(shaderDirectory: shaderDirectory)
    }

    /// Whether `auto` may use GL without trying it: a GPU render node exists and software GL
    /// is not forced. Without one, Mesa would run llvmpipe on the CPU, which is for tests.
    nonisolated static var mayHaveHardwareGL: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard environment["LIBGL_ALWAYS_SOFTWARE"].map({ $0.isEmpty || $0 == "0" }) ?? true else { return false }
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return nodes.contains { $0.hasPrefix("renderD") }
    }
}

extension Connection {
    /// The connection's GL, made on first use; the reason when there is none.
    func sharedGL() -> Result<GLShared, GLError> {
        if let gl { return gl }
        let directory = ProcessInfo.processInfo.environment["TOUCHLIGHT_SHADERS"].flatMap { $0.isEmpty ? nil : $0 }
        let made = Result { () throws(GLError) in try GLShared(display: display, shaderDirectory: directory) }
        gl = made
        return made
    }
}
