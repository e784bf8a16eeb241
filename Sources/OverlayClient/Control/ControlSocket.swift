import Annotation
import CLinux
import Glibc
import Stage

/// Where a display's control socket lives, and the plain socket calls both ends use.
///
/// The socket is `$XDG_RUNTIME_DIR/touchlight-DISPLAY.sock` (DISPLAY: the Wayland display's
/// name, such as `wayland-1`), mode 0600, beside a lock file `touchlight-DISPLAY.lock` that
/// the running instance holds (flock) and writes its PID into.
public enum ControlSocket {
    /// The socket's path for the display in `environment`, or an error saying what is missing.
    public static func path(environment: [String: String]) throws(ControlError) -> String {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            throw ControlError("XDG_RUNTIME_DIR is not set, so there is no private place for the control socket")
        }
        let display = (environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0")
            .split(separator: "/").last.map(String.init) ?? "wayland-0"
        let path = "\(runtime)/touchlight-\(display).sock"
        guard path.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else {
            throw ControlError("the control socket path \(path) is too long for a Unix socket")
        }
        return path
    }

    /// The lock file beside the socket.
    static func lockPath(forSocket path: String) -> String {
        String(path.dropLast(".sock".count)) + ".lock"
    }

    /// A Unix socket address for `path` (checked to fit by `path(environment:)`).
    static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        return address
    }

    /// Connects to the socket at `path`; the file descriptor, or nil with errno set.
    static func connect(to path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let saved = errno
            close(fd)
            errno = saved
            return nil
        }
        return fd
    }

    /// The longest a command is waited for while the overlay says it is under way (seconds):
    /// a save of the largest drawing takes well under it.
    public static let longestCommand = 300.0

    /// Sends one command line to the running instance and returns its reply line. Each line
    /// from it must come within `timeout`; progress lines (a long save under way) go to
    /// `progress` with the seconds so far, and keep the wait going up to `longestCommand`.
    public static func send(_ line: String, environment: [String: String], timeout: Double = 5,
                            progress: (Int) -> Void = { _ in }) throws(ControlError) -> String {
        let path = try path(environment: environment)
        guard let fd = connect(to: path) else {
            let display = environment["WAYLAND_DISPLAY"] ?? "wayland-0"
            throw ControlError("touchlight is not running on \(display) (cannot connect to \(path): \(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var timeval = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeval, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array((line + "\n").utf8)
        // A server that refuses this peer replies and closes at once, maybe before the command
        // is sent: then sending fails (EPIPE) but its reply is already here to be read.
        var sendFailure: ControlError?
        if bytes.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) != bytes.count {
            sendFailure = ControlError("could not send the command: \(String(cString: strerror(errno)))")
        }
        let started = MonotonicClock.seconds()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: ReadBuffer.size)
        while true {
            while let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = String(decoding: received[..<end], as: UTF8.self)
                received.removeSubrange(...end)
                guard let seconds = progressSeconds(reply) else { return reply }
                progress(seconds)
                if MonotonicClock.seconds() - started > longestCommand {
                    throw ControlError("the command was still under way after \(Int(longestCommand)) s; it may still finish")
                }
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { break }
            guard count > 0 else { throw sendFailure ?? ControlError("no reply within \(Int(timeout)) s (\(String(cString: strerror(errno))))") }
            received += buffer[..<count]
            if received.count > 1 << 20 { throw ControlError("the reply is too long") }
        }
        throw sendFailure ?? ControlError("the connection closed without a reply")
    }

    /// The line that tells a client its command is under way, `seconds` so far. It has no
    /// `ok`, so that a client that only looks for the reply's `ok` never takes it for the reply.
    static func progressLine(seconds: Int) -> String { progressPrefix + "\(seconds)}" }
    private static let progressPrefix = #"{"working":"#

    /// The seconds a progress line says, or nil for any other line.
    static func progressSeconds(_ line: String) -> Int? {
        guard line.hasPrefix(progressPrefix), line.hasSuffix("}") else { return nil }
        return Int(line.dropFirst(progressPrefix.count).dropLast())
    }
}
