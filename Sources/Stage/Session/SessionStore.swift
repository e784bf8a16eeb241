import Glibc
import SafeFiles

/// Where the saved session lives, and reading it at start.
package enum SessionStore {
    /// What start-up found: the session (nil: none, or none that could be read), what went
    /// wrong, and whether the file may be written (not when an unreadable one could not be
    /// moved out of the way: it is never written over).
    package struct Found {
        package var session: InkSession?
        package var problem: String?
        package var mayWrite = true

        package init(session: InkSession? = nil, problem: String? = nil, mayWrite: Bool = true) {
            (self.session, self.problem, self.mayWrite) = (session, problem, mayWrite)
        }
    }

    /// `$XDG_STATE_HOME/touchlight/session.json`, else `~/.local/state/touchlight/session.json`;
    /// nil when neither is set.
    package static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return "\(xdg)/touchlight/session.json" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.local/state/touchlight/session.json" }
        return nil
    }

    /// The lock beside the session at `path` (`session.lock` in its folder, made if missing),
    /// which one touchlight at a time holds for as long as it keeps that session: a second
    /// one on the same state folder (another display, another seat, the unit beside one
    /// started by hand) would otherwise write over the first one's drawing unseen.
    package enum Claim {
        /// This process keeps the session; the lock is held until it ends.
        case taken(FileLock)
        /// Another process keeps it: what it wrote of itself (its PID and display).
        case heldByAnother(String?)
        /// The lock cannot be had here (a read-only or full folder, a file of another user in
        /// its place): the session is kept without it, and the reason said.
        case unavailable(String)
    }

    /// The folder a session file at `path` is in (where its lock and its temporary file go).
    package static func folder(of path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }

    /// Claims the session at `path` for this process (`holder` says which, for a second one).
    package static func claim(_ path: String, holder: String) -> Claim {
        let folder = folder(of: path)
        do throws(FileError) { try SafeFiles.makeDirectories(folder) } catch { return .unavailable(error.description) }
        do throws(FileLock.Failure) {
            return .taken(try FileLock(path: folder + "/session.lock", holder: holder))
        } catch .held(let holder) {
            return .heldByAnother(holder)
        } catch {
            return .unavailable(error.description)
        }
    }

    /// The session at `path`. One that cannot be read (foreign, of a later version, damaged,
    /// too large) is moved aside, never deleted, and `problem` says why and where it went; the
    /// overlay then starts clean.
    package static func read(_ path: String) -> Found {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return Found() }
            return Found(problem: "the saved session \(path) cannot be read (\(String(cString: strerror(errno)))); starting with no ink", mayWrite: false)
        }
        do throws(InkSessionError) {
            guard info.st_size <= InkSession.maximumSize else { throw .tooLarge(Int(info.st_size)) }
            return Found(session: try open(path))
        } catch .unreadable(let reason) {
            return Found(problem: "the saved session \(reason); starting with no ink", mayWrite: false)
        } catch {
            return moveAside(path, because: error.reason)
        }
    }

    /// The session in a file the user named (`--open FILE`), or why it cannot be opened: the
    /// file is only read, whatever is wrong with it.
    package static func open(_ path: String) throws(InkSessionError) -> InkSession {
        try openWithBytes(path).session
    }

    /// The session in `path` and the bytes it was read from (a file opened with `--open`
    /// becomes the kept session as it is, without encoding it again).
    package static func openWithBytes(_ path: String) throws(InkSessionError) -> (session: InkSession, bytes: [UInt8]) {
        let bytes: [UInt8]
        do throws(FileError) { bytes = try SafeFiles.read(path, limit: InkSession.maximumSize) } catch { throw .unreadable(error.description) }
        return (try InkSession(bytes: bytes), bytes)
    }

    /// Moves an unreadable session out of the way.
    private static func moveAside(_ path: String, because reason: String) -> Found {
        let aside = path + ".unread-" + SafeFiles.timestamp()
        guard rename(path, aside) == 0 else {
            return Found(problem: "the saved session \(path) is \(reason), and it could not be moved aside (\(String(cString: strerror(errno)))): "
                + "starting with no ink, and nothing is saved over it", mayWrite: false)
        }
        return Found(problem: "the saved session \(path) is \(reason); moved it aside to \(aside) and started with no ink")
    }
}
