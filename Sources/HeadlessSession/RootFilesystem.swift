import FoundationEssentials
import Glibc

/// A root filesystem of another Debian (trixie, sid: today's desktops), made by
/// `scripts/make-rootfs`, that a `HeadlessSession` runs its compositors and clients in: each
/// through `scripts/lib/in-rootfs`, in a private mount namespace that shares this machine's
/// /proc, /sys, /dev and /tmp, so the session's directory (in /tmp) and its sockets are the same
/// inside and out. Tools outside it (grim, gdbus) talk to what runs inside as to any session.
public struct RootFilesystem: Sendable, CustomStringConvertible {
    /// Where it is.
    public let path: String
    /// The script that runs a command inside it (scripts/lib/in-rootfs).
    public let enter: String

    public init(path: String, enter: String) {
        (self.path, self.enter) = (path, enter)
    }

    public var description: String { "the root filesystem \(path)" }

    /// `arguments` run inside it, as root (the session drops to its user inside, with setpriv).
    func wrapping(_ arguments: [String]) -> [String] { [enter, path] + arguments }

    /// Where `tool` is inside it (a path as seen inside), or nil.
    public func which(_ tool: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/sbin", "/sbin"] where FileManager.default.isExecutableFile(atPath: path + directory + "/" + tool) {
            return directory + "/" + tool
        }
        return nil
    }

    /// Gives it the user `name` of this machine, with the same user and group ids, so that
    /// files in the shared /tmp belong to the same user inside and out. Done once.
    public func adopt(user name: String) throws {
        guard let user = getpwnam(name) else { throw HeadlessSessionError("user \(name) does not exist") }
        let (uid, gid) = (user.pointee.pw_uid, user.pointee.pw_gid)
        let passwd = path + "/etc/passwd", group = path + "/etc/group"
        let users = (try? String(contentsOfFile: passwd, encoding: .utf8)) ?? ""
        if !users.split(separator: "\n").contains(where: { $0.hasPrefix(name + ":") }) {
            try (users + "\(name):x:\(uid):\(gid)::/tmp:/usr/sbin/nologin\n").write(toFile: passwd, atomically: true, encoding: .utf8)
        }
        let groups = (try? String(contentsOfFile: group, encoding: .utf8)) ?? ""
        if !groups.split(separator: "\n").contains(where: { $0.hasPrefix(name + ":") }) {
            try (groups + "\(name):x:\(gid):\n").write(toFile: group, atomically: true, encoding: .utf8)
        }
        chmod(passwd, 0o644)
        chmod(group, 0o644)
    }
}
