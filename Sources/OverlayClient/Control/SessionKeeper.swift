import Annotation
import FoundationEssentials
import Logging
import SafeFiles
import Stage
import TouchCore

/// What the session keeper needs of the program, and nothing more.
@MainActor
struct SessionKeeperNeeds {
    /// The overlays there are now, and the ink of outputs that are away.
    var overlays: () -> [Overlay]
    var shelf: () -> InkShelf
    var plane: ControlPlane
    var logger: Logger
}

/// Keeps what the presenter drew across restarts (`[annotate] keep = "session"`): after a
/// change, within `delay`, every output's pages and the annotation state are written to the
/// session file, encoded and written off the loop, atomically (a temporary file, then a
/// rename; 0600, never through a link). At exit whatever changed since is written at once.
/// Nothing is read or written per frame: a change only arms a timer.
@MainActor
final class SessionKeeper {
    /// How long after a change the session is written (seconds): changes in between go together.
    nonisolated static let delay = 1.0

    let path: String
    private let needs: SessionKeeperNeeds
    private let scheduler: Scheduler
    /// Writes the session off the loop, as `ctl save`'s files are.
    private let saver: InkSaver
    private var timer: ScheduledTimer?
    /// Whether something changed since the session was last written (or read at start).
    private var isDirty = false
    /// The last problem reported, so that a full disk is said once, not every second.
    private var reported: String?
    /// Set at exit: the last write is made on the loop, none is started off it.
    private var isFinishing = false
    /// Held while this process keeps the session (nil: it could not be had, and was said).
    private var lock: FileLock?

    init(path: String, scheduler: Scheduler, needs: SessionKeeperNeeds) throws(ClientError) {
        (self.path, self.scheduler, self.needs) = (path, scheduler, needs)
        saver = try InkSaver()
    }

    /// The keeper for `options`, with the session it opens already on the shelf and in the
    /// control plane (`--open FILE`, else the saved one unless `--fresh`). Nil when nothing is
    /// kept: `[annotate] keep = "none"`, a replay (its trace says what is drawn), calibrating,
    /// no state folder, or another touchlight keeping the same session (it holds its lock).
    static func opening(_ options: Options, environment: [String: String] = ProcessInfo.processInfo.environment, scheduler: Scheduler,
                        needs: SessionKeeperNeeds) throws(ClientError) -> SessionKeeper? {
        let overrides = options.overrides
        guard options.configuration.annotate.keep == .session, options.replayPath == nil, !overrides.calibrate,
              let path = SessionStore.path(environment: environment) else { return nil }
        var lock: FileLock?
        switch SessionStore.claim(path, holder: "on display \(environment["WAYLAND_DISPLAY"] ?? "wayland-0")") {
        case .taken(let taken): lock = taken
        case .heldByAnother(let holder):
            let who = holder?.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? "elsewhere"
            let message = "another touchlight (pid \(FileLock.pid(in: holder)), \(who)) keeps the drawing in \(path): this one starts with no ink "
                + "and keeps none (stop the other to keep what is drawn here; `touchlight ctl save --session FILE` still saves it)"
            needs.logger.warning("\(message)")
            return nil
        case .unavailable(let reason):
            needs.logger.warning("the session \(path) cannot be locked (\(reason)): it is kept all the same, but a second touchlight on it would not be noticed")
        }
        var saved = SessionStore.Found()
        var opened: [UInt8]?
        if let named = overrides.openSession {
            do throws(InkSessionError) { (saved.session, opened) = try SessionStore.openWithBytes(named) } catch {
                throw .session("cannot open the session \(named): \(error.reason)")
            }
        } else if !overrides.fresh {
            saved = SessionStore.read(path)
        }
        if let problem = saved.problem { needs.logger.error("\(problem)") }
        guard saved.mayWrite else { return nil }
        let keeper = try SessionKeeper(path: path, scheduler: scheduler, needs: needs)
        keeper.lock = lock
        if let session = saved.session {
            for (output, pages) in session.outputs { needs.shelf().put(pages, output: output) }
            for setting in session.settings { _ = needs.plane.replay(setting, on: []) }
            needs.logger.notice("the drawing of the last session is back (\(overrides.openSession ?? path))")
        }
        // An opened file becomes the session at once, as it is: a crash or a stop right after
        // keeps it too, however large it is.
        if let opened { keeper.takeAsSession(opened) }
        return keeper
    }

    /// Takes the writes' outcomes as they come, from the loop.
    func listen(on loop: EventLoop) {
        saver.listen(on: loop)
    }

    /// The ink or the annotation state changed: the session is written within `delay`.
    func changed() {
        isDirty = true
        guard timer == nil else { return }
        timer = scheduler.schedule(at: scheduler.now + Self.delay) { [unowned self] in
            self.timer = nil
            self.writeIfChanged(offTheLoop: true)
        }
    }

    /// How long the last save at exit may take (seconds), a write under way included: a
    /// drawing of 50,000 strokes (21 MB) is written in well under a second, and a slow disk
    /// gets this long before SIGTERM's watchdog ends the process. The previous file stays
    /// whole until the new one is complete, so a stop cut short still loses nothing saved.
    nonisolated static let exitDeadline = 5.0

    /// At exit: a write under way ends, then what changed since is written now, whole, within
    /// `exitDeadline` (the watchdog of an exit signal waits as long).
    func finish() {
        if let timer { scheduler.cancel(timer) }
        timer = nil
        guard isDirty || saver.isWriting else { return }
        isFinishing = true  // what a write under way leaves is written here, not off the loop
        let deadline = MonotonicClock.seconds() + Self.exitDeadline
        ExitSignals.allowShutdown(for: Self.exitDeadline + ExitSignals.shutdownGrace)
        saver.finish(timeout: Self.exitDeadline)
        guard isDirty else { return }
        ExitSignals.allowShutdown(for: max(0, deadline - MonotonicClock.seconds()) + ExitSignals.shutdownGrace)
        writeIfChanged(offTheLoop: false)
    }

    // MARK: Private

    /// Writes `bytes`, a session file read whole and checked (`--open FILE`), as the session
    /// now; if that fails, the pages are encoded and written at the next try.
    private func takeAsSession(_ bytes: [UInt8]) {
        do throws(FileError) {
            try SafeFiles.makeDirectories(SessionStore.folder(of: path))
            try SafeFiles.writeAtomically(bytes, to: path)
            report(nil)
        } catch {
            report("the drawing could not be saved: \(error)")
            changed()
        }
    }

    /// Writes the session if it changed. One write at a time: a change while one is under way
    /// is written once it is done, so an older copy never lands over a newer one.
    private func writeIfChanged(offTheLoop: Bool) {
        guard isDirty, !offTheLoop || !saver.isWriting else { return }
        isDirty = false
        let save = InkSave.session(InkSession(plane: needs.plane, targets: needs.overlays(), away: needs.shelf()), to: path, makingFolder: true)
        guard offTheLoop else { return report(save.write().error) }
        saver.write(save) { [unowned self] outcome in
            self.report(outcome.error)
            if self.isDirty, outcome.error == nil, !self.isFinishing { self.writeIfChanged(offTheLoop: true) }
        }
    }

    /// A problem is said once (until the session is saved again); the overlay draws on.
    private func report(_ problem: String?) {
        if let problem {
            if problem != reported { needs.logger.error("\(problem); drawing goes on, and saving is tried again at the next change") }
            isDirty = true  // tried again at the next change, or at exit
        } else if reported != nil {
            needs.logger.notice("the drawing is saved again to \(path)")
        }
        reported = problem
    }
}
