import Glibc
import Stage

/// Work done off the loop, each job's result handed back on the loop to whoever asked for it:
/// a detached task does the work and posts its result through a `LoopMailbox`, which the loop
/// polls. `ctl save`'s files, KWin's pictures and the GNOME Shell extension's are made so. At
/// exit the loop waits a moment for jobs under way (`finish`), so that none is cut short.
@MainActor
final class OffLoopJobs<Result: Sendable> {
    private let mailbox: LoopMailbox<Result>
    private var waiting: [Int: (Result) -> Void] = [:]
    private var nextTicket = 0

    init() throws(ClientError) {
        mailbox = try LoopMailbox()
    }

    /// Takes the results as they come, from the loop.
    func listen(on loop: EventLoop) {
        loop.add(fd: mailbox.readEnd) { [unowned self] _ in self.deliver() }
    }

    /// Does `work` off the loop; `done` gets its result on the loop, unless the job is cancelled
    /// first. The job's ticket, for `cancel`.
    @discardableResult
    func run(_ work: @escaping @Sendable () -> Result, done: @escaping (Result) -> Void) -> Int {
        let ticket = nextTicket, mailbox = self.mailbox
        nextTicket += 1
        waiting[ticket] = done
        Task.detached { mailbox.post(ticket, work()) }
        return ticket
    }

    /// The job's result goes to no one (the work itself runs to its end).
    func cancel(_ ticket: Int) {
        waiting[ticket] = nil
    }

    /// Whether results are still due.
    var isBusy: Bool { !waiting.isEmpty }

    /// At exit: waits for the jobs under way, at most `timeout` seconds.
    func finish(timeout: Double) {
        mailbox.drain(timeout: timeout, while: { isBusy }, deliver: deliver)
    }

    private func deliver() {
        for (ticket, result) in mailbox.take() { waiting.removeValue(forKey: ticket)?(result) }
    }
}

/// Writes `ctl save`'s and `ctl screenshot`'s files off the loop (`InkSave.write`).
typealias InkSaver = OffLoopJobs<InkSave.Outcome>

extension OffLoopJobs where Result == InkSave.Outcome {
    /// Writes `save` off the loop; `done` gets what it did, on the loop.
    func write(_ save: InkSave, done: @escaping (InkSave.Outcome) -> Void) {
        run({ save.write() }, done: done)
    }

    /// Whether saves are under way.
    var isWriting: Bool { isBusy }
}
