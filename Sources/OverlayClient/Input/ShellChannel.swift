import CLinux
import FoundationEssentials
import Glibc
import TouchscreenInput

/// What the channel tells the program besides touches.
@MainActor
protocol ShellChannelEvents: AnyObject {
    /// The shell's Quick Settings toggle asks for a mode.
    func shellAsked(mode: String)
    /// The shell closed the channel: the extension was disabled, or the shell is ending.
    func shellClosedChannel()
    /// The picture of an output's monitor the zoom asked for (nil: none could be taken).
    func shellCaptured(output: String, path: String?)
    func note(_ text: String)
}

/// The private channel to Touchlight's GNOME Shell extension (`gnome-extension/`), which
/// started this process: a SOCK_SEQPACKET socket the shell handed over on a descriptor of 4 or
/// above, named in `TOUCHLIGHT_SHELL_CHANNEL`. Through it come every touch on the stage (which
/// the shell sees and a Wayland client cannot) and the monitors' layout; through it go
/// Touchlight's mode and its asking for the keyboard. See `ShellMessage` for the words.
///
/// Touches go through a `TouchTranslator` exactly as the libinput source's do, one device per
/// monitor, so markers, gestures, ink and recordings see no difference. The overlay's own
/// wl_touch is not taken (`Seat`): a touch on its window (draw mode, the toolbar) comes this way
/// too, and counts once.
@MainActor
final class ShellChannel {
    /// The environment variable that names the descriptor.
    nonisolated static let environmentName = "TOUCHLIGHT_SHELL_CHANNEL"

    let fd: Int32
    let translator: TouchTranslator
    /// Told what is not a touch (set right after it is made, before the loop reads it).
    weak var events: ShellChannelEvents?
    /// The monitors as last announced (index → monitor), and a list being announced.
    private(set) var monitors: [Int: ShellMessage.Monitor] = [:]
    private var announcing: (expected: Int, monitors: [Int: ShellMessage.Monitor])?
    /// Events the shell reported dropping, and packets refused here.
    private(set) var droppedByShell = 0
    private(set) var refusedPackets = 0

    /// The channel's descriptor named in the environment, checked: nil when there is none (not
    /// started by the extension). The variable is removed, so no child inherits the name.
    static func descriptorFromEnvironment() throws(ClientError) -> Int32? {
        guard let value = ProcessInfo.processInfo.environment[environmentName] else { return nil }
        unsetenv(environmentName)
        return try checkedDescriptor(value)
    }

    /// The descriptor `value` names, if it is what the extension hands over: a number of 4 or
    /// more (3 is the Wayland connection mutter gives), a SOCK_SEQPACKET socket, whose peer is
    /// this user's process that started this one. It is then non-blocking and closed on exec.
    static func checkedDescriptor(_ value: String) throws(ClientError) -> Int32 {
        func refuse(_ why: String) -> ClientError { .shellChannel("\(environmentName)=\(value.prefix(16)): \(why)") }
        guard let fd = Int32(value), fd >= 4 else { throw refuse("not a descriptor number of 4 or more") }
        var type: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0 else { throw refuse("not an open socket (\(String(cString: strerror(errno))))") }
        guard type == Int32(SOCK_SEQPACKET.rawValue) else { throw refuse("not a SOCK_SEQPACKET socket") }
        var uid: UInt32 = 0
        var pid: Int32 = 0
        guard tl_peer_credentials(fd, &uid, &pid) == 0 else { throw refuse("its peer's credentials cannot be read") }
        guard uid == getuid() else { throw refuse("its peer runs as user \(uid), not as this user") }
        guard pid == getppid() else { throw refuse("its peer (process \(pid)) is not the shell that started touchlight (process \(getppid()))") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return fd
    }

    init(fd: Int32, overlayNamed: @escaping (String) -> Overlay?) {
        self.fd = fd
        let connectors = Connectors()
        translator = TouchTranslator { name in
            guard let connector = connectors.byDevice[name], let overlay = overlayNamed(connector) else { return nil }
            // Every touch comes this way, the ones on the overlay's own window too (its wl_touch
            // is not taken), so none is left to wl_touch.
            return .init(dispatcher: overlay.dispatcher, output: connector) { [unowned overlay] in TouchscreenMapping(logicalSize: overlay.size) }
        }
        self.connectors = connectors
    }

    /// Each monitor's device name → its connector (what the translator's targets look up).
    private final class Connectors { var byDevice: [String: String] = [:] }
    private let connectors: Connectors

    // MARK: Reading

    /// Reads every packet waiting; tells `events` once the shell has closed the channel.
    func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: ShellMessage.maximumLength + 1)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 {
                // A SOCK_SEQPACKET socket reads 0 bytes both at its end and for an empty
                // packet: only a hung-up peer is the end.
                if tl_peer_hung_up(fd) != 0 { events?.shellClosedChannel(); return }
                refused("an empty packet")
                continue
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK { events?.shellClosedChannel() }
                return
            }
            let text = String(decoding: buffer[0..<count], as: UTF8.self)
            do { try handle(ShellMessage(parsing: Substring(text))) } catch { refused("\(error)") }
        }
    }

    /// A packet that is no message: counted, and said for the first ten.
    private func refused(_ why: String) {
        refusedPackets += 1
        if refusedPackets <= 10 { events?.note("shell channel: refused a message: \(why)") }
    }

    private func handle(_ message: ShellMessage) {
        switch message {
        case .touch(let phase, let slot, let x, let y, let monitorIndex, let milliseconds):
            guard let monitor = monitors[monitorIndex] else { return }
            let device = monitorIndex + 1, time = Double(milliseconds) / 1000
            let (u, v) = monitor.normalized(x: x, y: y)
            switch phase {
            case .begin: translator.handle(.touchDown(device: device, slot: slot, x: u, y: v, time: time))
            case .update: translator.handle(.touchMotion(device: device, slot: slot, x: u, y: v, time: time))
            case .end: translator.handle(.touchUp(device: device, slot: slot, time: time))
            case .cancel: translator.handle(.touchCancel(device: device, slot: slot, time: time))
            }
            translator.handle(.touchFrame(device: device, time: time))
        case .monitors(let count):
            announcing = (count, [:])
            if count == 0 { takeAnnouncedMonitors() }
        case .monitor(let monitor):
            guard announcing != nil else { return }
            announcing?.monitors[monitor.index] = monitor
            if let announcing, announcing.monitors.count >= announcing.expected { takeAnnouncedMonitors() }
        case .dropped(let total):
            guard total > droppedByShell else { return }
            events?.note("the shell dropped \(total - droppedByShell) touch events (\(total) in all): touchlight fell behind; the touches down are cancelled")
            droppedByShell = total
            // A lift may have been among them: no marker may stay stuck on a touch that ended.
            for (index, monitor) in monitors {
                translator.handle(.deviceRemoved(device: index + 1))
                translator.handle(.deviceAdded(device: index + 1, name: Self.deviceName(monitor), properties: Self.touchscreen))
            }
        case .mode(let name):
            events?.shellAsked(mode: name)
        case .captured(let output, let path):
            events?.shellCaptured(output: output, path: path)
        case .keyboard, .capture, .released:
            events?.note("shell channel: ignoring \"\(message.text)\", which only touchlight sends")
        }
    }

    /// A new monitor list: each monitor is a device of its own, mapped to the output of its
    /// connector. Touches down on a monitor that changed are cancelled.
    private func takeAnnouncedMonitors() {
        guard let announced = announcing?.monitors else { return }
        announcing = nil
        for (index, old) in monitors where announced[index] != old {
            translator.handle(.deviceRemoved(device: index + 1))
        }
        for (index, monitor) in announced.sorted(by: { $0.key < $1.key }) where monitors[index] != monitor {
            connectors.byDevice[Self.deviceName(monitor)] = monitor.connector
            translator.handle(.deviceAdded(device: index + 1, name: Self.deviceName(monitor), properties: Self.touchscreen))
        }
        monitors = announced
        events?.note("the shell's monitors: " + announced.values.sorted { $0.index < $1.index }
            .map { "\($0.connector) at \(Int($0.x)),\(Int($0.y)) \(Int($0.width))×\(Int($0.height))" }.joined(separator: ", "))
    }

    /// Each monitor is a touchscreen of its own to the translator.
    private static func deviceName(_ monitor: ShellMessage.Monitor) -> String { "GNOME Shell monitor \(monitor.index) (\(monitor.connector))" }
    private static let touchscreen = ["ID_INPUT_TOUCHSCREEN": "1"]

    /// Outputs changed: every monitor is mapped to its overlay again.
    func retarget() { translator.retarget() }

    // MARK: Writing

    /// Sends one message; one the shell cannot take now is dropped (it reads as fast as it can,
    /// and what Touchlight sends is its state, which it sends again when it changes).
    func send(_ message: ShellMessage) {
        let text = message.text
        let sent = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        if sent < 0 { events?.note("shell channel: could not send \"\(text)\": \(String(cString: strerror(errno)))") }
    }

    func close() { Glibc.close(fd) }
}
