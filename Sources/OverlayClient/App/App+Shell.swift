import Annotation
import FoundationEssentials
import Glibc

/// GNOME: the Shell extension that started touchlight hands it every touch over its channel
/// (`ShellChannel`), asks for modes from its Quick Settings toggle, and gives a window the
/// keyboard when a text box asks.
extension App: ShellChannelEvents, KeyboardFocusBroker, ShellPictureSource {
    /// Whether the GNOME Shell extension started this process (it named its channel).
    public nonisolated static var startedByShellExtension: Bool {
        ProcessInfo.processInfo.environment[ShellChannel.environmentName] != nil
    }

    /// The role of the overlays' surfaces: windows the extension stacks when it started
    /// touchlight, layer surfaces otherwise.
    var surfaceRole: SurfaceRoleKind {
        switch globals.shell {
        case .layers(let shell, let version): .layerShell(shell, version: version)
        case .windows(let wmBase): .shellWindow(wmBase: wmBase, focus: self)
        }
    }

    /// Starts reading the channel (once the overlays exist, so each monitor finds its own).
    func startShellChannel() {
        guard let fd = shellChannelFD else { return }
        let channel = ShellChannel(fd: fd, events: self) { [unowned self] name in self.activeOverlays.first { $0.output.name == name } }
        shellChannel = channel
        loop.add(fd: fd) { [unowned self] revents in
            if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                self.inputArrived()
                channel.readAvailable()
                self.touchscreensDelivered()
            }
        }
        reportModeToShell()
        note("reading touches from the GNOME Shell extension's channel (descriptor \(fd))")
    }

    /// The overlays changed: each monitor finds its overlay again, after the change is done.
    func retargetShellChannel() {
        guard shellChannel != nil else { return }
        _ = scheduler.schedule(at: scheduler.now) { [weak self] in self?.shellChannel?.retarget() }
    }

    /// Tells the shell the mode now, for its toggle.
    func reportModeToShell() {
        shellChannel?.send(.mode(annotateSettings.mode.name))
    }

    func shellAsked(mode name: String) {
        guard let mode = AnnotationMode(rawValue: name) else { return note("the shell asked for an unknown mode \(name.prefix(16)); ignored") }
        let reply = execute(.mode(.set(mode)))
        if !reply.ok { logger.error("the shell's toggle: \(reply.error ?? "failed")") }
    }

    func shellClosedChannel() {
        guard exitStatus == nil else { return }
        note("the GNOME Shell extension closed its channel: exiting")
        exitStatus = 0
    }

    func windowWantsKeyboard(_ wants: Bool, output: String) {
        shellChannel?.send(.keyboard(take: wants, output: output))
    }

    /// The zoom on GNOME: the extension takes the monitor's picture with the Shell's own
    /// screenshot machinery.
    func askPicture(of overlay: Overlay) {
        guard let shellChannel else { return overlay.shellPictureArrived(.failure(.init("the GNOME Shell extension's channel is gone"))) }
        shellChannel.send(.capture(output: overlay.output.name))
    }

    func shellCaptured(output: String, path: String?) {
        guard let overlay = activeOverlays.first(where: { $0.output.name == output }), overlay.shellPictureAsked else {
            if path != nil { shellChannel?.send(.released(output: output)) }
            return
        }
        guard let path else { return overlay.shellPictureArrived(.failure(.init("the GNOME Shell extension could not take the screen's picture"))) }
        let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? ""
        let outcome = ShellPicture.load(path: path, runtimeDirectory: runtime, logicalSize: overlay.size)
        shellChannel?.send(.released(output: output))
        overlay.shellPictureArrived(outcome)
    }
}
