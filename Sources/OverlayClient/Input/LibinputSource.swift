import CLibinput
import Glibc
import TouchscreenInput

/// Reads touchscreens through libinput (udev seat) while the overlay lets every touch through
/// to the applications, so Touchlight sees other applications' touches. It opens touchscreens
/// only: libinput asks before opening any device, and everything but a touchscreen is refused
/// (see `DeviceFilter`). It never runs as root.
@MainActor
final class LibinputSource {
    private let context: OpaquePointer
    private let udev: OpaquePointer
    let translator: TouchTranslator
    private var interface = libinput_interface()
    private var deviceIDs: [OpaquePointer: Int] = [:]
    private var nextDeviceID = 1
    /// Each touchscreen's panel size in millimetres, by name, when libinput knows it.
    private(set) var physicalSizes: [String: (width: Double, height: Double)] = [:]
    let fd: Int32

    /// Checks that the source can start here: not as root, a touchscreen exists, this user may
    /// read one. Each way of failing has its own message; nothing is opened.
    static func check() throws(ClientError) {
        guard geteuid() != 0 else {
            throw .touchscreens("the libinput source does not run as root: as root it could read every input device, keyboards included. Run touchlight as yourself; \(Touchscreens.accessAdvice)")
        }
        let touchscreens = Touchscreens.list()
        guard !touchscreens.isEmpty else {
            throw .touchscreens("no touchscreen found: udev lists no input device tagged ID_INPUT_TOUCHSCREEN=1 (touchlight doctor shows what it sees).")
        }
        guard touchscreens.contains(where: \.readable) else {
            let names = touchscreens.map { "\($0.name) (\($0.node))" }.joined(separator: ", ")
            throw .touchscreens("cannot read the touchscreens \(names): permission denied. \(Touchscreens.accessAdvice)")
        }
    }

    init(seat: String, translator: TouchTranslator) throws(ClientError) {
        try Self.check()
        guard let udev = udev_new() else { throw .system("udev_new", errno) }
        self.udev = udev
        self.translator = translator
        interface.open_restricted = { path, flags, data in
            guard let path, let data else { return -EINVAL }
            let source = Unmanaged<LibinputSource>.fromOpaque(data).takeUnretainedValue()
            let properties = MainActor.assumeIsolated { Touchscreens.properties(ofNode: String(cString: path), udev: source.udev) }
            guard DeviceFilter.decide(properties: properties) == .open else { return -EACCES }
            let fd = open(path, flags | O_CLOEXEC)
            return fd < 0 ? -errno : fd
        }
        interface.close_restricted = { fd, _ in close(fd) }
        guard let context = libinput_udev_create_context(&interface, nil, udev) else {
            udev_unref(udev)
            throw .system("libinput_udev_create_context", errno)
        }
        self.context = context
        fd = libinput_get_fd(context)
        // open_restricted receives the context's user data: set it before the seat opens devices.
        libinput_set_user_data(context, Unmanaged.passUnretained(self).toOpaque())
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            libinput_unref(context)
            udev_unref(udev)
            throw .touchscreens("libinput could not use seat \(seat)")
        }
        // The devices already present are announced on the first `dispatch`, which the owner
        // calls once it holds the source.
    }

    /// Opens the touchscreens for `translator` and reads them whenever the loop sees them
    /// ready; `events` hears that input arrived, that it was delivered, and which devices
    /// were refused.
    static func listening(on loop: EventLoop, translator: TouchTranslator, events: TouchscreenEvents) throws(ClientError) -> LibinputSource {
        let source = try LibinputSource(seat: "seat0", translator: translator)
        source.dispatch()
        loop.add(fd: source.fd) { [unowned source, unowned events] revents in
            guard revents & Int16(POLLIN) != 0 else { return }
            events.inputArrived()
            source.dispatch()
            events.touchscreensDelivered()
        }
        for (name, reason) in translator.refused { events.note("refused \(name): \(reason)") }
        return source
    }

    /// Whether the libinput source runs: `[input] source = "libinput"` and its checks pass.
    /// The checks come before the compositor (their messages need none); a failed one falls
    /// back to wl_touch with `[input] fallback_to_wayland` (never while calibrating), and
    /// ends the program otherwise.
    static func isWanted(_ options: Options, note: (String) -> Void) throws(ClientError) -> Bool {
        guard options.usesLibinput else { return false }
        do {
            try check()
            return true
        } catch {
            guard options.configuration.input.fallbackToWayland, !options.overrides.calibrate else { throw error }
            note("\(error)")
            note("falling back to wl_touch ([input] fallback_to_wayland)")
            return false
        }
    }

    /// Reads what libinput has and feeds the translator.
    func dispatch() {
        libinput_dispatch(context)
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            if let translated = translate(event) { translator.handle(translated) }
        }
    }

    private func translate(_ event: OpaquePointer) -> LibinputEvent? {
        guard let device = libinput_event_get_device(event) else { return nil }
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let id = nextDeviceID
            nextDeviceID += 1
            deviceIDs[device] = id
            var properties: [String: String] = [:]
            if let udevDevice = libinput_device_get_udev_device(device) {
                properties = Touchscreens.properties(of: udevDevice)
                udev_device_unref(udevDevice)
            }
            let name = String(cString: libinput_device_get_name(device))
            var width = 0.0, height = 0.0
            if libinput_device_get_size(device, &width, &height) == 0, width > 0, height > 0 { physicalSizes[name] = (width, height) }
            return .deviceAdded(device: id, name: name, properties: properties)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let id = deviceIDs.removeValue(forKey: device) else { return nil }
            return .deviceRemoved(device: id)
        default:
            break
        }
        guard let id = deviceIDs[device], let touch = libinput_event_get_touch_event(event) else { return nil }
        let time = Double(libinput_event_touch_get_time_usec(touch)) / 1_000_000
        let precision: UInt32 = 1_000_000
        func position() -> (Double, Double) {
            (libinput_event_touch_get_x_transformed(touch, precision) / Double(precision),
             libinput_event_touch_get_y_transformed(touch, precision) / Double(precision))
        }
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN:
            let (x, y) = position()
            return .touchDown(device: id, slot: Int(libinput_event_touch_get_seat_slot(touch)), x: x, y: y, time: time)
        case LIBINPUT_EVENT_TOUCH_MOTION:
            let (x, y) = position()
            return .touchMotion(device: id, slot: Int(libinput_event_touch_get_seat_slot(touch)), x: x, y: y, time: time)
        case LIBINPUT_EVENT_TOUCH_UP: return .touchUp(device: id, slot: Int(libinput_event_touch_get_seat_slot(touch)), time: time)
        case LIBINPUT_EVENT_TOUCH_CANCEL: return .touchCancel(device: id, slot: Int(libinput_event_touch_get_seat_slot(touch)), time: time)
        case LIBINPUT_EVENT_TOUCH_FRAME: return .touchFrame(device: id, time: time)
        default: return nil
        }
    }

    isolated deinit {
        libinput_unref(context)
        udev_unref(udev)
    }
}
