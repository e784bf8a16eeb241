import Glibc

/// An exclusive lock on a file that only one process at a time holds (`flock`), with a line
/// of its holder's in it (its PID, and what it holds the lock for) that a second process reads
/// to say plainly who is in the way. The lock goes when the process ends, however it ends:
/// the kernel drops it with the descriptor, so no stale lock is ever left to clear.
///
/// The lock file is opened without following a link, and taken only if it is a regular file
/// of this user's: another user's file, or a link planted in its place, is refused.
public final class FileLock {
    public let path: String
    private var fd: Int32

    /// Why the lock could not be taken.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Another process holds it; what it wrote (its PID and its purpose), or nil.
        case held(by: String?)
        /// It could not even be tried: the file cannot be opened or is not one of ours.
        case unusable(String)

        public var description: String {
            switch self {
            case .held(let holder): "held by \(holder ?? "another process")"
            case .unusable(let reason): reason
            }
        }
    }

    /// Takes the lock at `path` (created 0600 if missing) and writes `holder` into it (the
    /// PID is put first), or says who holds it.
    public init(path: String, holder: String) throws(Failure) {
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unusable("cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else {
            close(fd)
            throw .unusable("\(path) is not a file of yours; remove it")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let text = Self.contents(fd)
            close(fd)
            throw .held(by: text)
        }
        let line = Array("\(getpid()) \(holder)\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, line, line.count, 0)
    }

    /// The holder's PID, as written in the lock file.
    public static func pid(in holder: String?) -> String {
        holder.flatMap { $0.split(separator: " ").first.map(String.init) } ?? "unknown"
    }

    /// Lets go of the lock (it also goes with the process).
    public func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    deinit { if fd >= 0 { close(fd) } }

    /// What the holder wrote: its first line, at most 256 bytes, or nil when it wrote nothing.
    private static func contents(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let line = buffer[..<count].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).first ?? []
        let text = String(decoding: line, as: UTF8.self).filter { !$0.isNewline && $0.asciiValue.map { $0 >= 32 } ?? true }
        return text.isEmpty ? nil : text
    }
}
