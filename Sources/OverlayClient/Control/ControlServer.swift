import Annotation
import CLinux
import FoundationEssentials
import Glibc
import SafeFiles
import Stage
import TouchlightConfig
import TouchCore

/// The running instance's end of `touchlight ctl`: it holds the display's lock (so a second
/// instance refuses to start and names this one), listens on the private socket, refuses peers
/// of another user (SO_PEERCRED), and answers each line with one reply line. A reply may come
/// later than the line (a command that waits for the loop's work): the client's next line
/// waits for it, and no deadline runs while it is owed.
///
/// No client can lock the others out: a line must be complete within `lineDeadline` of its
/// first byte (or of the connection), and when `maximumClients` are connected a new client
/// takes the place of the one that has waited longest on an unfinished line.
///
/// A reply owed for longer than `progressInterval` (a save of a large drawing) is preceded by
/// a progress line each interval, `{"working":SECONDS}`, so that the client knows the command
/// is under way and waits on, rather than timing out on a save that then lands.
@MainActor
final class ControlServer {
    /// Most clients connected at once.
    static let maximumClients = 16
    /// How long a client may take to send a whole line (seconds); `touchlight ctl` sends its
    /// line at once.
    static let lineDeadline = 2.0
    /// How often a client owed a reply is told the command is still under way (seconds).
    static let progressInterval = 1.0

    /// A connected client: what it sent of its unfinished lines, since when it is owed one, and
    /// whether it waits for a reply (its lines wait then).
    private struct Client {
        var pending: [UInt8] = []
        var waitingSince: Double
        var awaitsReply = false
        /// Since when its reply is owed, and the progress lines it was sent meanwhile.
        var owedSince = 0.0
        var progressSent = 0
        /// Tells this client from a later one given the same descriptor.
        let serial: Int
    }

    let path: String
    private let lock: FileLock
    private let listenFD: Int32
    private var clients: [Int32: Client] = [:]
    private let scheduler: TimerfdScheduler
    private var deadlineTimer: ScheduledTimer?
    private var progressTimer: ScheduledTimer?
    private let loop: EventLoop
    private let answer: Answer
    private var nextSerial = 0

    /// Answers one line: calls its second argument with the reply line, now or later (once).
    typealias Answer = (String, @escaping @MainActor (String) -> Void) -> Void
    private let note: (String) -> Void

    /// Takes the display: its lock, then its socket (one left by a crashed instance is
    /// replaced). Throws when another instance runs, naming its PID.
    init(path: String, loop: EventLoop, scheduler: TimerfdScheduler, answer: @escaping Answer,
         note: @escaping (String) -> Void) throws(ControlError) {
        self.path = path
        self.loop = loop
        self.scheduler = scheduler
        self.answer = answer
        self.note = note
        lock = try Self.takeLock(ControlSocket.lockPath(forSocket: path))
        do {
            listenFD = try Self.listen(at: path)
        } catch {
            lock.release()
            throw error
        }
        loop.add(fd: listenFD) { [unowned self] revents in if revents & Int16(POLLIN) != 0 { self.acceptClient() } }
    }

    /// Stops listening, disconnects every client and removes the socket (the lock goes last).
    func close() {
        for fd in clients.keys { disconnect(fd) }
        if let deadlineTimer { scheduler.cancel(deadlineTimer) }
        if let progressTimer { scheduler.cancel(progressTimer) }
        loop.remove(fd: listenFD)
        Glibc.close(listenFD)
        unlink(path)
        lock.release()
    }

    // MARK: Taking the display

    private static func takeLock(_ lockPath: String) throws(ControlError) -> FileLock {
        do throws(FileLock.Failure) {
            return try FileLock(path: lockPath, holder: "touchlight on this display")
        } catch .held(let holder) {
            throw ControlError("touchlight is already running on this display (pid \(FileLock.pid(in: holder))); control it with `touchlight ctl`, or stop it first")
        } catch {
            throw ControlError(error.description)
        }
    }

    private static func listen(at path: String) throws(ControlError) -> Int32 {
        var info = stat()
        if lstat(path, &info) == 0 {
            // We hold the lock, so whoever made this socket is gone: replace it, if it is ours.
            guard info.st_mode & S_IFMT == S_IFSOCK, info.st_uid == getuid() else {
                throw ControlError("\(path) is not a socket of yours; remove it")
            }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw ControlError("cannot create the control socket: \(String(cString: strerror(errno)))") }
        var address = ControlSocket.address(path)
        // Created 0600 from the start: no moment when another user could connect.
        let previousMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(previousMask)
        guard bound == 0, Glibc.listen(fd, 8) == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(fd)
            throw ControlError("cannot listen on \(path): \(message)")
        }
        return fd
    }

    // MARK: Clients

    private func acceptClient() {
        let fd = accept(listenFD, nil, nil)
        guard fd >= 0 else { return }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var uid: UInt32 = 0, pid: Int32 = 0
        guard tl_peer_credentials(fd, &uid, &pid) == 0, uid == getuid() else {
            let message = "refused a connection from uid \(uid) (pid \(pid)): only uid \(getuid()) may control this overlay"
            note("control: " + message)
            let reply = Array((ControlReply.failure(message).json + "\n").utf8)
            _ = reply.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            Glibc.close(fd)
            return
        }
        dropLateClients()
        if clients.count >= Self.maximumClients, let stalest = clients.min(by: { $0.value.waitingSince < $1.value.waitingSince })?.key {
            _ = reply(ControlReply.failure("too many clients waiting: this one, the longest waiting, made room for a new one").json, to: stalest)
            disconnect(stalest)
        }
        nextSerial += 1
        clients[fd] = Client(waitingSince: MonotonicClock.seconds(), serial: nextSerial)
        loop.add(fd: fd) { [unowned self] _ in self.readClient(fd) }
        armDeadline()
    }

    private func readClient(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: ReadBuffer.size)
        let count = recv(fd, &buffer, buffer.count, 0)
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        guard count > 0, var client = clients[fd] else {
            disconnect(fd)
            return
        }
        client.pending += buffer[..<count]
        clients[fd] = client
        answerNextLine(of: fd)
    }

    /// Answers the client's next whole line, unless it still waits for a reply; a line too long
    /// to be one ends it.
    private func answerNextLine(of fd: Int32) {
        guard var client = clients[fd], !client.awaitsReply else { return }
        guard let newline = client.pending.firstIndex(of: UInt8(ascii: "\n")) else {
            if client.pending.count > ControlCommand.maximumLineLength {
                _ = reply(ControlReply.failure("the line is longer than \(ControlCommand.maximumLineLength) bytes").json, to: fd)
                disconnect(fd)
            }
            return
        }
        let line = String(decoding: client.pending[..<newline], as: UTF8.self)
        client.pending.removeSubrange(...newline)
        client.awaitsReply = true
        (client.owedSince, client.progressSent) = (MonotonicClock.seconds(), 0)
        clients[fd] = client
        armProgress()
        let serial = client.serial
        answer(line.hasSuffix("\r") ? String(line.dropLast()) : line) { [weak self] text in self?.replied(text, to: fd, serial: serial) }
    }

    /// A reply is ready: sent, if its client is still there, and its next line answered.
    private func replied(_ text: String, to fd: Int32, serial: Int) {
        guard var client = clients[fd], client.serial == serial, client.awaitsReply else { return }
        client.awaitsReply = false
        client.waitingSince = MonotonicClock.seconds()
        clients[fd] = client
        guard reply(text, to: fd) else { return }
        armDeadline()
        answerNextLine(of: fd)
    }

    /// Disconnects every client whose line is not complete after `lineDeadline`, saying why.
    private func dropLateClients() {
        let now = MonotonicClock.seconds()
        for (fd, client) in clients where !client.awaitsReply && now - client.waitingSince >= Self.lineDeadline {
            let message = client.pending.isEmpty ? "no command within \(Self.lineDeadline) s" : "the line was not finished within \(Self.lineDeadline) s"
            _ = reply(ControlReply.failure(message).json, to: fd)
            disconnect(fd)
        }
    }

    /// A timer for the earliest deadline while any client is connected.
    private func armDeadline() {
        guard deadlineTimer == nil, let earliest = clients.values.filter({ !$0.awaitsReply }).map(\.waitingSince).min() else { return }
        deadlineTimer = scheduler.schedule(at: earliest + Self.lineDeadline) { [unowned self] in
            self.deadlineTimer = nil
            self.dropLateClients()
            self.armDeadline()
        }
    }

    /// A timer for the next progress line while any client is owed a reply.
    private func armProgress() {
        guard progressTimer == nil,
              let next = clients.values.filter(\.awaitsReply).map({ $0.owedSince + Double($0.progressSent + 1) * Self.progressInterval }).min() else { return }
        progressTimer = scheduler.schedule(at: next) { [unowned self] in
            self.progressTimer = nil
            self.sendProgress()
            self.armProgress()
        }
    }

    /// Tells each client whose reply is due a progress line that the command is under way.
    private func sendProgress() {
        let now = MonotonicClock.seconds()
        for (fd, var client) in clients where client.awaitsReply {
            let due = Int((now - client.owedSince) / Self.progressInterval)
            guard due > client.progressSent else { continue }
            client.progressSent = due
            clients[fd] = client
            _ = reply(ControlSocket.progressLine(seconds: Int((now - client.owedSince).rounded(.down))), to: fd)
        }
    }

    /// Sends one reply line; a client that cannot take it at once is disconnected.
    private func reply(_ text: String, to fd: Int32) -> Bool {
        let bytes = Array((text + "\n").utf8)
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        guard sent == bytes.count else {
            disconnect(fd)
            return false
        }
        return true
    }

    private func disconnect(_ fd: Int32) {
        guard clients.removeValue(forKey: fd) != nil else { return }
        loop.remove(fd: fd)
        Glibc.close(fd)
    }
}
