import Glibc
import Renderer
import SafeFiles
import TouchCore

/// The picture of a monitor the GNOME Shell extension took for the zoom (GNOME gives clients
/// no screen capture of their own): a PNG the extension wrote into this user's runtime folder,
/// read here as a zoom's frozen picture. The extension removes the file once touchlight says it
/// is read; touchlight never deletes what it did not write.
enum ShellPicture {
    /// The largest file taken (an 8K monitor's PNG is well under it).
    static let largestFile = 512 * 1024 * 1024

    /// The picture at `path`, or why not. The file must be in `runtimeDirectory`, a regular
    /// file (not through a symlink) of this user's.
    static func load(path: String, runtimeDirectory: String, logicalSize: Size) -> Result<ZoomPicture, PictureError> {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard path.hasPrefix("/"), !runtimeDirectory.isEmpty, folder == runtimeDirectory else {
            return .failure(.init("the shell's picture \(path.prefix(80)) is not in \(runtimeDirectory)"))
        }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.init("cannot open the shell's picture \(path): \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else {
            return .failure(.init("the shell's picture \(path) is not a file of this user's"))
        }
        let bytes: [UInt8]
        do { bytes = try SafeFiles.read(descriptor: fd, path: path, limit: largestFile) } catch {
            return .failure(.init("cannot read the shell's picture: \(error)"))
        }
        let image: PNG.Image
        do { image = try PNG.decode(bytes) } catch { return .failure(.init("the shell's picture \(path) is not a PNG: \(error)")) }
        let pixels = PictureMemory(count: image.width * image.height)
        image.rgba.withUnsafeBufferPointer { rgba in
            for i in 0..<image.width * image.height {
                let r = UInt32(rgba[i * 4]), g = UInt32(rgba[i * 4 + 1]), b = UInt32(rgba[i * 4 + 2])
                pixels.memory[i] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        guard let picture = ZoomPicture(pixels: UnsafeMutableRawPointer(pixels.memory), width: image.width, height: image.height, stride: image.width * 4,
                                        opaque: true, yInverted: false, logicalSize: logicalSize, keeper: pixels) else {
            return .failure(.init("the shell's picture \(path) is empty"))
        }
        return .success(picture)
    }
}

/// The pixels of a picture a `PictureService` took, 32-bit XRGB, freed with the picture. Filled
/// off the loop, then handed to it whole.
final class PictureMemory: @unchecked Sendable {
    let memory: UnsafeMutablePointer<UInt32>
    init(count: Int) { memory = .allocate(capacity: max(1, count)) }
    deinit { memory.deallocate() }
}

/// Why a picture service's picture cannot be the zoom's.
struct PictureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
