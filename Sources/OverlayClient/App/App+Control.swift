import Annotation
import FoundationEssentials
import Glibc
import Renderer
import SafeFiles
import TouchCore
import TouchlightConfig
import Visualizer

extension App {
    /// The `[annotate]` settings in force: the file's, with what ctl changed.
    var annotateSettings: Configuration.Annotate { annotation.applied(to: options.configuration.annotate) }

    /// Takes this display's control socket; fails when another instance holds it. Without a
    /// runtime directory touchlight runs on, uncontrollable, and says so.
    func startControl() throws(ClientError) {
        let path: String
        do { path = try ControlSocket.path(environment: ProcessInfo.processInfo.environment) } catch {
            note("no control socket (touchlight ctl will not work): \(error)")
            return
        }
        do {
            control = try ControlServer(path: path, loop: loop, scheduler: scheduler, answer: { [unowned self] line in self.answer(line) },
                                        note: { [unowned self] message in self.note(message) })
        } catch {
            throw .control(error.description)
        }
    }

    /// One reply line for one wire line (a JSON array of words).
    func answer(_ line: String) -> String { answerCommand(line).json }

    func execute(_ command: ControlCommand) -> ControlReply {
        let ordered = overlays.values.sorted { $0.output.globalName < $1.output.globalName }
        switch command {
        case .mode(.set(let mode)):
            setAnnotationMode(mode)
        case .mode(.toggle):
            setAnnotationMode(annotateSettings.mode == .draw ? .pass : .draw)
        case .tool, .color, .width:
            _ = annotation.take(command)
            applyAnnotateSettings()
        case .undo, .redo, .clear:
            for overlay in ordered { overlay.edit(command) }
        case .pause, .resume:
            annotation.isPaused = command == .pause
            for overlay in ordered { overlay.setPaused(annotation.isPaused) }
        case .save(let directory):
            return save(ordered, into: directory)
        case .reload:
            guard let path = options.overrides.configurationPath else { return .failure("no configuration file to reload") }
            reloadConfiguration(from: path)
        case .status:
            break
        }
        return ControlReply(status: status(ordered))
    }

    private func setAnnotationMode(_ mode: AnnotationMode) {
        annotation.mode = mode
        for overlay in overlays.values { overlay.setMode(mode) }
        note("annotation mode: \(mode.name)")
        recordAnnotation()
    }

    private func applyAnnotateSettings() {
        for overlay in overlays.values { overlay.apply(annotate: annotateSettings) }
        recordAnnotation()
    }

    // MARK: Recording and replaying

    /// Puts the annotation state in the recording (at start, and whenever ctl changes it), so
    /// that replaying the trace reproduces the ink.
    func recordAnnotation() {
        guard let recorder else { return }
        let settings = annotateSettings, now = scheduler.now
        // A colour is written without '#', which would start a comment in a trace.
        for (name, value) in [("mode", settings.mode.name), ("tool", settings.ink.tool.name),
                              ("color", String(settings.ink.color.hex.dropFirst())), ("width", "\(settings.ink.width)")] {
            recorder.record(setting: name, value: value, at: now)
        }
    }

    /// A recorded setting comes due in a replay: it is applied as the ctl command it names.
    func replay(_ setting: TouchTrace.Setting) {
        let reply: ControlReply
        do { reply = execute(try AnnotationState.command(for: setting)) } catch { reply = .failure(error.description) }
        if !reply.ok { note("replay: ignoring \(setting.name) \(setting.value): \(reply.error ?? "")") }
    }

    private func answerCommand(_ line: String) -> ControlReply {
        do { return execute(try ControlCommand(wireLine: line)) } catch { return .failure(error.description) }
    }

    private func status(_ overlays: [Overlay]) -> ControlReply.Status {
        let settings = annotateSettings
        return ControlReply.Status(
            pid: getpid(), mode: settings.mode.name, paused: annotation.isPaused, tool: settings.ink.tool.name,
            color: settings.ink.color.hex, width: settings.ink.width,
            outputs: overlays.map { overlay in
                let ink = overlay.ink.document
                return ControlReply.OutputStatus(name: overlay.output.name, strokes: ink.strokes.count, canUndo: ink.canUndo, canRedo: ink.canRedo)
            })
    }

    /// One transparent PNG of the ink per output, written atomically (0600, never through a link).
    private func save(_ overlays: [Overlay], into directory: String?) -> ControlReply {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? "."
        let pictures = environment["XDG_PICTURES_DIR"] ?? home + "/Pictures"
        let target = directory ?? (FileManager.default.fileExists(atPath: pictures) ? pictures : home)
        var status = stat()
        guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            return .failure("\(target) is not a directory")
        }
        let stamp = Self.timestamp()
        var saved: [String] = []
        for overlay in overlays {
            let name = overlay.output.name.isEmpty ? "output-\(overlay.output.globalName)" : overlay.output.name
            var path = "\(target)/touchlight-\(name)-\(stamp).png"
            var counter = 2
            while FileManager.default.fileExists(atPath: path) {
                path = "\(target)/touchlight-\(name)-\(stamp)-\(counter).png"
                counter += 1
            }
            do {
                try SafeFiles.writeAtomically(try PNG.encode(overlay.inkImage()), to: path)
            } catch {
                return ControlReply(ok: false, error: "could not save: \(error)", saved: saved)
            }
            saved.append(path)
        }
        note("ink saved: \(saved.joined(separator: ", "))")
        return ControlReply(saved: saved)
    }

    private static func timestamp() -> String {
        var now = time(nil), local = tm()
        localtime_r(&now, &local)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &local)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
