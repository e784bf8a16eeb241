import Annotation
import CWaylandClient
import CWaylandProtocols
import Stage
import TouchCore

/// A seat's text-input-v3: while a text box is open on the surface that has this seat's
/// keyboard focus, it is enabled, so that input methods (fcitx5, IBus) and on-screen keyboards
/// (Phosh's squeekboard) type into the box; each `done` hands over what they sent since the
/// last: text to delete around the caret, text to insert, and a composition to show.
@MainActor
final class TextInput {
    private let proxy: OpaquePointer
    private unowned let events: SeatEvents
    /// The surface this seat's text input is on (the keyboard focus), if any.
    private var focus: OpaquePointer?
    private var isEnabled = false
    private var pending = InputMethodChange()

    init(manager: OpaquePointer, seat: OpaquePointer, events: SeatEvents) {
        self.events = events
        proxy = zwp_text_input_manager_v3_get_text_input(manager, seat)
        zwp_text_input_v3_add_listener(proxy, Self.textInputEvents.pointer, listenerData(self))
    }

    private static let textInputEvents: ListenerTable<zwp_text_input_v3_listener> = {
        var events = zwp_text_input_v3_listener()
        events.enter = { data, _, surface in
            nonisolated(unsafe) let target = surface  // used on the main thread, during dispatch
            withOwner(data, TextInput.self) { $0.entered(target) }
        }
        events.leave = { data, _, _ in withOwner(data, TextInput.self) { $0.left() } }
        events.preedit_string = { data, _, text, _, _ in
            let preedit = text.map { String(cString: $0) } ?? ""
            withOwner(data, TextInput.self) { $0.pending.preedit = preedit }
        }
        events.commit_string = { data, _, text in
            let commit = text.map { String(cString: $0) }
            withOwner(data, TextInput.self) { $0.pending.commit = commit }
        }
        events.delete_surrounding_text = { data, _, before, after in
            withOwner(data, TextInput.self) { ($0.pending.deleteBefore, $0.pending.deleteAfter) = (Int(before), Int(after)) }
        }
        events.done = { data, _, _ in withOwner(data, TextInput.self) { $0.done() } }
        return ListenerTable(events)
    }()

    private func entered(_ surface: OpaquePointer?) {
        focus = surface
        update()
    }

    private func left() {
        focus = nil
        if isEnabled { disable() }
    }

    private func done() {
        let change = pending
        pending = InputMethodChange()
        guard isEnabled, let focus else { return }
        events.inputMethod(change, on: focus)
    }

    /// Enables the text input while the focused surface has a box open (telling the input
    /// method the words around the caret and where the caret is), disables it otherwise.
    func update() {
        guard let focus, let state = events.textBox(on: focus) else {
            if isEnabled { disable() }
            return
        }
        if !isEnabled {
            zwp_text_input_v3_enable(proxy)
            isEnabled = true
        }
        // At most about 4000 bytes around the caret: libwayland refuses a longer message, and
        // the connection would be lost with every output's ink.
        let surrounding = state.box.surrounding(byteLimit: AnnotationDefaults.surroundingTextLimit)
        zwp_text_input_v3_set_surrounding_text(proxy, surrounding.text, Int32(surrounding.cursor), Int32(surrounding.cursor))
        zwp_text_input_v3_set_content_type(proxy, ZWP_TEXT_INPUT_V3_CONTENT_HINT_MULTILINE.rawValue, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue)
        let caret = state.caret
        zwp_text_input_v3_set_cursor_rectangle(proxy, Int32(caret.minX.rounded()), Int32(caret.minY.rounded()),
                                               Int32(caret.width.rounded(.up)), Int32(caret.height.rounded(.up)))
        zwp_text_input_v3_commit(proxy)
    }

    private func disable() {
        zwp_text_input_v3_disable(proxy)
        zwp_text_input_v3_commit(proxy)
        isEnabled = false
    }

    func destroy() { zwp_text_input_v3_destroy(proxy) }
}
