import Glibc

/// Where `config set` and `config reset` write the configuration file: the file itself, or,
/// when it is a link of this user's (a dotfiles folder), the file it leads to. Never through
/// another user's link, and never into a file that is not this user's.
public struct ConfigurationTarget: Equatable {
    /// The file to write.
    public let path: String
    /// Whether it exists (else it is made, with its folders).
    public let exists: Bool
    /// Its permissions, kept (a new file: 0644, as editors make them).
    public let mode: mode_t

    /// The target for `file`, or why it may not be written.
    public static func resolve(_ file: String) throws(ConfigurationEdit.Refusal) -> ConfigurationTarget {
        var link = stat()
        guard lstat(file, &link) == 0 else {
            guard errno == ENOENT else { throw .init("\(file): \(String(cString: strerror(errno)))") }
            return ConfigurationTarget(path: file, exists: false, mode: 0o644)
        }
        var path = file
        if link.st_mode & S_IFMT == S_IFLNK {
            guard link.st_uid == getuid() else { throw .init("\(file) is a link of another user's: nothing is written through it") }
            guard let resolved = realpath(file, nil) else { throw .init("\(file) is a link that leads nowhere (\(String(cString: strerror(errno))))") }
            path = String(cString: resolved)
            free(resolved)
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw .init("\(path): \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .init("\(path) is not a regular file") }
        guard status.st_uid == getuid() else { throw .init("\(path) is not this user's file: it is not changed") }
        return ConfigurationTarget(path: path, exists: true, mode: status.st_mode & 0o7777)
    }
}
