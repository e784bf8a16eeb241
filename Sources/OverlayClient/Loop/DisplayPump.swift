import CLinux
import CWaylandClient
import Glibc

/// The compositor connection in the event loop: libwayland's prepare-read, read and dispatch
/// around the loop's one `poll`. Each step answers whether the connection still works.
@MainActor
final class DisplayPump {
    let display: OpaquePointer
    private var isReading = false

    init(display: OpaquePointer) { self.display = display }

    /// Before the loop sleeps: `act` (what the handlers marked), then dispatches what is
    /// queued, acting again after each dispatch, prepares to read and flushes. `act` runs with
    /// no read prepared, so it may use EGL, whose driver reads the connection itself. A
    /// compositor that stops reading (frozen) fills the socket: this waits for room, but lets
    /// an exit signal through (the loop then ends and shutdown is bounded).
    func prepareToSleep(acting act: () -> Void) -> Bool {
        // A poll that a signal interrupted (EINTR) runs no handler, so the read prepared before
        // it is still held: given up here, or the next prepare would make libwayland count two
        // readers, and the next `wl_display_read_events` would wait for the other forever.
        cancelRead()
        act()
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { return false }
            act()
        }
        isReading = true
        while wl_display_flush(display) < 0 {
            if errno != EAGAIN { return false }
            if tl_exit_signal() != 0 { return true }
            var pfd = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLOUT), revents: 0)
            _ = poll(&pfd, 1, 100)
        }
        return true
    }

    /// After the loop woke with `revents` on the display's descriptor: reads and dispatches.
    func ready(_ revents: Int16) -> Bool {
        guard isReading else { return true }
        isReading = false
        if revents & Int16(POLLIN) != 0 {
            if wl_display_read_events(display) < 0 { return false }
        } else {
            wl_display_cancel_read(display)
        }
        if revents & Int16(POLLHUP | POLLERR) != 0 && revents & Int16(POLLIN) == 0 { return false }
        return wl_display_dispatch_pending(display) >= 0
    }

    /// Gives up a prepared read (before shutting down, or after a failure).
    func cancelRead() {
        if isReading { wl_display_cancel_read(display) }
        isReading = false
    }
}
