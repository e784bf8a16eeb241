import Annotation
import Logging
import Stage
import TouchCore

/// What the seats need of the program, and nothing more.
@MainActor
struct SeatsNeeds {
    /// The overlays there are now, and the one whose surface this is.
    var overlays: () -> [Overlay]
    var overlayForSurface: (OpaquePointer) -> Overlay?
    /// Escape while capturing: in `touchlight calibrate` it ends the calibration (true), as
    /// without capture there is nothing to learn from.
    var escapeCalibration: () -> Bool
    /// The pointer buttons (evdev codes) that draw while held.
    var pointerDrawButtons: () -> [UInt32]
    /// Input arrived (statistics); a wl_touch went down (to compare with libinput's sighting).
    var inputArrived: () -> Void
    var touchWentDown: (_ overlay: Overlay, _ point: Point, _ milliseconds: UInt32) -> Void
    var logger: Logger
}

/// The seats the compositor announced, and what they ask of the program: capture mode (the
/// overlays take touches, and the keyboard is held for Escape), the keyboard while a text box
/// is open, each key and input-method change for that box, and where pens, pointers and
/// touches land. Keys go to the box and nowhere else: a recording
/// keeps what they made of it (`SessionRecorder`), never the keys.
@MainActor
final class Seats: SeatEvents {
    private var seats: [UInt32: Seat] = [:]
    private let needs: SeatsNeeds
    /// Whether the overlays take touches.
    private(set) var isCapturing: Bool

    init(capturing: Bool, needs: SeatsNeeds) {
        isCapturing = capturing
        self.needs = needs
    }

    /// Turns capture mode on or off on every overlay (Escape turns it off).
    func setCapturing(_ capturing: Bool) {
        guard capturing != isCapturing else { return }
        isCapturing = capturing
        for overlay in needs.overlays() { overlay.setCapturing(capturing) }
        updateKeyboards()
        needs.logger.notice(capturing ? "capturing touches" : "letting touches through (capture mode left)")
    }

    /// A wl_seat global, with its pens and text input when the compositor has their managers.
    func add(_ proxy: OpaquePointer, name: UInt32, version: UInt32, scheduler: Scheduler, takesTouch: Bool,
             tabletManager: OpaquePointer?, textInputManager: OpaquePointer?) {
        let seat = Seat(proxy: proxy, globalName: name, version: version, scheduler: scheduler, events: self, takesTouch: takesTouch)
        if let tabletManager { seat.attachTablets(manager: tabletManager) }
        if let textInputManager { seat.attachTextInput(manager: textInputManager) }
        seats[name] = seat
    }

    func remove(globalName name: UInt32) {
        seats.removeValue(forKey: name)?.destroy()
    }

    /// An overlay went: no seat holds on to it.
    func forget(_ overlay: Overlay) {
        for seat in seats.values { seat.forget(overlay) }
    }

    /// Capture mode or a text box changed: each seat takes or gives back the keyboard.
    func updateKeyboards() {
        for seat in seats.values { seat.updateKeyboard() }
    }

    /// A text box opened, changed or closed: one box at a time across every output (one that
    /// opens puts any other down; a replay does the same when it opens it, so that is not
    /// recorded), input methods hear of every change, and the keyboard follows the box.
    func textBoxChanged(_ change: TextBoxChange, on overlay: Overlay) {
        if change == .opened {
            for other in needs.overlays() where other !== overlay { other.ink.commitTextBox(displaced: true) }
        }
        for seat in seats.values { seat.textInput?.update() }
        guard change != .edited else { return }
        updateKeyboards()
        needs.logger.debug("text box \(change == .opened ? "opened on \(overlay.output.name): the keyboard types into it" : "closed")")
    }

    func destroyAll() {
        for seat in seats.values { seat.destroy() }
        seats.removeAll()
    }

    // MARK: SeatEvents

    func overlay(for surface: OpaquePointer) -> Overlay? { needs.overlayForSurface(surface) }
    var pointerDrawButtons: [UInt32] { needs.pointerDrawButtons() }
    func leaveCaptureMode() {
        if !needs.escapeCalibration() { setCapturing(false) }
    }
    func inputArrived() { needs.inputArrived() }

    func touchWentDown(on overlay: Overlay, at point: Point, milliseconds: UInt32) {
        needs.touchWentDown(overlay, point, milliseconds)
    }

    func keyboardFocused(_ focused: Bool, on surface: OpaquePointer?) {
        needs.logger.debug(focused ? "keyboard focus taken: Escape leaves capture mode" : "keyboard focus lost")
        if focused, let surface { overlay(for: surface)?.keyboardArrived() }
    }

    /// The overlay whose text box is open, if any.
    private var typingOverlay: Overlay? { needs.overlays().first { $0.scene.ink.textBox != nil } }

    var isTyping: Bool { typingOverlay != nil }

    func typed(_ meaning: KeyInterpreter.Meaning) {
        guard let ink = typingOverlay?.scene.ink else { return }
        switch meaning {
        case .escape: ink.cancelTextBox()
        case .enter(shift: true): ink.editTextBox(.newline)
        case .enter(shift: false): ink.commitTextBox()
        case .edit(let edit): ink.editTextBox(edit)
        }
    }

    func textBox(on surface: OpaquePointer) -> (box: TextBox, caret: Rect)? {
        guard let ink = overlay(for: surface)?.scene.ink, let box = ink.textBox else { return nil }
        return (box, ink.renderer.text.caretRect(of: box))
    }

    func inputMethod(_ change: InputMethodChange, on surface: OpaquePointer) {
        overlay(for: surface)?.scene.ink.applyInputMethod(change)
    }
}
