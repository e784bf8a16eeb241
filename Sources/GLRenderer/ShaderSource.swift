import FoundationEssentials
import Glibc
import CShaders

/// The GLES renderer's shader sources: the files in `shaders/`, embedded in the binary when it
/// is built, so a copied or installed program has them wherever its build folder is.
public enum ShaderSource {
    /// The files the renderer loads.
    public static let names = ["quad.vert", "marker.frag", "ripple.frag", "stroke.frag", "texture.frag"]

    /// Where a shader could not be read.
    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "cannot read the shader \(path)" }
    }

    /// The text of the shader `name`: from `directory` when given (`TOUCHLIGHT_SHADERS`, to
    /// try changes without a rebuild), else the one built into the program.
    public static func text(of name: String, in directory: String? = nil) throws -> String {
        guard let directory else {
            guard let text = tl_shader_text(name) else { throw Missing(path: name) }
            return String(cString: text)
        }
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw Missing(path: path) }
        return text
    }
}
