import Glibc
import Stage
import TouchCore
import TouchlightConfig

/// Reloads the configuration file while the loop goes on: the file is probed in a child
/// process (`ConfigurationProbe.Running`), asked every `pollInterval`, and put in force by
/// `apply` once read; a file with problems is reported and the last good configuration stays.
/// A newer change supersedes a reload under way and answers for it too: whoever waits
/// (`ctl reload`) gets the outcome of the newest read of the file.
@MainActor
final class ConfigurationReloader {
    /// How often a reload's probe is asked whether it is done (seconds).
    nonisolated static let pollInterval = 0.01

    private let scheduler: Scheduler
    private let apply: (Configuration, String) -> ControlReply
    private let error: (String) -> Void
    private var underWay: Reload?
    private var watcher: ConfigurationWatcher?

    init(scheduler: Scheduler, apply: @escaping (Configuration, String) -> ControlReply, error: @escaping (String) -> Void) {
        (self.scheduler, self.apply, self.error) = (scheduler, apply, error)
    }

    /// A reload under way: its probe, and who waits for its outcome.
    private final class Reload {
        let probe: ConfigurationProbe.Running
        let waiting: [(ControlReply) -> Void]
        init(probe: ConfigurationProbe.Running, waiting: [(ControlReply) -> Void]) { (self.probe, self.waiting) = (probe, waiting) }
    }

    /// Reloads `path` whenever it changes (written, replaced, or its link moved), as the loop
    /// sees the watcher's descriptor ready.
    func watch(_ path: String, on loop: EventLoop) {
        guard let watcher = ConfigurationWatcher(path: path) else { return }
        self.watcher = watcher
        loop.add(fd: watcher.fd) { [unowned self] revents in
            if revents & Int16(POLLIN) != 0, watcher.fileChanged() { self.reload(path, done: nil) }
        }
    }

    /// Reads `path` again; `done` gets the outcome.
    func reload(_ path: String, done: ((ControlReply) -> Void)?) {
        let waiting = (underWay?.waiting ?? []) + (done.map { [$0] } ?? [])
        underWay = nil
        let probe: ConfigurationProbe.Running
        do { probe = try ConfigurationProbe.Running(path: path, now: scheduler.now) } catch {
            return failed(path, error, waiting)
        }
        let reload = Reload(probe: probe, waiting: waiting)
        underWay = reload
        poll(reload, path: path)
    }

    private func poll(_ reload: Reload, path: String) {
        guard underWay === reload else { return }
        guard let outcome = reload.probe.outcome(now: scheduler.now) else {
            _ = scheduler.schedule(at: scheduler.now + Self.pollInterval) { [weak self] in self?.poll(reload, path: path) }
            return
        }
        underWay = nil
        switch outcome {
        case .success(let settings):
            let reply = apply(settings, path)
            for done in reload.waiting { done(reply) }
        case .failure(let problems):
            failed(path, problems, reload.waiting)
        }
    }

    private func failed(_ path: String, _ problems: ConfigurationError, _ waiting: [(ControlReply) -> Void]) {
        error("\(path) has problems; keeping the last good configuration:\n\(problems)")
        for done in waiting { done(.failure("\(path) has problems; keeping the last good configuration: \(problems)")) }
    }
}
