import Glibc

/// Why a file could not be read or written: the path, what was being done, and the system's
/// reason (or the limit that was exceeded).
public struct FileError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    init(path: String, doing action: String, errno code: Int32) {
        self.init(path: path, message: "cannot \(action): \(String(cString: strerror(code)))")
    }

    public var description: String { "\(path): \(message)" }
}

/// Reading and writing files without surprises: sizes are capped before anything is read,
/// every system call is checked, and writes never go through a link or into someone else's
/// file.
public enum SafeFiles {
    /// The whole file, if it is at most `limit` bytes. A larger one is refused before it is
    /// read, with its size in the message; anything but a regular file (a directory, a device,
    /// a named pipe) is refused as well, without waiting for a pipe's writer.
    public static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        // O_NONBLOCK: opening a named pipe would otherwise wait until something writes to it.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw FileError(path: path, doing: "open the file", errno: errno) }
        defer { close(fd) }
        return try read(descriptor: fd, path: path, limit: limit)
    }

    /// The whole regular file open at `fd` from its current offset, if it is at most `limit`
    /// bytes (`path` names it in errors).
    public static func read(descriptor fd: Int32, path: String, limit: Int) throws(FileError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, doing: "read the file", errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileError(path: path, message: "\(kind(info.st_mode)), not a regular file") }
        guard info.st_size <= limit else { throw tooLarge(path, size: Int(info.st_size), limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, doing: "read the file", errno: errno)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            // The file may have grown since fstat.
            guard bytes.count <= limit else { throw tooLarge(path, size: bytes.count, limit: limit) }
        }
    }

    /// What a file that is not a regular one is, for a message.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "a special file"
        }
    }

    private static func tooLarge(_ path: String, size: Int, limit: Int) -> FileError {
        FileError(path: path, message: "\(describe(bytes: size)) is over the limit of \(describe(bytes: limit))")
    }

    /// `2.5 MB`, `300 KB`, `12 bytes`.
    public static func describe(bytes: Int) -> String {
        if bytes >= 1_000_000 { return "\(bytes / 1_000_000).\(bytes % 1_000_000 / 100_000) MB" }
        if bytes >= 1_000 { return "\(bytes / 1_000) KB" }
        return "\(bytes) bytes"
    }

    /// Writes `bytes` to `path` atomically: into a new temporary file beside it (created with
    /// O_EXCL and O_NOFOLLOW, so no link or existing file is ever written through), with
    /// `mode`, flushed to disk, then renamed over `path`. Renaming replaces a link at `path`
    /// itself, never its target. On any failure the temporary file is removed, `path` is as it
    /// was, and the error says which step failed and why.
    /// `flush: false` skips the fsync (frames of an export: many files, each cheap to redo).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, flush: Bool = true) throws(FileError) {
        let (fd, temporary) = try createTemporary(beside: path, mode: mode)
        var closed = false
        do throws(FileError) {
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw FileError(path: path, doing: "write the file", errno: n == 0 ? ENOSPC : errno) }
                written += n
            }
            if flush { guard fsync(fd) == 0 else { throw FileError(path: path, doing: "flush the file to disk", errno: errno) } }
            closed = true
            guard close(fd) == 0 else { throw FileError(path: path, doing: "close the file", errno: errno) }
            try putInPlace(temporary, at: path)
        } catch {
            if !closed { close(fd) }
            unlink(temporary)
            throw error
        }
    }

    /// A new, empty temporary file beside `path` (in its directory, hidden, created with O_EXCL
    /// and O_NOFOLLOW, so never a link or a file that was there), with `mode`: its descriptor
    /// and its path. Another program may write it (ffmpeg); `putInPlace` then finishes.
    /// `suffix` keeps an extension that program reads.
    public static func createTemporary(beside path: String, mode: mode_t, suffix: String = ".tmp") throws(FileError) -> (fd: Int32, path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else { throw FileError(path: path, message: "not a file name") }
        var fd: Int32 = -1
        var temporary = ""
        for _ in 0..<16 {
            temporary = "\(directory)/.\(name).\(UInt32.random(in: 0...UInt32.max))\(suffix)"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw FileError(path: path, doing: "create a file in \(directory)", errno: errno) }
        _ = fchmod(fd, mode)  // open's mode passed through the umask
        return (fd, temporary)
    }

    /// Renames the finished `temporary` over `path`: renaming replaces a link at `path` itself,
    /// never its target.
    public static func putInPlace(_ temporary: String, at path: String) throws(FileError) {
        guard rename(temporary, path) == 0 else { throw FileError(path: path, doing: "put the file in place", errno: errno) }
    }

    /// Creates `directory` and the parents it lacks, each private (mode 0700), as `mkdir -p`.
    public static func makeDirectories(_ directory: String) throws(FileError) {
        guard !directory.isEmpty, access(directory, F_OK) != 0 else { return }
        if let slash = directory.lastIndex(of: "/") { try makeDirectories(String(directory[..<slash])) }
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
            throw FileError(path: directory, doing: "create the directory", errno: errno)
        }
    }

    /// A new private directory (mode 0700) named `prefix` plus six random characters, in the
    /// first of these that exists and is writable: `$XDG_RUNTIME_DIR`, `$TMPDIR`, `/tmp`. It is
    /// always new (mkdtemp), never one that was there before.
    public static func makePrivateDirectory(prefix: String, environment: [String: String]) throws(FileError) -> String {
        let candidates = [environment["XDG_RUNTIME_DIR"], environment["TMPDIR"], "/tmp"].compactMap { $0 }.filter { !$0.isEmpty }
        var lastError = FileError(path: "/tmp", message: "no directory for temporary files")
        for base in candidates {
            var template = Array("\(base)/\(prefix)XXXXXX".utf8CString)
            if let made = mkdtemp(&template) { return String(cString: made) }
            lastError = FileError(path: base, doing: "create a private directory", errno: errno)
        }
        throw lastError
    }
}

extension SafeFiles {
    /// The local time now as `YYYYMMDD-HHMMSS`, for the names of files made beside others (a
    /// saved picture, a damaged file moved aside): they sort by time.
    public static func timestamp() -> String {
        var now = time(nil), local = tm()
        localtime_r(&now, &local)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &local)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
