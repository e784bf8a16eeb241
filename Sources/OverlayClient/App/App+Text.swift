import Annotation
import Stage
import TouchCore

/// The `text` tool's boxes: the keyboard is held while one is open, each key goes to it, and
/// a recording keeps what the keys made of it (never the keys).
extension App {
    /// The overlay whose text box is open, if any.
    private var typingOverlay: Overlay? { overlays.values.first { $0.scene.ink.textBox != nil } }

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

    func overlay(_ overlay: Overlay, textBox change: TextBoxChange) {
        if change == .opened {
            // One box at a time, across every output: any other is put down first. A replay
            // does the same when it opens this one, so that is not recorded.
            for other in overlays.values where other !== overlay { other.ink.commitTextBox(displaced: true) }
        }
        recorder?.textBox(change, box: overlay.scene.ink.textBox)
        for seat in seats.values { seat.textInput?.update() }  // the input method hears of every change
        if change != .edited {
            for seat in seats.values { seat.updateKeyboard() }
            logger.debug("text box \(change == .opened ? "opened on \(overlay.output.name): the keyboard types into it" : "closed")")
        }
    }
}
