import FoundationEssentials
import TouchCore

/// GNOME's pictures of its monitors, which the Shell extension takes with the Shell's own
/// screenshot machinery (`capture OUTPUT` on the channel; it answers `captured OUTPUT PATH`).
/// The extension takes one picture of a monitor at a time, so the requests for a monitor wait
/// together for its next picture; one that comes while a picture is on its way waits for the
/// one after. Each file is read and decoded off the loop (`OffLoopJobs`), then released to the
/// extension, which removes it.
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
    private let jobs: OffLoopJobs<Result<PicturePixels, PictureError>>
    /// By monitor: the requests the picture on its way is for, those for the one after, and
    /// whether its file is being read.
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
        jobs = try OffLoopJobs()
    }

    /// Takes the decoded pictures as they come, from the loop.
    func listen(on loop: EventLoop) { jobs.listen(on: loop) }

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
        guard let path else { return answer(monitor, with: .failure(.init("the GNOME Shell extension could not take the screen's picture"))) }
        state.reading = true
        monitors[monitor] = state
        let runtime = runtimeDirectory
        jobs.run({ ShellPicture.load(path: path, runtimeDirectory: runtime) }, done: { [weak self] result in
            self?.channel.release(monitor)
            self?.answer(monitor, with: result)
        })
    }

    /// Every request the monitor's picture was for gets `result`; those that came meanwhile ask
    /// for the next.
    private func answer(_ monitor: String, with result: Result<PicturePixels, PictureError>) {
        guard var state = monitors[monitor] else { return }
        let requests = state.asked
        (state.asked, state.reading) = ([], false)
        monitors[monitor] = state
        for request in requests { request.finished(result.outcome(logicalSize: request.logicalSize, from: name)) }
        askAgainIfWaited(monitor)
    }

    private func askAgainIfWaited(_ monitor: String) {
        guard var state = monitors[monitor], state.asked.isEmpty, !state.reading, !state.next.isEmpty else { return }
        (state.asked, state.next) = (state.next, [])
        monitors[monitor] = state
        channel.capture(monitor)
    }

    /// A cancelled request: it gets nothing. The picture asked for still comes, and is released.
    private func drop(_ ticket: Int, on monitor: String) {
        monitors[monitor]?.asked.removeAll { $0.ticket == ticket }
        monitors[monitor]?.next.removeAll { $0.ticket == ticket }
    }
}
