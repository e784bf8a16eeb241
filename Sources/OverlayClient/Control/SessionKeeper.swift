import Annotation
import FoundationEssentials
import Logging
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

    init(path: String, scheduler: Scheduler, needs: SessionKeeperNeeds) throws(ClientError) {
        (self.path, self.scheduler, self.needs) = (path, scheduler, needs)
        saver = try InkSaver()
    }

    /// The keeper for `options`, with the session it opens already on the shelf and in the
    /// control plane (`--open FILE`, else the saved one unless `--fresh`). Nil when nothing is
    /// kept: `[annotate] keep = "none"`, a replay (its trace says what is drawn), calibrating,
    /// or no state folder.
    static func opening(_ options: Options, environment: [String: String] = ProcessInfo.processInfo.environment, scheduler: Scheduler,
                        needs: SessionKeeperNeeds) throws(ClientError) -> SessionKeeper? {
        let overrides = options.overrides
        guard options.configuration.annotate.keep == .session, options.replayPath == nil, !overrides.calibrate,
              let path = SessionStore.path(environment: environment) else { return nil }
        var saved = SessionStore.Found()
        if let named = overrides.openSession {
            do throws(InkSessionError) { saved.session = try SessionStore.open(named) } catch { throw .session("cannot open the session \(named): \(error.reason)") }
        } else if !overrides.fresh {
            saved = SessionStore.read(path)
        }
        if let problem = saved.problem { needs.logger.error("\(problem)") }
        guard saved.mayWrite else { return nil }
        let keeper = try SessionKeeper(path: path, scheduler: scheduler, needs: needs)
        if let session = saved.session {
            for (output, pages) in session.outputs { needs.shelf().put(pages, output: output) }
            for setting in session.settings { _ = needs.plane.replay(setting, on: []) }
            needs.logger.notice("the drawing of the last session is back (\(overrides.openSession ?? path))")
        }
        // An opened file becomes the session at once: a crash right after keeps it too.
        if overrides.openSession != nil { keeper.changed() }
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

    /// At exit: the writes under way end (within `timeout`), then what changed since is
    /// written now, whole.
    func finish(timeout: Double) {
        if let timer { scheduler.cancel(timer) }
        timer = nil
        saver.finish(timeout: timeout)
        writeIfChanged(offTheLoop: false)
    }

    // MARK: Private

    /// Writes the session if it changed. One write at a time: a change while one is under way
    /// is written once it is done, so an older copy never lands over a newer one.
    private func writeIfChanged(offTheLoop: Bool) {
        guard isDirty, !offTheLoop || !saver.isWriting else { return }
        isDirty = false
        let save = InkSave.session(InkSession(plane: needs.plane, targets: needs.overlays(), away: needs.shelf()), to: path, makingFolder: true)
        guard offTheLoop else { return report(save.write().error) }
        saver.write(save) { [unowned self] outcome in
            self.report(outcome.error)
            if self.isDirty, outcome.error == nil { self.writeIfChanged(offTheLoop: true) }
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
