import Annotation
import FoundationEssentials
import Logging
import Stage
import TouchCore

/// What the command intake needs of the program, and nothing more.
@MainActor
struct CommandsNeeds {
    /// The overlays there are now, in a stable order: every command's targets; and the ink of
    /// outputs that are away (`clear --all` forgets it too, `save --session` keeps it).
    var overlays: () -> [Overlay]
    var away: () -> InkShelf
    /// `reload`: reads the configuration file again, then answers (nil: there is no file).
    var reload: ((@escaping (ControlReply) -> Void) -> Void)?
    /// Who takes the outputs' pictures, for `screenshot` (nil: no one here).
    var pictures: () -> OutputPictures?
    var logger: Logger
}

/// Where every command comes in: `touchlight ctl`'s socket, the toolbars' buttons and a
/// replayed trace's `set` lines. Each goes to the control plane with the overlays as its
/// targets, which carries it out and says what is left to do (`ControlEffect`): this does it.
/// Files are written off the loop (`InkSaver`), screenshots taken (`Screenshots`) and a reload
/// is the program's, so their replies come once the work is done while the loop goes on.
@MainActor
final class Commands {
    let plane: ControlPlane
    private let needs: CommandsNeeds
    /// Writes `save`'s pictures off the loop (from `start` on).
    private var saver: InkSaver?
    /// `touchlight ctl`'s socket (nil when there is no runtime directory).
    private var server: ControlServer?
    /// `screenshot`'s pictures, taken from `start` on.
    private var screenshots: Screenshots?

    init(plane: ControlPlane, needs: CommandsNeeds) {
        self.plane = plane
        self.needs = needs
    }

    /// Takes this display's control socket; fails when another instance holds it. Without a
    /// runtime directory touchlight runs on, uncontrollable, and says so.
    func start(on loop: EventLoop, scheduler: TimerfdScheduler) throws(ClientError) {
        let saver = try InkSaver()
        saver.listen(on: loop)
        self.saver = saver
        screenshots = Screenshots(pictures: needs.pictures(), scheduler: scheduler)
        let path: String
        do { path = try ControlSocket.path(environment: ProcessInfo.processInfo.environment) } catch {
            needs.logger.notice("no control socket (touchlight ctl will not work): \(error)")
            return
        }
        do {
            server = try ControlServer(path: path, loop: loop, scheduler: scheduler, answer: { [unowned self] line, reply in self.answer(line, reply: reply) },
                                       note: { [needs] in needs.logger.notice("\($0)") })
        } catch {
            throw .control(error.description)
        }
    }

    /// At exit: saves under way are written whole (within `timeout`), and the socket goes.
    func finish(timeout: Double) {
        saver?.finish(timeout: timeout)
        server?.close()
    }

    /// One reply line for one wire line (a JSON array of words), handed to `reply` once the
    /// command is done.
    private func answer(_ line: String, reply: @escaping @MainActor (String) -> Void) {
        let command: ControlCommand
        do { command = try ControlCommand(wireLine: line) } catch { return reply(ControlReply.failure(error.description).json) }
        execute(command) { reply($0.json) }
    }

    /// Carries out `command` on `targets` (every overlay unless given); `done` gets the reply,
    /// at once or once the work is done.
    func execute(_ command: ControlCommand, on targets: [Overlay]? = nil, done: @escaping (ControlReply) -> Void) {
        // A toolbar's undo acts on its own output, but a box open on another is put down too.
        if !command.keepsTextBox { plane.putDownTextBoxes(on: needs.overlays()) }
        let targets = targets ?? needs.overlays()
        perform(plane.execute(command, on: targets, away: needs.away()), on: targets, done: done)
    }

    /// Does what the control plane left to do: files are written off the loop, screenshots
    /// taken, the configuration read again; `done` gets the reply once it is done.
    private func perform(_ effect: ControlEffect, on targets: [Overlay], done: @escaping (ControlReply) -> Void) {
        switch effect {
        case .reply(let reply):
            done(reply)
        case .write(let save):
            guard let saver else { return done(.failure("not running yet: nothing can be saved")) }
            saver.write(save) { [unowned self] outcome in done(self.plane.saved(outcome)) }
        case .screenshot(let path):
            guard let screenshots else { return done(.failure("not running yet: no screenshot can be taken")) }
            screenshots.take(targets, to: path, write: { [unowned self] save in self.perform(.write(save), on: targets, done: done) }, done: done)
        case .reload:
            guard let reload = needs.reload else { return done(.failure("no configuration file to reload")) }
            reload(done)
        }
    }

    /// A toolbar button: its command, as ctl's; undo, redo and clear edit the ink of the output
    /// the toolbar is on (ctl's edit every output's).
    func toolbar(on overlay: Overlay, asked command: ControlCommand) {
        execute(command, on: command.editsOneOutput ? [overlay] : nil) { [needs] reply in
            if !reply.ok { needs.logger.error("toolbar: \(reply.error ?? "failed")") }
        }
    }

    /// A recorded setting comes due in a replay: it is applied as the ctl command it names.
    func replay(_ setting: TouchTrace.Setting) {
        if let problem = plane.replay(setting, on: needs.overlays()) {
            needs.logger.notice("replay: ignoring \(setting.name) \(setting.value): \(problem)")
        }
    }
}
