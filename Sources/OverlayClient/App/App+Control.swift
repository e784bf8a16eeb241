import Annotation
import FoundationEssentials
import Stage
import TouchCore
import TouchlightConfig

/// `touchlight ctl`, the toolbars and a replayed trace's `set` lines: each command goes to the
/// control plane, with every overlay as its target; only `reload` is the program's own.
extension App {
    /// The `[annotate]` settings in force: the file's, with what commands changed.
    var annotateSettings: Configuration.Annotate { controlPlane.settings }

    /// Takes this display's control socket; fails when another instance holds it. Without a
    /// runtime directory touchlight runs on, uncontrollable, and says so.
    func startControl() throws(ClientError) {
        let path: String
        do { path = try ControlSocket.path(environment: ProcessInfo.processInfo.environment) } catch {
            note("no control socket (touchlight ctl will not work): \(error)")
            return
        }
        do {
            control = try ControlServer(path: path, loop: loop, scheduler: scheduler, answer: { [unowned self] line, reply in self.answer(line, reply: reply) },
                                        note: { [unowned self] message in self.note(message) })
        } catch {
            throw .control(error.description)
        }
    }

    /// One reply line for one wire line (a JSON array of words), handed to `reply` once the
    /// command is done (see `execute`).
    func answer(_ line: String, reply: @escaping @MainActor (String) -> Void) {
        let command: ControlCommand
        do { command = try ControlCommand(wireLine: line) } catch { return reply(ControlReply.failure(error.description).json) }
        execute(command) { reply($0.json) }
    }

    /// Carries out `command` on `targets` (every overlay unless given); `done` gets the reply: at
    /// once, or once the work is done while the loop goes on: `save`'s files written off the
    /// loop (`InkSaver`), `reload`'s file read (`ConfigurationReloader`).
    func execute(_ command: ControlCommand, on targets: [Overlay]? = nil, done: @escaping (ControlReply) -> Void) {
        // A toolbar's undo acts on its own output, but a box open on another is put down too.
        if !command.keepsTextBox { controlPlane.putDownTextBoxes(on: activeOverlays) }
        let targets = targets ?? activeOverlays
        switch command {
        case .save(let directory, let allPages):
            do {
                let save = try controlPlane.prepareSave(targets, into: directory, allPages: allPages)
                saver.write(save) { [unowned self] outcome in done(self.controlPlane.saved(outcome)) }
            } catch {
                done(.failure(error.reason))
            }
        case .reload:
            guard let path = options.overrides.configurationPath else { return done(.failure("no configuration file to reload")) }
            reloadConfiguration(from: path, done: done)
        default:
            done(controlPlane.execute(command, on: targets))
        }
    }

    /// A toolbar button: its command, as ctl's; undo, redo and clear edit the ink of the output
    /// the toolbar is on (ctl's edit every output's).
    func overlay(_ overlay: Overlay, asked command: ControlCommand) {
        let targets: [Overlay]? = switch command {
        case .undo, .redo, .clear: [overlay]
        default: nil
        }
        execute(command, on: targets) { [unowned self] reply in
            if !reply.ok { self.logger.error("toolbar: \(reply.error ?? "failed")") }
        }
    }

    // MARK: Recording and replaying

    /// Puts the annotation state in the recording (at start, and whenever a command changes
    /// it), so that replaying the trace reproduces the ink.
    func recordAnnotation() {
        recorder?.annotation(annotateSettings, page: controlPlane.state.page)
    }

    /// A recorded setting comes due in a replay: it is applied as the ctl command it names.
    func replay(_ setting: TouchTrace.Setting) {
        if let problem = controlPlane.replay(setting, on: activeOverlays) {
            note("replay: ignoring \(setting.name) \(setting.value): \(problem)")
        }
    }
}
