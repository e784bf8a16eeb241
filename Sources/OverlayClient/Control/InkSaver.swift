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
        mailbox.drain(timeout: timeout, while: { isWriting }, deliver: deliver)
    }

    private func deliver() {
        for (ticket, outcome) in mailbox.take() { waiting.removeValue(forKey: ticket)?(outcome) }
    }
}
