import CLinux
import Glibc

/// Watches the configuration file through inotify on its directory, so that editors which
/// write a new file and rename it over the old one are seen too.
final class ConfigurationWatcher {
    let fd: Int32
    let path: String
    private let fileName: String
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        self.path = path
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// Reads the pending events; true when one of them concerns the configuration file.
    func fileChanged() -> Bool {
        var changed = false
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let nameLength = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let start = offset + MemoryLayout<inotify_event>.size
                if nameLength > 0 {
                    let nameBytes = buffer[start..<min(n, start + nameLength)].prefix { $0 != 0 }
                    if String(decoding: nameBytes, as: UTF8.self) == fileName { changed = true }
                }
                offset = start + nameLength
            }
        }
        return changed
    }
}
