import Annotation
import FoundationEssentials
import Glibc
import Stage
import TouchCore

/// What the link to the GNOME Shell extension needs of the program, and nothing more.
@MainActor
struct ShellLinkNeeds {
    /// The overlays there are now.
    var overlays: () -> [Overlay]
    /// The annotation mode now, and carrying out a mode the shell's toggle asks for.
    var mode: () -> AnnotationMode
    var setMode: (AnnotationMode, @escaping (ControlReply) -> Void) -> Void
    /// Touches arrived (statistics), and were delivered (the overlays draw).
    var inputArrived: () -> Void
    var delivered: () -> Void
    /// The shell closed the channel: the program ends (status 0).
    var end: () -> Void
    var note: (String) -> Void
    var error: (String) -> Void
}

/// GNOME: the link to the Shell extension that started touchlight. It reads the channel
/// (`ShellChannel`: every touch, the monitors, the toggle's modes), tells the shell the mode,
/// asks it for the keyboard when a text box opens (`KeyboardFocusBroker`), and for its
/// monitors' pictures (`ShellPictures`).
@MainActor
final class ShellLink: ShellChannelEvents, KeyboardFocusBroker {
    /// Whether the GNOME Shell extension started this process (it named its channel).
    nonisolated static var startedByExtension: Bool {
        ProcessInfo.processInfo.environment[ShellChannel.environmentName] != nil
    }

    private let needs: ShellLinkNeeds
    private let scheduler: Scheduler
    private let channel: ShellChannel
    /// The monitors' pictures the extension takes, for the zoom and screenshots.
    let pictures: ShellPictures

    init(fd: Int32, scheduler: Scheduler, needs: ShellLinkNeeds) throws(ClientError) {
        self.needs = needs
        self.scheduler = scheduler
        let channel = ShellChannel(fd: fd) { [needs] name in needs.overlays().first { $0.output.name == name } }
        self.channel = channel
        pictures = try ShellPictures(channel: .init(capture: { channel.send(.capture(output: $0)) }, release: { channel.send(.released(output: $0)) }),
                                     runtimeDirectory: ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "")
        channel.events = self
    }

    /// Starts reading the channel (once the overlays exist, so each monitor finds its own).
    func start(on loop: EventLoop) {
        loop.add(fd: channel.fd) { [unowned self] revents in
            guard revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return }
            self.needs.inputArrived()
            self.channel.readAvailable()
            self.needs.delivered()
        }
        reportMode()
        needs.note("reading touches from the GNOME Shell extension's channel (descriptor \(channel.fd))")
    }

    /// The overlays changed: each monitor finds its overlay again, after the change is done.
    func overlaysChanged() {
        _ = scheduler.schedule(at: scheduler.now) { [weak self] in self?.channel.retarget() }
    }

    /// Tells the shell the mode now, for its toggle.
    func reportMode() {
        channel.send(.mode(needs.mode().name))
    }

    func close() { channel.close() }

    // MARK: ShellChannelEvents

    func shellAsked(mode name: String) {
        guard let mode = AnnotationMode(rawValue: name) else { return needs.note("the shell asked for an unknown mode \(name.prefix(16)); ignored") }
        needs.setMode(mode) { [needs] reply in
            if !reply.ok { needs.error("the shell's toggle: \(reply.error ?? "failed")") }
        }
    }

    func shellClosedChannel() {
        needs.note("the GNOME Shell extension closed its channel: exiting")
        needs.end()
    }

    func note(_ text: String) { needs.note(text) }

    // MARK: The keyboard and the monitors' pictures

    func windowWantsKeyboard(_ wants: Bool, output: String) {
        channel.send(.keyboard(take: wants, output: output))
    }

    func shellCaptured(output: String, path: String?) {
        pictures.captured(output: output, path: path)
    }
}
