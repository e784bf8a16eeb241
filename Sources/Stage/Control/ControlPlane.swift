import Annotation
import FoundationEssentials
import Glibc
import Renderer
import SafeFiles
import TouchCore
import TouchlightConfig

/// What a command acts on: one scene with its ink and toolbar. The live overlay on an output
/// is one; the scene `touchlight render` draws is another.
@MainActor
package protocol AnnotationTarget: AnyObject {
    var scene: OverlayScene { get }
    /// The output's name, for `status` and saved files.
    var outputName: String { get }
    /// The scene changed: draw it again (`everything` after a mode or pause change, which
    /// also changes what takes input).
    func sceneChanged(everything: Bool)
    /// A page's ink alone (from 0), at the target's size and scale.
    func inkImage(page: Int) -> PNG.Image
    /// Freezes the screen and shows it to zoom (or goes back to the live screen); why not, or nil.
    func setZoom(_ on: Bool) -> String?
}

extension AnnotationTarget {
    /// New `[annotate]` settings (a command, or a reload): the ink stays.
    func apply(annotate settings: Configuration.Annotate) {
        scene.apply(scene.settings.with(annotate: settings))
        sceneChanged(everything: false)
    }
}

/// The one place a command is carried out, whoever gives it: `touchlight ctl`, a toolbar
/// button, or a trace's `set` line (replayed live or drawn by `render`). It keeps what the
/// commands set (`AnnotationState`), which outlives a configuration reload.
@MainActor
package final class ControlPlane {
    /// The configuration's `[annotate]` section (replaced on reload).
    package var file: Configuration.Annotate
    package private(set) var state = AnnotationState()
    /// The mode, tool, colour or width changed (a recording writes it down).
    package var onSettingsChanged: (() -> Void)?
    /// An edit a recording keeps as it is given (`stamp reset`: the touches do not tell it).
    package var onRecordableEdit: ((ControlCommand) -> Void)?
    /// One line for the log.
    package var note: (String) -> Void = { _ in }

    package init(file: Configuration.Annotate) { self.file = file }

    /// The `[annotate]` settings in force: the file's, with what commands changed.
    package var settings: Configuration.Annotate { state.applied(to: file) }
    package var isPaused: Bool { state.isPaused }

    /// Carries out `command` on `targets` (undo, redo and clear edit each target's own ink), and
    /// says what the program is left to do: answer, write files, take screenshots or reload.
    /// `away` holds the ink of outputs that are gone (`clear --all` forgets it too, `save
    /// --session` keeps it).
    package func execute(_ command: ControlCommand, on targets: [AnnotationTarget], away: InkShelf? = nil) -> ControlEffect {
        if !command.keepsTextBox { putDownTextBoxes(on: targets) }
        switch command {
        case .save(let directory, let allPages):
            do { return .write(try prepareSave(targets, into: directory, allPages: allPages)) } catch { return .reply(.failure(error.reason)) }
        case .savePDF(let path):
            do { return .write(try preparePDF(targets, to: path)) } catch { return .reply(.failure(error.reason)) }
        case .saveSession(let path):
            return .write(.session(InkSession(plane: self, targets: targets, away: away ?? InkShelf()), to: path))
        case .screenshot(let path):
            return .screenshot(path: path)
        case .reload:
            return .reload
        case .clearAll:
            away?.forgetAll()
            return .reply(change(command, on: targets))
        default:
            return .reply(change(command, on: targets))
        }
    }

    /// Carries out `command` and its effect at once, where nothing runs beside (tests, `render`):
    /// files are written before it returns; a screenshot or a reload needs the running overlay.
    package func executeAtOnce(_ command: ControlCommand, on targets: [AnnotationTarget]) -> ControlReply {
        switch execute(command, on: targets) {
        case .reply(let reply): reply
        case .write(let save): saved(save.write())
        case .screenshot: .failure("a screenshot is taken by the running overlay")
        case .reload: .failure("no configuration file to reload")
        }
    }

    /// A command that changes the scene or the settings: the reply with the status after it.
    private func change(_ command: ControlCommand, on targets: [AnnotationTarget]) -> ControlReply {
        switch command {
        case .mode(.set(let mode)):
            setMode(mode, on: targets)
        case .mode(.toggle):
            setMode(settings.mode == .draw ? .pass : .draw, on: targets)
        case .tool, .color, .width, .board:
            _ = state.take(command)
            apply(on: targets)
        case .undo, .redo, .clear:
            for target in targets { edit(command, on: target) }
        case .stampReset:
            for target in targets { target.scene.ink.document.resetStamps() }
            note("stamps start again at 1")
            onRecordableEdit?(command)
        case .clearAll:
            for target in targets {
                target.scene.ink.forgetEveryPage()
                target.sceneChanged(everything: true)
            }
            state.page = 1
            note("every page forgotten")
            onSettingsChanged?()
        case .pause, .resume:
            state.isPaused = command == .pause
            for target in targets where target.scene.setPaused(state.isPaused) { target.sceneChanged(everything: true) }
        case .page(let change):
            if let problem = turnPage(change, on: targets) { return .failure(problem) }
        case .zoom(let change):
            let on = change == .toggle ? !targets.contains { $0.scene.zoom.state != .off } : change == .on
            // One finger draws on the frozen picture: zoom is a drawing mode.
            if on, settings.mode != .draw { setMode(.draw, on: targets) }
            for target in targets {
                if let problem = target.setZoom(on) { return .failure(problem) }
            }
            note("zoom \(on ? "on" : "off")")
        case .spotlight(let change):
            state.spotlight = change == .toggle ? !settings.spotlight.isOn : change == .on
            apply(on: targets)
            note("spotlight \(settings.spotlight.isOn ? "on" : "off")")
        case .status, .save, .savePDF, .saveSession, .screenshot, .reload:
            break  // effects (`execute`), or a look
        }
        return ControlReply(status: status(targets))
    }

    /// A trace's `set` line comes due: carried out as the scene record it is (`SceneRecord`), or
    /// as the ctl command it names. Nil when it was; else why not.
    package func replay(_ setting: TouchTrace.Setting, on targets: [AnnotationTarget]) -> String? {
        do {
            if let record = try SceneRecord(setting) { return record.apply(to: targets) }
        } catch { return error.description }
        let command: ControlCommand?
        do { command = try ControlCommand(recordName: setting.name, value: setting.value) } catch { return error.description }
        guard let command else { return "unknown setting \(setting.name)" }
        guard case .reply(let reply) = execute(command, on: targets) else { return "\(setting.name) is not a setting" }
        return reply.ok ? nil : reply.error ?? "failed"
    }

    /// Commits any open text box as ink, which gives the keyboard back (`pause` for a password,
    /// a tool change, a page turn: the box is no longer what is being edited).
    package func putDownTextBoxes(on targets: [AnnotationTarget]) {
        for target in targets where target.scene.ink.textBox != nil {
            target.scene.ink.commitTextBox()
            target.sceneChanged(everything: false)
        }
    }

    /// The settings in force, after a tool, colour, width or board command, on every target.
    private func apply(on targets: [AnnotationTarget]) {
        let settings = self.settings
        for target in targets { target.apply(annotate: settings) }
        onSettingsChanged?()
    }

    private func setMode(_ mode: AnnotationMode, on targets: [AnnotationTarget]) {
        // The zoom is a drawing mode: leaving draw mode brings the live screen back.
        if mode != .draw { for target in targets { _ = target.setZoom(false) } }
        state.mode = mode
        for target in targets where target.scene.setMode(mode) { target.sceneChanged(everything: true) }
        note("annotation mode: \(mode.name)")
        onSettingsChanged?()
    }

    /// Shows another page on every target (all turn together); why not, or nil.
    private func turnPage(_ change: ControlCommand.PageChange, on targets: [AnnotationTarget]) -> String? {
        let count = targets.map(\.scene.ink.pages.count).max() ?? 1
        let number: Int
        switch change {
        case .number(let wanted): number = wanted
        case .next:
            guard state.page < count else { return "this is the last page (\(state.page) of \(count)); `page new` adds one" }
            number = state.page + 1
        case .previous:
            guard state.page > 1 else { return "this is the first page" }
            number = state.page - 1
        case .new:
            guard count < AnnotationDefaults.pageLimit else { return "there are \(count) pages, the most kept" }
            number = count + 1
        }
        state.page = number
        for target in targets where target.scene.ink.showPage(number) { target.sceneChanged(everything: false) }
        note("page \(number)")
        onSettingsChanged?()
        return nil
    }

    private func edit(_ command: ControlCommand, on target: AnnotationTarget) {
        let document = target.scene.ink.document
        switch command {
        case .undo: document.undo()
        case .redo: document.redo()
        case .clear: document.clear()
        default: return
        }
        target.sceneChanged(everything: false)
    }

    package func status(_ targets: [AnnotationTarget]) -> ControlReply.Status {
        let settings = self.settings
        return ControlReply.Status(
            pid: getpid(), mode: settings.mode.name, paused: state.isPaused, tool: settings.ink.tool.name,
            color: settings.ink.color.hex, width: settings.ink.width, board: settings.board.name, spotlight: settings.spotlight.isOn,
            outputs: targets.map { target in
                let ink = target.scene.ink.document
                let zoom = target.scene.zoom
                return ControlReply.OutputStatus(name: target.outputName, strokes: ink.strokes.count, canUndo: ink.canUndo, canRedo: ink.canRedo,
                                                 page: target.scene.ink.pageIndex + 1, pages: target.scene.ink.pages.count,
                                                 zoom: zoom.isOn ? (zoom.view.scale * 100).rounded() / 100 : nil)
            })
    }

    /// `save`'s pictures: one of the ink per target (per page with `allPages`), transparent or
    /// on its board, rasterized now, each with the path it goes to (in `directory`, else the
    /// user's pictures folder, else home; never over an existing file). Writing them is the
    /// caller's (`InkSave.write`, off the loop).
    package func prepareSave(_ targets: [AnnotationTarget], into directory: String?, allPages: Bool) throws(InkSave.Refusal) -> InkSave {
        let folder = try Self.saveFolder(directory)
        let stamp = SafeFiles.timestamp()
        var save = InkSave(files: [])
        for overlay in targets {
            let ink = overlay.scene.ink
            for page in allPages ? Array(ink.pages.indices) : [ink.pageIndex] {
                let name = "touchlight-\(overlay.outputName)-\(stamp)" + (allPages ? "-page\(page + 1)" : "")
                save.files.append((.image(overlay.inkImage(page: page)), Self.newPath(in: folder, name: name, ending: "png")))
            }
        }
        return save
    }

    /// `save --pdf`'s document: every page of every target, a PDF page each at its output's
    /// logical size on its board, copied now; drawing and writing it is the caller's (off the
    /// loop). At `path`, else a new file in the pictures folder.
    package func preparePDF(_ targets: [AnnotationTarget], to path: String?) throws(InkSave.Refusal) -> InkSave {
        let pages = targets.flatMap { target in
            target.scene.ink.pages.map { InkPDF.Page(size: target.scene.size, background: target.scene.ink.renderer.page, strokes: $0.strokes) }
        }
        guard !pages.isEmpty else { throw InkSave.Refusal(reason: "no output: there are no pages to save") }
        let file: String
        if let path { file = path } else { file = Self.newPath(in: try Self.saveFolder(nil), name: "touchlight-\(SafeFiles.timestamp())", ending: "pdf") }
        return .pdf(pages, font: targets.first?.scene.text.map(InkPDF.Font.init), to: file)
    }

    /// Where `ctl screenshot`'s picture of each output goes: `file` for one output, `file` with
    /// the output's name before its ending for several (`shot.png` → `shot-DP-1.png`); without
    /// a file, a new file in the pictures folder, never over an existing one.
    package static func screenshotPaths(outputs: [String], file: String?,
                                        environment: [String: String] = ProcessInfo.processInfo.environment) throws(InkSave.Refusal) -> [String] {
        guard !outputs.isEmpty else { throw InkSave.Refusal(reason: "no output: there is nothing to take a screenshot of") }
        guard let file else {
            let folder = try saveFolder(nil, environment: environment), stamp = SafeFiles.timestamp()
            return outputs.map { newPath(in: folder, name: "touchlight-screenshot-\($0)-\(stamp)", ending: "png") }
        }
        guard outputs.count > 1 else { return [file] }
        let name = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(file.dropLast(name.distance(from: $0, to: name.endIndex))) } ?? file
        let ending = dot.map { String(name[$0...]) } ?? ""
        return outputs.map { "\(stem)-\($0)\(ending)" }
    }

    /// Where saves go: `directory`, else the user's pictures folder, else home.
    private static func saveFolder(_ directory: String?,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) throws(InkSave.Refusal) -> String {
        let home = environment["HOME"] ?? "."
        let pictures = environment["XDG_PICTURES_DIR"] ?? home + "/Pictures"
        let folder = directory ?? (FileManager.default.fileExists(atPath: pictures) ? pictures : home)
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw InkSave.Refusal(reason: "\(folder) is not a directory")
        }
        return folder
    }

    /// `folder/name.ending`, or `name-2`, `-3` … when taken: never over an existing file.
    private static func newPath(in folder: String, name: String, ending: String) -> String {
        var path = "\(folder)/\(name).\(ending)"
        var counter = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(folder)/\(name)-\(counter).\(ending)"
            counter += 1
        }
        return path
    }

    /// The reply for a save that was written: what it saved, or why it stopped.
    package func saved(_ outcome: InkSave.Outcome) -> ControlReply {
        guard let error = outcome.error else {
            note("saved: \(outcome.saved.joined(separator: ", "))")
            return ControlReply(saved: outcome.saved)
        }
        return ControlReply(ok: false, error: error, saved: outcome.saved)
    }
}
