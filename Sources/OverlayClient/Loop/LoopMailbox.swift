import Glibc
import Stage
import Synchronization

/// Work done off the loop's thread hands its result back here: the worker posts it with its
/// ticket and writes a byte to a pipe the loop polls; the loop then takes every result on its
/// own thread. (Swift's main actor cannot be used for that: its queue is never drained while
/// the loop waits in poll.)
final class LoopMailbox<Result: Sendable>: Sendable {
    /// The end the loop polls.
    let readEnd: Int32
    private let writeEnd: Int32
    private let posted = Mutex<[(ticket: Int, result: Result)]>([])

    init() throws(ClientError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .system("pipe", errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        (readEnd, writeEnd) = (fds[0], fds[1])
    }

    /// From any thread: `result` is ready for `ticket`.
    func post(_ ticket: Int, _ result: Result) {
        posted.withLock { $0.append((ticket, result)) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)  // a full pipe already wakes the loop: nothing is lost
    }

    /// On the loop: every result posted so far.
    func take() -> [(ticket: Int, result: Result)] {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
        return posted.withLock { results in
            defer { results = [] }
            return results
        }
    }

    /// On the loop, at exit: while `pending` says results are still due, waits for them (at
    /// most `timeout` seconds in all), handing each batch to `deliver`.
    func drain(timeout: Double, while pending: () -> Bool, deliver: () -> Void) {
        let deadline = MonotonicClock.seconds() + timeout
        while pending() {
            let remaining = Int32(max(0, (deadline - MonotonicClock.seconds()) * 1000))
            guard remaining > 0 else { return }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, remaining) > 0 { deliver() }
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
