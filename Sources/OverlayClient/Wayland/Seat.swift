import CWaylandClient
import Glibc
import TouchCore

/// A wl_seat: its wl_touch feeds the dispatcher of the overlay each touch went down on, and
/// so do its wl_pointer while a drawing button is held (`Pointer`) and its pens while they
/// touch (`TabletSeat`, when the compositor has the tablet protocol); its wl_keyboard is taken
/// only while capturing, to leave capture mode with Escape, and while a text box is open, to
/// type into it (with the compositor's key repeat). No key is ever logged.
@MainActor
final class Seat {
    let proxy: OpaquePointer
    let globalName: UInt32
    let version: UInt32
    private(set) var name = ""
    private(set) var capabilities: UInt32 = 0
    private unowned let events: SeatEvents
    private let scheduler: Scheduler
    private var touch: OpaquePointer?
    /// Whether it takes wl_touch: not on GNOME, where the extension hands over every touch
    /// (the overlay's own included), so each counts once and none waits for a wl_touch frame.
    private let takesTouch: Bool
    private var keyboard: OpaquePointer?
    private var pointer: Pointer?
    private var tablets: TabletSeat?
    /// Input methods and on-screen keyboards, where the compositor relays them (text-input-v3).
    private(set) var textInput: TextInput?
    /// The overlay each active touch id belongs to (motion and up carry no surface).
    private var touchOverlays: [Int32: Overlay] = [:]
    private var overlaysInFrame: [Overlay] = []
    private var keys: KeyInterpreter?
    /// The compositor's key repeat: keys a second, and the wait before the first repeat (seconds).
    private var repeatRate = (perSecond: 25.0, delay: 0.6)
    /// The key held down and repeating into a text box, and its next repeat.
    private var repeating: (key: UInt32, timer: ScheduledTimer)?
    /// wl_touch times onto the scheduler's clock.
    private var clock = ClockDomain()


    init(proxy: OpaquePointer, globalName: UInt32, version: UInt32, scheduler: Scheduler, events: SeatEvents, takesTouch: Bool = true) {
        self.takesTouch = takesTouch
        self.events = events
        self.scheduler = scheduler
        self.proxy = proxy
        self.globalName = globalName
        self.version = version
        wl_seat_add_listener(proxy, Self.seatEvents.pointer, listenerData(self))
    }


    /// Takes this seat's text input through the compositor's manager (once).
    func attachTextInput(manager: OpaquePointer) {
        guard textInput == nil else { return }
        textInput = TextInput(manager: manager, seat: proxy, events: events)
    }

    /// Takes this seat's pens through the compositor's tablet manager (once).
    func attachTablets(manager: OpaquePointer) {
        guard tablets == nil else { return }
        tablets = TabletSeat(manager: manager, seat: proxy, scheduler: scheduler, events: events)
    }

    var hasTouch: Bool { capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0 }

    private func capabilitiesChanged(_ caps: UInt32) {
        capabilities = caps
        let me = listenerData(self)
        if hasTouch, takesTouch, touch == nil {
            touch = wl_seat_get_touch(proxy)
            wl_touch_add_listener(touch, Self.touchEvents.pointer, me)
        } else if !hasTouch, let touch {
            release(touch: touch)
        }
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = Pointer(seat: proxy, seatVersion: version, seatName: globalName, scheduler: scheduler, events: events)
        } else if !hasPointer, let pointer {
            pointer.destroy()
            self.pointer = nil
        }
        updateKeyboard()
    }

    private func release(touch: OpaquePointer) {
        cancelAllTouches()
        if version >= 3 { wl_touch_release(touch) } else { wl_touch_destroy(touch) }
        self.touch = nil
    }

    /// Takes the keyboard while capturing (for Escape), and gives it back otherwise.
    func updateKeyboard() {
        let wants = (events.isCapturing || events.isTyping) && capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if !events.isTyping { stopRepeating() }
        if wants, keyboard == nil {
            keyboard = wl_seat_get_keyboard(proxy)
            wl_keyboard_add_listener(keyboard, Self.keyboardEvents.pointer, listenerData(self))
        } else if !wants, let keyboard {
            if version >= 3 { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) }
            self.keyboard = nil
        }
        keys?.resetCompose()
    }

    // MARK: wl_touch

    private static let touchEvents: ListenerTable<wl_touch_listener> = {
        var events = wl_touch_listener()
        events.down = { data, _, _, time, surface, id, x, y in
            guard let surface else { return }
            nonisolated(unsafe) let target = surface  // used on the main thread, during dispatch
            let point = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            withOwner(data, Seat.self) { $0.touchDown(id: id, on: target, at: point, time: time) }
        }
        events.up = { data, _, _, time, id in withOwner(data, Seat.self) { $0.touchUp(id: id, time: time) } }
        events.motion = { data, _, time, id, x, y in
            let point = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            withOwner(data, Seat.self) { $0.touchMotion(id: id, to: point, time: time) }
        }
        events.frame = { data, _ in withOwner(data, Seat.self) { $0.touchFrame() } }
        events.cancel = { data, _ in withOwner(data, Seat.self) { $0.cancelAllTouches() } }
        events.shape = { data, _, id, major, minor in
            withOwner(data, Seat.self) { $0.touchShape(id: id, major: wl_fixed_to_double(major), minor: wl_fixed_to_double(minor)) }
        }
        events.orientation = { data, _, id, orientation in
            // wl_touch gives degrees; TouchCore takes radians.
            withOwner(data, Seat.self) { $0.touchOrientation(id: id, angle: wl_fixed_to_double(orientation) * .pi / 180) }
        }
        return ListenerTable(events)
    }()

    private func touchDown(id: Int32, on surface: OpaquePointer, at point: Point, time: UInt32) {
        guard let overlay = events.overlay(for: surface) else { return }
        touchOverlays[id] = overlay
        overlay.dispatcher.down(id: Int(id), at: point, time: self.time(milliseconds: time))
        events.touchWentDown(on: overlay, at: point, milliseconds: time)
        noteFrame(overlay)
    }

    private func touchUp(id: Int32, time: UInt32) {
        guard let overlay = touchOverlays.removeValue(forKey: id) else { return }
        overlay.dispatcher.up(id: Int(id), time: self.time(milliseconds: time))
        noteFrame(overlay)
    }

    private func touchMotion(id: Int32, to point: Point, time: UInt32) {
        guard let overlay = touchOverlays[id] else { return }
        overlay.dispatcher.motion(id: Int(id), at: point, time: self.time(milliseconds: time))
        noteFrame(overlay)
    }

    private func touchFrame() {
        let overlays = overlaysInFrame
        overlaysInFrame.removeAll()
        for overlay in overlays {
            overlay.dispatcher.frame()
            overlay.setNeedsDraw()
        }
    }

    private func touchShape(id: Int32, major: Double, minor: Double) {
        guard let overlay = touchOverlays[id] else { return }
        overlay.dispatcher.shape(id: Int(id), major: major, minor: minor)
        noteFrame(overlay)
    }

    private func touchOrientation(id: Int32, angle: Double) {
        guard let overlay = touchOverlays[id] else { return }
        overlay.dispatcher.orientation(id: Int(id), angle: angle)
        noteFrame(overlay)
    }

    /// wl_touch.cancel (or the touch capability going away): every overlay with touches of
    /// this seat cancels them, and only them: a pen's stroke or a held mouse button goes on
    /// (the compositor took the touches, a palm perhaps, not the pen).
    private func cancelAllTouches() {
        var cancelled: [(overlay: Overlay, ids: [Int])] = overlaysInFrame.map { ($0, []) }
        for (id, overlay) in touchOverlays.sorted(by: { $0.key < $1.key }) {
            if let index = cancelled.firstIndex(where: { $0.overlay === overlay }) {
                cancelled[index].ids.append(Int(id))
            } else {
                cancelled.append((overlay, [Int(id)]))
            }
        }
        for (overlay, ids) in cancelled {
            overlay.dispatcher.cancel(ids: ids)  // delivers what is pending first
            overlay.setNeedsDraw()
        }
        touchOverlays.removeAll()
        overlaysInFrame.removeAll()
    }

    /// A wl_touch time (wrapping milliseconds on the compositor's clock) on the scheduler's.
    private func time(milliseconds: UInt32) -> Double {
        clock.map(milliseconds: milliseconds, now: scheduler.now)
    }

    private func noteFrame(_ overlay: Overlay) {
        events.inputArrived()
        if !overlaysInFrame.contains(where: { $0 === overlay }) { overlaysInFrame.append(overlay) }
    }

    /// An overlay went away: forget its touches.
    func forget(_ overlay: Overlay) {
        pointer?.forget(overlay)
        tablets?.forget(overlay)
        touchOverlays = touchOverlays.filter { $0.value !== overlay }
        overlaysInFrame.removeAll { $0 === overlay }
    }

    // MARK: wl_keyboard (capture mode only)

    private static let seatEvents: ListenerTable<wl_seat_listener> = {
        var events = wl_seat_listener()
        events.capabilities = { data, _, caps in withOwner(data, Seat.self) { $0.capabilitiesChanged(caps) } }
        events.name = { data, _, name in
            guard let name else { return }
            let text = String(cString: name)
            withOwner(data, Seat.self) { $0.name = text }
        }
        return ListenerTable(events)
    }()

    private static let keyboardEvents: ListenerTable<wl_keyboard_listener> = {
        var events = wl_keyboard_listener()
        events.keymap = { data, _, format, fd, size in withOwner(data, Seat.self) { $0.loadKeymap(format: format, fd: fd, size: Int(size)) } }
        events.enter = { data, _, _, surface, _ in
            nonisolated(unsafe) let target = surface  // used on the main thread, during dispatch
            withOwner(data, Seat.self) { $0.events.keyboardFocused(true, on: target) }
        }
        events.leave = { data, _, _, _ in
            withOwner(data, Seat.self) { seat in
                seat.stopRepeating()
                seat.events.keyboardFocused(false, on: nil)
            }
        }
        events.key = { data, _, _, _, key, state in
            let pressed = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
            withOwner(data, Seat.self) { pressed ? $0.keyPressed(key) : $0.keyReleased(key) }
        }
        events.modifiers = { data, _, _, depressed, latched, locked, group in
            withOwner(data, Seat.self) { $0.keys?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group) }
        }
        events.repeat_info = { data, _, rate, delay in withOwner(data, Seat.self) { $0.repeatRate = (Double(max(0, rate)), Double(max(0, delay)) / 1000) } }
        return ListenerTable(events)
    }()

    /// While a text box is open, each key goes to it (Escape closes it); otherwise Escape
    /// leaves capture mode and no other key does anything. None is logged.
    private func keyPressed(_ key: UInt32) {
        stopRepeating()
        guard events.isTyping else {
            if keys?.isEscape(evdevKey: key) == true { events.leaveCaptureMode() }
            return
        }
        guard let keys, let meaning = keys.meaning(ofEvdevKey: key) else { return }
        events.typed(meaning)
        if case .edit = meaning, keys.repeats(evdevKey: key), repeatRate.perSecond > 0 {
            repeatKey(key, meaning, at: scheduler.now + repeatRate.delay)
        }
    }

    private func keyReleased(_ key: UInt32) {
        if repeating?.key == key { stopRepeating() }
    }

    /// The held key types again at `time`, then at the compositor's rate, while a box is open.
    private func repeatKey(_ key: UInt32, _ meaning: KeyInterpreter.Meaning, at time: Double) {
        let timer = scheduler.schedule(at: time) { [weak self] in
            guard let self, self.repeating?.key == key, self.events.isTyping else { return }
            self.events.typed(meaning)
            self.repeatKey(key, meaning, at: time + 1 / self.repeatRate.perSecond)
        }
        repeating = (key, timer)
    }

    private func stopRepeating() {
        if let repeating { scheduler.cancel(repeating.timer) }
        repeating = nil
    }

    private func loadKeymap(format: UInt32, fd: Int32, size: Int) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue,
              let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
        defer { munmap(map, size) }
        keys = KeyInterpreter(keymapText: map.assumingMemoryBound(to: CChar.self))
    }

    func destroy() {
        stopRepeating()
        textInput?.destroy()
        textInput = nil
        if let touch { release(touch: touch) }
        pointer?.destroy()
        pointer = nil
        tablets?.destroy()
        tablets = nil
        if let keyboard { if version >= 3 { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) } }
        keyboard = nil
        keys = nil
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }
}
