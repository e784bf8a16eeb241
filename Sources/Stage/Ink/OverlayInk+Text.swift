import Annotation
import TouchCore

/// What happened to an overlay's text box.
package enum TextBoxChange: Equatable {
    case opened
    /// Typed into: its words or caret changed.
    case edited
    /// Closed: its words became ink (`committed`), or were dropped.
    case closed(committed: Bool)
    /// Put down (its words became ink) because a box opened on another output: one box at a
    /// time. A replay opening that box puts this one down too, so it is not recorded.
    case displaced
}

/// The `text` tool's box on an overlay: opened by a tap, edited by keys (or a replayed trace),
/// committed as ink by Enter, a mode change or a page turn, dropped by Escape.
extension OverlayInk {
    /// Opens a box with its first line centred on `point` (a box already open is committed first).
    func openTextBox(at point: Point) {
        commitTextBox()
        let size = AnnotationDefaults.textSize(forWidth: settings.ink.width)
        let origin = Point(x: point.x, y: point.y - size * AnnotationDefaults.textLineHeight / 2)
        // Its lines wrap before the output's right edge (at least a few words wide).
        let room = window.bounds.width - point.x - AnnotationDefaults.textBoxPadding - AnnotationDefaults.textCaretWidth
        textBox = TextBox(origin: origin, color: settings.ink.color, size: size, wrapWidth: max(room, size * AnnotationDefaults.textMinimumWrapEms))
        onTextBoxChanged?(.opened)
    }

    /// One edit to the open box; false when none is open or nothing changed.
    @discardableResult
    package func editTextBox(_ edit: TextEdit) -> Bool {
        changeTextBox { $0.apply(edit) }
    }

    /// The open box's words become ink (an empty box just closes); `displaced`: because a box
    /// opened on another output.
    package func commitTextBox(displaced: Bool = false) {
        guard let box = textBox else { return }
        if !box.text.isEmpty { document.addText(renderer.text.content(of: box), at: box.origin, color: box.color) }
        textBox = nil
        onTextBoxChanged?(displaced ? .displaced : .closed(committed: !box.text.isEmpty))
    }

    /// The open box closes and its words are dropped.
    package func cancelTextBox() {
        guard textBox != nil else { return }
        textBox = nil
        onTextBoxChanged?(.closed(committed: false))
    }

    /// A trace's `set text` line: what the recorded keys made of the box. Nil when it was
    /// applied; else why not.
    func replayText(_ value: String) -> String? {
        switch TextBox.parse(settingValue: value) {
        case .typed(let text, let caret)?:
            guard textBox != nil else { return "no text box is open" }
            changeTextBox { $0.set(text: text, caret: caret) }
        case .edited(let start, let removed, let inserted, let caret)?:
            guard let box = textBox else { return "no text box is open" }
            var fits = true
            changeTextBox { fits = $0.replace(from: start, removing: removed, with: inserted, caret: caret) }
            if !fits { return "the edit (\(removed) characters from \(start)) does not fit the box's \(box.text.count) characters" }
        case .commit?: commitTextBox()
        case .cancel?: cancelTextBox()
        case nil: return "expected CARET:START:REMOVED:WORDS, CARET:WORDS, commit or cancel"
        }
        return nil
    }

    /// What an input method sent (text-input-v3): text deleted around the caret, text put in,
    /// and the composition shown at the caret.
    package func applyInputMethod(_ change: InputMethodChange) {
        changeTextBox { box in
            box.deleteSurrounding(beforeBytes: change.deleteBefore, afterBytes: change.deleteAfter)
            if let commit = change.commit { box.apply(.insert(commit)) }
            box.preedit = TextBox.kept(change.preedit ?? "")
        }
    }

    /// The ink's colour or width changed while a box is open: the box takes them.
    func restyleTextBox() {
        let (color, size) = (settings.ink.color, AnnotationDefaults.textSize(forWidth: settings.ink.width))
        changeTextBox { ($0.color, $0.size) = (color, size) }
    }

    /// Changes the open box with `body`; whether it changed (then it is drawn and recorded again).
    @discardableResult
    private func changeTextBox(_ body: (inout TextBox) -> Void) -> Bool {
        guard var box = textBox else { return false }
        body(&box)
        guard box != textBox else { return false }
        textBox = box
        onTextBoxChanged?(.edited)
        return true
    }
}
