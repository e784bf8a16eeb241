import CScreenShot2
import Glibc
import Renderer
import TouchCore

/// The zoom's picture on KWin, which gives clients no Wayland screen capture: its ScreenShot2
/// interface on the session bus, as Spectacle takes its pictures. KWin answers only programs
/// whose desktop entry lists `X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2` with
/// their own path in `Exec`; the installed touchlight has one (share/applications/touchlight.desktop).
/// The call and the read of the pipe KWin writes the pixels to run off the loop (`OffLoopJobs`).
@MainActor
final class KWinScreenShot: OutputPictures {
    /// How long KWin may take to answer, and then to write the pixels (milliseconds each).
    nonisolated static let timeoutMilliseconds = 5000

    let name = "KWin's ScreenShot2"
    private let jobs: OffLoopJobs<Result<PicturePixels, PictureError>>

    /// Whether the service can be reached: KWin is the compositor (it offers KDE's output
    /// protocol) and this session has a bus. Nothing is asked of the bus until a zoom.
    static func reachable(on connection: Connection, environment: [String: String]) -> Bool {
        guard connection.isKWin, connection.screenCapture == nil else { return false }
        let bus = environment["DBUS_SESSION_BUS_ADDRESS"] ?? environment["XDG_RUNTIME_DIR"].map { "unix:path=\($0)/bus" } ?? ""
        return !bus.isEmpty && (!bus.hasPrefix("unix:path=") || access(String(bus.dropFirst("unix:path=".count)), F_OK) == 0)
    }

    /// The service, where it can be reached.
    static func available(on connection: Connection, environment: [String: String]) -> KWinScreenShot? {
        reachable(on: connection, environment: environment) ? try? KWinScreenShot() : nil
    }

    private init() throws(ClientError) {
        jobs = try OffLoopJobs()
    }

    /// Takes the pictures as they come, from the loop.
    func listen(on loop: EventLoop) { jobs.listen(on: loop) }

    func takePicture(of output: Output, logicalSize: Size, finished: @escaping (PictureOutcome) -> Void) -> PictureRequest {
        let screen = output.name, name = self.name
        let ticket = jobs.run({
            screen.isEmpty ? .failure(.init("KWin did not name the output, so its picture cannot be asked for")) : Self.take(screen: screen)
        }, done: { result in finished(result.outcome(logicalSize: logicalSize, from: name)) })
        return PictureTicket { [weak self] in self?.jobs.cancel(ticket) }
    }

    /// Off the loop: asks KWin for `screen`'s picture and reads it from the pipe.
    nonisolated static func take(screen: String) -> Result<PicturePixels, PictureError> {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failure(.init("cannot make a pipe for KWin's picture: \(String(cString: strerror(errno)))")) }
        defer { close(ends[0]) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var image = tl_screenshot2_image()
        var error = [CChar](repeating: 0, count: 512)
        let status = tl_screenshot2_capture_screen(screen, ends[1], UInt64(timeoutMilliseconds), &image, &error, error.count)
        close(ends[1])  // KWin holds its own copy; the pipe ends when it is done writing
        guard status == 0 else { return .failure(.init(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))) }
        let width = Int(image.width), height = Int(image.height), stride = Int(image.stride)
        guard width > 0, height > 0, width <= Canvas.largestSide, height <= Canvas.largestSide, stride >= width * 4, stride <= width * 4 + 4096 else {
            return .failure(.init("KWin's picture has a size touchlight does not take (\(width)×\(height) px, \(stride) bytes a row)"))
        }
        guard let order = ByteOrder(qImageFormat: image.format) else {
            return .failure(.init("KWin's picture is in QImage format \(image.format), which touchlight does not read"))
        }
        let memory = PictureMemory(count: width * height)
        var bytes = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            if let failure = readWhole(ends[0], into: &bytes) { return .failure(failure) }
            order.convert(bytes, width: width, into: memory.memory + y * width)
        }
        return .success(PicturePixels(width: width, height: height, memory: memory))
    }

    /// Fills `bytes` from the pipe, waiting at most `timeoutMilliseconds` for each piece.
    private nonisolated static func readWhole(_ fd: Int32, into bytes: inout [UInt8]) -> PictureError? {
        var filled = 0
        while filled < bytes.count {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(timeoutMilliseconds)) > 0 else { return .init("KWin did not write its picture within \(timeoutMilliseconds) ms") }
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return .init("KWin's picture ended early (\(count < 0 ? String(cString: strerror(errno)) : "the pipe closed"))") }
            filled += count
        }
        return nil
    }

    /// How a QImage format lays out a pixel's bytes.
    enum ByteOrder {
        /// RGB32 and ARGB32 (premultiplied or not): one native 0xAARRGGBB word, pixman's own.
        case nativeARGB
        /// RGBX8888 and RGBA8888: the bytes R, G, B, A.
        case bytesRGBA

        init?(qImageFormat format: UInt32) {
            switch format {
            case 4, 5, 6: self = .nativeARGB
            case 16, 17, 18: self = .bytesRGBA
            default: return nil
            }
        }

        /// One row of `width` pixels as opaque XRGB (the screen has no transparency).
        func convert(_ row: [UInt8], width: Int, into target: UnsafeMutablePointer<UInt32>) {
            row.withUnsafeBytes { source in
                for x in 0..<width {
                    let b0 = UInt32(source[x * 4]), b1 = UInt32(source[x * 4 + 1]), b2 = UInt32(source[x * 4 + 2])
                    target[x] = switch self {
                    case .nativeARGB: 0xFF00_0000 | b2 << 16 | b1 << 8 | b0
                    case .bytesRGBA: 0xFF00_0000 | b0 << 16 | b1 << 8 | b2
                    }
                }
            }
        }
    }
}
