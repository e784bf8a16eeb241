import CLinux
import CWaylandClient
import Glibc
import Stage

/// How a bounded roundtrip ended.
enum RoundtripOutcome: Equatable {
    /// The compositor answered: every request sent before was handled.
    case answered
    /// No answer within the time allowed (a frozen or silent compositor).
    case timedOut
    /// SIGINT or SIGTERM arrived while waiting.
    case interrupted
    /// The connection broke.
    case failed
}

/// `wl_display_roundtrip` with a deadline: sends a sync request and dispatches events until its
/// callback comes, the time is up, or (when `interruptible`) an exit signal arrives. libwayland's
/// own roundtrip waits forever, so a compositor that is stopped or never answers would hang the
/// program with it. The goodbye at exit is not interruptible: the signal that ends the program
/// has already come, and the compositor must handle every destroy before the disconnect (a
/// disconnect with requests unhandled leaves phoc 0.24 destroying the sprites' subsurfaces in its
/// own order, which crashes it).
@MainActor
func boundedRoundtrip(_ display: OpaquePointer, timeout: Double, interruptible: Bool = true) -> RoundtripOutcome {
    guard let callback = wl_display_sync(display) else { return .failed }
    // The flag lives on the heap: libwayland keeps the pointer until the callback is done.
    let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    done.initialize(to: false)
    wl_callback_add_listener(callback, roundtripEvents.pointer, done)
    defer {
        if !done.pointee { wl_callback_destroy(callback) }
        done.deallocate()
    }
    let deadline = MonotonicClock.seconds() + timeout
    while !done.pointee {
        if wl_display_dispatch_pending(display) < 0 { return .failed }
        if done.pointee { break }
        if interruptible, tl_exit_signal() != 0 { return .interrupted }
        let remaining = deadline - MonotonicClock.seconds()
        guard remaining > 0 else { return .timedOut }
        guard wl_display_prepare_read(display) == 0 else { continue }
        var pfd = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        if wl_display_flush(display) < 0 && errno == EAGAIN { pfd.events |= Int16(POLLOUT) }
        let ready = poll(&pfd, 1, Int32(min(remaining, 1) * 1000) + 1)
        if ready > 0 && pfd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            if wl_display_read_events(display) < 0 { return .failed }
        } else {
            wl_display_cancel_read(display)
        }
    }
    return .answered
}

/// The sync callback's listener (see `ListenerTable`).
private let roundtripEvents: ListenerTable<wl_callback_listener> = {
    var events = wl_callback_listener()
    events.done = { data, callback, _ in
        data?.assumingMemoryBound(to: Bool.self).pointee = true
        wl_callback_destroy(callback)
    }
    return ListenerTable(events)
}()
