import FoundationEssentials
import TouchCore

/// GNOME's pictures of its monitors, which the Shell extension takes with the Shell's own
/// screenshot machinery (`capture OUTPUT` on the channel; it answers `captured OUTPUT PATH`).
/// The extension takes one picture of a monitor at a time, so the requests for a monitor wait
/// together for its next picture; one that comes while a picture is being read waits for the
/// one after. Each file is read and decoded off the loop, then released to the extension,
/// which removes it.
@MainActor
final class ShellPictures: OutputPictures {
    let name = "the GNOME Shell extension"

    /// What the pictures need of the channel: to ask for a monitor's picture, and to say a file is read.
    struct Channel {
        var capture: (String) -> Void
        var release: (String) -> Void
    }

    private let channel: Channel
    private let runtimeDirectory: String
    private let mailbox: LoopMailbox<Result<PicturePixels, PictureError>>
    /// By monitor: the requests the picture asked for is for, those for the one after, and
    /// whether the file is being read.
    private var monitors: [String: Monitor] = [:]
    private var nextTicket = 0

    private struct Request {
        let ticket: Int
        let logicalSize: Size
        let finished: (PictureOutcome) -> Void
    }

    private struct Monitor {
        var asked: [Request] = []
        var next: [Request] = []
        var reading = false
    }

    init(channel: Channel, runtimeDirectory: String) throws(ClientError) {
        self.channel = channel
        self.runtimeDirectory = runtimeDirectory
        mailbox = try LoopMailbox()
    }

    /// Takes the decoded pictures as they come, from the loop.
    func listen(on loop: EventLoop) {
        loop.add(fd: mailbox.readEnd) { [unowned self] _ in self.deliver() }
    }

    func takePicture(of output: Output, logicalSize: Size, finished: @escaping (PictureOutcome) -> Void) -> PictureRequest {
        let ticket = nextTicket, monitor = output.name
        nextTicket += 1
        let request = Request(ticket: ticket, logicalSize: logicalSize, finished: finished)
        var state = monitors[monitor] ?? Monitor()
        if state.reading || !state.asked.isEmpty {
            // A picture is on its way, but it may have been taken before this request: the next one.
            state.next.append(request)
        } else {
            state.asked.append(request)
            channel.capture(monitor)
        }
        monitors[monitor] = state
        return PictureTicket { [weak self] in self?.drop(ticket, on: monitor) }
    }

    /// The extension's answer: where the monitor's picture is, or nil when it could not take it.
    func captured(output monitor: String, path: String?) {
        guard var state = monitors[monitor], !state.asked.isEmpty, !state.reading else {
            if path != nil { channel.release(monitor) }  // nobody waits for it (cancelled)
            return askAgainIfWaited(monitor)
        }
        guard let path else {
            let requests = state.asked
            state.asked = []
            monitors[monitor] = state
            for request in requests { request.finished(.failed("the GNOME Shell extension could not take the screen's picture")) }
            return askAgainIfWaited(monitor)
        }
        state.reading = true
        monitors[monitor] = state
        let mailbox = self.mailbox, runtime = runtimeDirectory, ticket = state.asked[0].ticket
        Task.detached { mailbox.post(ticket, ShellPicture.load(path: path, runtimeDirectory: runtime)) }
    }

    private func deliver() {
        for (ticket, outcome) in mailbox.take() {
            guard let monitor = monitors.first(where: { $0.value.reading && $0.value.asked.first?.ticket == ticket })?.key,
                  var state = monitors[monitor] else { continue }
            let requests = state.asked
            (state.asked, state.reading) = ([], false)
            monitors[monitor] = state
            channel.release(monitor)
            for request in requests {
                switch outcome {
                case .success(let pixels): request.finished(pixels.picture(logicalSize: request.logicalSize, from: name))
                case .failure(let reason): request.finished(.failed(reason.description))
                }
            }
            askAgainIfWaited(monitor)
        }
    }

    /// Requests that came while a picture was on its way ask for the next.
    private func askAgainIfWaited(_ monitor: String) {
        guard var state = monitors[monitor], state.asked.isEmpty, !state.reading, !state.next.isEmpty else { return }
        (state.asked, state.next) = (state.next, [])
        monitors[monitor] = state
        channel.capture(monitor)
    }

    /// A cancelled request: it gets nothing. The picture asked for still comes, and is released.
    private func drop(_ ticket: Int, on monitor: String) {
        guard var state = monitors[monitor] else { return }
        state.next.removeAll { $0.ticket == ticket }
        if let index = state.asked.firstIndex(where: { $0.ticket == ticket }), !(state.reading && index == 0) {
            state.asked.remove(at: index)
        } else if state.reading, state.asked.first?.ticket == ticket {
            // Its ticket names the file being read: kept, but answered to no one.
            state.asked[0] = Request(ticket: ticket, logicalSize: state.asked[0].logicalSize, finished: { _ in })
        }
        monitors[monitor] = state
    }
}
