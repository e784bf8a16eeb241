import Glibc
import Stage

/// Writes `ctl save`'s pictures off the loop: each save's files are encoded and written by a
/// detached task, and its reply comes back through a `LoopMailbox` to the loop, which hands
/// it on. At exit the loop waits a moment for saves under way, so that none is cut short.
@MainActor
final class InkSaver {
    private let mailbox: LoopMailbox<InkSave.Outcome>
    private var waiting: [Int: (InkSave.Outcome) -> Void] = [:]
    private var nextTicket = 0

    init() throws(ClientError) {
        mailbox = try LoopMailbox()
    }

    /// Takes the results as they come, from the loop.
    func listen(on loop: EventLoop) {
        loop.add(fd: mailbox.readEnd) { [unowned self] _ in self.deliver() }
    }

    /// Writes `save` off the loop; `done` gets what it did, on the loop.
    func write(_ save: InkSave, done: @escaping (InkSave.Outcome) -> Void) {
        let ticket = nextTicket
        nextTicket += 1
        waiting[ticket] = done
        let mailbox = self.mailbox
        Task.detached { mailbox.post(ticket, save.write()) }
    }

    /// Whether saves are under way.
    var isWriting: Bool { !waiting.isEmpty }

    /// At exit: waits for the saves under way, at most `timeout` seconds.
    func finish(timeout: Double) {
        var remaining = Int32(timeout * 1000)
        while isWriting, remaining > 0 {
            var descriptor = pollfd(fd: mailbox.readEnd, events: Int16(POLLIN), revents: 0)
            let start = Self.milliseconds()
            if poll(&descriptor, 1, remaining) > 0 { deliver() }
            remaining -= Int32(Self.milliseconds() - start)
        }
    }

    private func deliver() {
        for (ticket, outcome) in mailbox.take() { waiting.removeValue(forKey: ticket)?(outcome) }
    }

    private static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
