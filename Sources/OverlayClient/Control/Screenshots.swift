import Stage
import TouchCore

/// `touchlight ctl screenshot [FILE]`: each output as the compositor shows it, the overlay
/// included, taken by the same `OutputPictures` as the zoom's picture, copied on the loop and
/// converted, encoded and written off it (`InkSave`: PNG, atomically, 0600).
@MainActor
final class Screenshots {
    /// How long the pictures may take to come (seconds), before the command gives up.
    static let timeout = 10.0

    private let pictures: OutputPictures?
    private let scheduler: Scheduler

    init(pictures: OutputPictures?, scheduler: Scheduler) {
        (self.pictures, self.scheduler) = (pictures, scheduler)
    }

    /// Takes each of `targets`' pictures, into `file` or new files in the pictures folder, and
    /// hands them to `write`; `done` gets why not, if they cannot be taken.
    func take(_ targets: [Overlay], to file: String?, write: @escaping (InkSave) -> Void, done: @escaping (ControlReply) -> Void) {
        guard let pictures else { return done(.failure("\(noPictures): no screenshot can be taken")) }
        let paths: [String]
        do { paths = try ControlPlane.screenshotPaths(outputs: targets.map(\.output.name), file: file) } catch { return done(.failure(error.reason)) }
        let shot = Shot(count: targets.count, scheduler: scheduler, write: write, done: done)
        // The shot holds its requests (each holds its closure, which holds the shot) until it
        // ends; the timer holds it until then too.
        shot.timer = scheduler.schedule(at: scheduler.now + Self.timeout) {
            shot.fail("no picture came within \(Int(Self.timeout)) s from \(pictures.name)")
        }
        for (index, (overlay, path)) in zip(targets, paths).enumerated() {
            shot.requests.append(pictures.takePicture(of: overlay.output, logicalSize: overlay.size) { outcome in
                switch outcome {
                case .taken(let taken):
                    let picture = taken.picture
                    shot.arrived(index, (.screen(width: picture.width, height: picture.height, xrgb: picture.pixelRows()), path))
                case .failed(let reason):
                    shot.fail("\(overlay.output.label): \(reason)")
                }
            })
        }
    }

    /// One screenshot's pictures, as they come.
    @MainActor
    private final class Shot {
        var requests: [PictureRequest] = []
        var timer: ScheduledTimer?
        private var files: [(picture: InkSave.Picture, path: String)?]
        private var write: ((InkSave) -> Void)?
        private var done: ((ControlReply) -> Void)?
        private let scheduler: Scheduler

        init(count: Int, scheduler: Scheduler, write: @escaping (InkSave) -> Void, done: @escaping (ControlReply) -> Void) {
            files = Array(repeating: nil, count: count)
            (self.scheduler, self.write, self.done) = (scheduler, write, done)
        }

        /// One output's picture came; once all have, they are written.
        func arrived(_ index: Int, _ file: (picture: InkSave.Picture, path: String)) {
            files[index] = file
            guard !files.contains(where: { $0 == nil }), let write else { return }
            finish()
            write(.screens(files.compactMap { $0 }))
        }

        /// One output has no picture, or none came in time: nothing is written.
        func fail(_ reason: String) {
            guard let done else { return }
            for request in requests { request.cancel() }
            finish()
            done(.failure("no screenshot: \(reason)"))
        }

        private func finish() {
            if let timer { scheduler.cancel(timer) }
            (timer, write, done, requests) = (nil, nil, nil, [])
        }
    }
}
