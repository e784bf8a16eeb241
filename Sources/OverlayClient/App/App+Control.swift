import Annotation
import FoundationEssentials
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

    /// One reply line for one wire line (a JSON array of words), handed to `reply`. `save`
    /// answers when its files are written (off the loop); `reload` answers when the file is read (its probe runs while the loop
    /// goes on); the others answer at once.
    func answer(_ line: String, reply: @escaping @MainActor (String) -> Void) {
        let command: ControlCommand
        do { command = try ControlCommand(wireLine: line) } catch { return reply(ControlReply.failure(error.description).json) }
        if case .reload = command {
            controlPlane.putDownTextBoxes(on: activeOverlays)
            guard let path = options.overrides.configurationPath else { return reply(ControlReply.failure("no configuration file to reload").json) }
            return reloadConfiguration(from: path) { reply($0.json) }
        }
        guard case .save(let directory, let allPages) = command else { return reply(execute(command).json) }
        controlPlane.putDownTextBoxes(on: activeOverlays)
        save(on: activeOverlays, into: directory, allPages: allPages) { reply($0.json) }
    }

    /// `save`: the pictures rasterized now, encoded and written off the loop (`InkSaver`);
    /// `done` gets the reply once they are.
    func save(on targets: [Overlay], into directory: String?, allPages: Bool, done: @escaping (ControlReply) -> Void) {
        do {
            let save = try controlPlane.prepareSave(targets, into: directory, allPages: allPages)
            saver.write(save) { [unowned self] outcome in done(self.controlPlane.saved(outcome)) }
        } catch {
            done(.failure(error.reason))
        }
    }

    /// Carries out `command` on `targets` (every overlay unless given).
    func execute(_ command: ControlCommand, on targets: [Overlay]? = nil) -> ControlReply {
        // A toolbar's undo acts on its own output, but a box open on another is put down too.
        if !command.keepsTextBox { controlPlane.putDownTextBoxes(on: activeOverlays) }
        if case .save(let directory, let allPages) = command {
            // A toolbar's save: written off the loop; a failure is logged when it comes.
            save(on: targets ?? activeOverlays, into: directory, allPages: allPages) { [unowned self] reply in
                if !reply.ok { self.logger.error("save: \(reply.error ?? "failed")") }
            }
            return ControlReply()
        }
        guard case .reload = command else { return controlPlane.execute(command, on: targets ?? activeOverlays) }
        guard let path = options.overrides.configurationPath else { return .failure("no configuration file to reload") }
        reloadConfiguration(from: path)  // under way; ctl's own `reload` answers when it is done (`answer`)
        return ControlReply(status: controlPlane.status(activeOverlays))
    }

    /// A toolbar button: its command, as ctl's; undo, redo and clear edit the ink of the output
    /// the toolbar is on (ctl's edit every output's).
    func overlay(_ overlay: Overlay, asked command: ControlCommand) {
        let reply: ControlReply
        switch command {
        case .undo, .redo, .clear: reply = execute(command, on: [overlay])
        default: reply = execute(command)
        }
        if !reply.ok { logger.error("toolbar: \(reply.error ?? "failed")") }
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
