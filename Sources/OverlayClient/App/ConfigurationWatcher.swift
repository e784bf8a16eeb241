import CLinux
import Glibc

/// Watches the configuration file through inotify on directories, so that every way a file
/// changes is seen: written in place, replaced by rename (as editors save), reached through a
/// symbolic link whose target changes, or in a directory that is deleted and made again.
///
/// It watches the file's directory and that directory's parent, and the same for the link's
/// target; after every event it watches them again (a recreated directory gets a new watch)
/// and compares the file's identity (device, inode, size, times). Only a real change of the
/// file counts, so events for other files in the same directories cost one `stat`.
final class ConfigurationWatcher {
    let fd: Int32
    let path: String
    private var identity: Identity?
    private var buffer = [UInt8](repeating: 0, count: ReadBuffer.size)

    private struct Identity: Equatable {
        let device: UInt
        let inode: UInt
        let size: Int
        let modified: timespec
        let changed: timespec

        static func == (a: Identity, b: Identity) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    init?(path: String) {
        self.path = path
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        guard watchDirectories() else {
            close(fd)
            return nil
        }
        identity = Self.identity(of: path)
    }

    deinit { close(fd) }

    /// Reads the pending events; true when the file (as reached through `path`) changed and
    /// is there to be read.
    func fileChanged() -> Bool {
        while read(fd, &buffer, buffer.count) > 0 {}
        _ = watchDirectories()
        let current = Self.identity(of: path)
        defer { identity = current }
        return current != nil && current != identity
    }

    /// Adds watches on the directories that matter now; false when none could be watched.
    private func watchDirectories() -> Bool {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF)
        var watched = false
        for directory in directoriesToWatch() where inotify_add_watch(fd, directory, mask) >= 0 {
            watched = true
        }
        return watched
    }

    private func directoriesToWatch() -> [String] {
        var files = [path]
        if let target = realpath(path, nil) {
            files.append(String(cString: target))
            free(target)
        }
        var directories: [String] = []
        for file in files {
            let directory = Self.directory(of: file)
            for candidate in [directory, Self.directory(of: directory)] where !directories.contains(candidate) {
                directories.append(candidate)
            }
        }
        return directories
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    private static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt(info.st_dev), inode: UInt(info.st_ino), size: Int(info.st_size),
                        modified: info.st_mtim, changed: info.st_ctim)
    }
}
