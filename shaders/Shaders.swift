import Foundation

/// The GLES renderer's shader sources, files in this folder copied into the build as resources.
public enum ShaderSource {
    /// The files the renderer loads.
    public static let names = ["quad.vert", "marker.frag", "ripple.frag", "stroke.frag", "texture.frag"]

    /// Where a shader could not be read.
    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "cannot read the shader \(path)" }
    }

    /// The text of the shader `name`: from `directory` when given (`TOUCHLIGHT_SHADERS`, to
    /// try changes without a rebuild), else from the bundle built with the program.
    public static func text(of name: String, in directory: String? = nil) throws -> String {
        let path: String
        if let directory {
            path = (directory as NSString).appendingPathComponent(name)
        } else if let url = Bundle.module.url(forResource: name, withExtension: nil) {
            path = url.path
        } else {
            throw Missing(path: name)
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw Missing(path: path) }
        return text
    }
}
