import Foundation
import TestSupport

/// An RGB screenshot read from a binary PPM (P6) file, as `grim -t ppm` writes it. A failed
/// expectation shows its size, not its pixels.
struct Image: CustomStringConvertible {
    var description: String { "\(width)×\(height) image" }

    let width: Int
    let height: Int
    let rgb: [UInt8]

    struct Pixel: Equatable, CustomStringConvertible {
        let r, g, b: Int
        var description: String { "rgb(\(r), \(g), \(b))" }
    }

    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        func token() -> String {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                return token()
            }
            let start = index
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard token() == "P6", let w = Int(token()), let h = Int(token()), token() == "255" else {
            throw ImageError.notPPM
        }
        index += 1
        guard bytes.count >= index + w * h * 3 else { throw ImageError.truncated }
        width = w
        height = h
        rgb = Array(bytes[index..<(index + w * h * 3)])
    }

    enum ImageError: Error { case notPPM, truncated }

    subscript(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 3
        return Pixel(r: Int(rgb[i]), g: Int(rgb[i + 1]), b: Int(rgb[i + 2]))
    }

    /// Points where the two images differ, outside `excluded` (x0, y0, x1, y1 rectangles).
    func differences(from other: Image, excluding excluded: [(Int, Int, Int, Int)] = []) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<min(height, other.height) {
            for x in 0..<min(width, other.width) where self[x, y] != other[x, y] {
                if excluded.contains(where: { x >= $0.0 && x < $0.2 && y >= $0.1 && y < $0.3 }) { continue }
                out.append((x, y))
            }
        }
        return out
    }
}

/// A screenshot's pixel has the predicates every test uses (`ColourSample`).
extension Image.Pixel: ColourSample {}

extension Image {
    /// A PNG as ffmpeg reads it (not Touchlight's own reader), kept as
    /// `.build/e2e-screenshots/NAME.ppm`.
    init(png: String, name: String) throws {
        try FileManager.default.createDirectory(at: Desktop.screenshotDirectory, withIntermediateDirectories: true)
        let ppm = Desktop.screenshotDirectory.appendingPathComponent("\(name).ppm").path
        try Desktop.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", png, "-f", "image2", "-c:v", "ppm", ppm])
        self = try Image(ppm: Data(contentsOf: URL(fileURLWithPath: ppm)))
    }

    /// `touchlight ctl screenshot FOLDER/NAME.png`, run by `ctl`: the picture as ffmpeg reads it
    /// and the file's permissions, or nil and what ctl said.
    static func ctlScreenshot(_ name: String, in folder: String,
                              ctl: (String) throws -> (status: Int32, output: String)) throws -> (image: Image?, mode: Int?, output: String) {
        let path = "\(folder)/\(name).png"
        let (status, output) = try ctl(path)
        guard status == 0, FileManager.default.fileExists(atPath: path) else { return (nil, nil, output) }
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        return (try Image(png: path, name: "ctl-\(name)"), mode, output)
    }
}
