import Glibc
import Renderer
import SafeFiles
import TouchCore

/// The picture of a monitor the GNOME Shell extension took (GNOME gives clients no screen
/// capture of their own): a PNG the extension wrote into this user's runtime folder, read and
/// decoded here, off the loop. The extension removes the file once touchlight says it is read;
/// touchlight never deletes what it did not write.
enum ShellPicture {
    /// The largest file taken (an 8K monitor's PNG is well under it).
    static let largestFile = 512 * 1024 * 1024

    /// The picture at `path`, or why not. The file must be in `runtimeDirectory`, a regular
    /// file (not through a symlink) of this user's. From any thread.
    static func load(path: String, runtimeDirectory: String) -> Result<PicturePixels, PictureError> {
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
        guard image.width > 0, image.height > 0 else { return .failure(.init("the shell's picture \(path) is empty")) }
        return .success(PicturePixels(width: image.width, height: image.height, memory: pixels))
    }
}

/// A picture a service took, converted off the loop to 32-bit XRGB rows without padding, and
/// handed to the loop whole.
struct PicturePixels: Sendable {
    let width: Int, height: Int
    let memory: PictureMemory

    /// The picture, for an output that spans `logicalSize`; `source` names who took it.
    @MainActor
    func picture(logicalSize: Size, from source: String) -> PictureOutcome {
        guard let picture = ZoomPicture(pixels: UnsafeMutableRawPointer(memory.memory), width: width, height: height, stride: width * 4,
                                        opaque: true, yInverted: false, logicalSize: logicalSize, keeper: memory) else {
            return .failed("pixman could not wrap \(source)'s picture")
        }
        return .taken(OutputPicture(picture: picture, showable: nil))
    }
}

extension Result where Success == PicturePixels, Failure == PictureError {
    /// What a picture service's result is to who asked: the picture, for an output that spans
    /// `logicalSize`, or why there is none. `source` names who took it.
    @MainActor
    func outcome(logicalSize: Size, from source: String) -> PictureOutcome {
        switch self {
        case .success(let pixels): pixels.picture(logicalSize: logicalSize, from: source)
        case .failure(let reason): .failed(reason.description)
        }
    }
}

/// The pixels of a picture a picture service took, 32-bit XRGB, freed with the picture. Filled
/// off the loop, then handed to it whole.
final class PictureMemory: @unchecked Sendable {
    let memory: UnsafeMutablePointer<UInt32>
    init(count: Int) { memory = .allocate(capacity: max(1, count)) }
    deinit { memory.deallocate() }
}

/// Why a picture service has no picture.
struct PictureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
