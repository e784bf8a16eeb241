import CWaylandClient
import Glibc
import TouchCore

/// A wl_seat: its wl_touch feeds the dispatcher of the overlay each touch went down on; its
/// wl_keyboard is taken only while capturing, to leave capture mode with Escape. No key is
/// ever logged.
@MainActor
final class Seat {
    let proxy: OpaquePointer
    let globalName: UInt32
    let version: UInt32
    private(set) var name = ""
    private(set) var capabilities: UInt32 = 0
    private unowned let app: App
    private var touch: OpaquePointer?
    private var keyboard: OpaquePointer?
    /// The overlay each active touch id belongs to (motion and up carry no surface).
    private var touchOverlays: [Int32: Overlay] = [:]
    private var overlaysInFrame: [Overlay] = []
    private var keys: KeyInterpreter?
    /// wl_touch times onto the scheduler's clock.
    private var clock = ClockDomain()

    private var seatListener = wl_seat_listener()
    private var touchListener = wl_touch_listener()
    private var keyboardListener = wl_keyboard_listener()

    init(app: App, proxy: OpaquePointer, globalName: UInt32, version: UInt32) {
        self.app = app
        self.proxy = proxy
        self.globalName = globalName
        self.version = version
        let me = listenerData(self)
        seatListener.capabilities = { data, _, caps in withOwner(data, Seat.self) { $0.capabilitiesChanged(caps) } }
        seatListener.name = { data, _, name in
            guard let name else { return }
            withOwner(data, Seat.self) { $0.name = String(cString: name) }
        }
        wl_seat_add_listener(proxy, &seatListener, me)
        setUpTouchListener()
        setUpKeyboardListener()
    }


    var hasTouch: Bool { capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0 }

    private func capabilitiesChanged(_ caps: UInt32) {
        capabilities = caps
        let me = listenerData(self)
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(proxy)
            wl_touch_add_listener(touch, &touchListener, me)
        } else if !hasTouch, let touch {
            release(touch: touch)
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
        let wants = app.isCapturing && capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if wants, keyboard == nil {
            keyboard = wl_seat_get_keyboard(proxy)
            wl_keyboard_add_listener(keyboard, &keyboardListener, listenerData(self))
        } else if !wants, let keyboard {
            if version >= 3 { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) }
            self.keyboard = nil
        }
    }

    // MARK: wl_touch

    private func setUpTouchListener() {
        touchListener.down = { data, _, _, time, surface, id, x, y in
            withOwner(data, Seat.self) { seat in
                guard let surface, let overlay = seat.app.overlay(for: surface) else { return }
                seat.touchOverlays[id] = overlay
                overlay.dispatcher.down(id: Int(id), at: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)),
                                        time: seat.time(milliseconds: time))
                seat.noteFrame(overlay)
            }
        }
        touchListener.up = { data, _, _, time, id in
            withOwner(data, Seat.self) { seat in
                guard let overlay = seat.touchOverlays.removeValue(forKey: id) else { return }
                overlay.dispatcher.up(id: Int(id), time: seat.time(milliseconds: time))
                seat.noteFrame(overlay)
            }
        }
        touchListener.motion = { data, _, time, id, x, y in
            withOwner(data, Seat.self) { seat in
                guard let overlay = seat.touchOverlays[id] else { return }
                overlay.dispatcher.motion(id: Int(id), at: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)),
                                          time: seat.time(milliseconds: time))
                seat.noteFrame(overlay)
            }
        }
        touchListener.frame = { data, _ in
            withOwner(data, Seat.self) { seat in
                let overlays = seat.overlaysInFrame
                seat.overlaysInFrame.removeAll()
                for overlay in overlays {
                    overlay.dispatcher.frame()
                    overlay.setNeedsDraw()
                }
            }
        }
        touchListener.cancel = { data, _ in withOwner(data, Seat.self) { $0.cancelAllTouches() } }
        touchListener.shape = { data, _, id, major, minor in
            withOwner(data, Seat.self) { seat in
                guard let overlay = seat.touchOverlays[id] else { return }
                overlay.dispatcher.shape(id: Int(id), major: wl_fixed_to_double(major), minor: wl_fixed_to_double(minor))
                seat.noteFrame(overlay)
            }
        }
        touchListener.orientation = { data, _, id, orientation in
            withOwner(data, Seat.self) { seat in
                guard let overlay = seat.touchOverlays[id] else { return }
                // wl_touch gives degrees; TouchCore takes radians.
                overlay.dispatcher.orientation(id: Int(id), angle: wl_fixed_to_double(orientation) * .pi / 180)
                seat.noteFrame(overlay)
            }
        }
    }

    /// wl_touch.cancel (or the touch capability going away): every overlay with touches of
    /// this seat cancels them.
    private func cancelAllTouches() {
        var seen: [Overlay] = []
        for overlay in touchOverlays.values + overlaysInFrame where !seen.contains(where: { $0 === overlay }) {
            seen.append(overlay)
            overlay.dispatcher.cancel()
            overlay.setNeedsDraw()
        }
        touchOverlays.removeAll()
        overlaysInFrame.removeAll()
    }

    /// A wl_touch time (wrapping milliseconds on the compositor's clock) on the scheduler's.
    private func time(milliseconds: UInt32) -> Double {
        clock.map(milliseconds: milliseconds, now: app.scheduler.now)
    }

    private func noteFrame(_ overlay: Overlay) {
        app.inputArrived()
        if !overlaysInFrame.contains(where: { $0 === overlay }) { overlaysInFrame.append(overlay) }
    }

    /// An overlay went away: forget its touches.
    func forget(_ overlay: Overlay) {
        touchOverlays = touchOverlays.filter { $0.value !== overlay }
        overlaysInFrame.removeAll { $0 === overlay }
    }

    // MARK: wl_keyboard (capture mode only)

    private func setUpKeyboardListener() {
        keyboardListener.keymap = { data, _, format, fd, size in
            withOwner(data, Seat.self) { seat in seat.loadKeymap(format: format, fd: fd, size: Int(size)) }
        }
        keyboardListener.enter = { _, _, _, _, _ in }
        keyboardListener.leave = { _, _, _, _ in }
        keyboardListener.key = { data, _, _, _, key, state in
            withOwner(data, Seat.self) { seat in
                guard state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, seat.keys?.isEscape(evdevKey: key) == true else { return }
                seat.app.setCapturing(false)
            }
        }
        keyboardListener.modifiers = { data, _, _, depressed, latched, locked, group in
            withOwner(data, Seat.self) { seat in
                seat.keys?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            }
        }
        keyboardListener.repeat_info = { _, _, _, _ in }
    }

    private func loadKeymap(format: UInt32, fd: Int32, size: Int) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue,
              let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
        defer { munmap(map, size) }
        keys = KeyInterpreter(keymapText: map.assumingMemoryBound(to: CChar.self))
    }

    func destroy() {
        if let touch { release(touch: touch) }
        if let keyboard { if version >= 3 { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) } }
        keyboard = nil
        keys = nil
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }
}
