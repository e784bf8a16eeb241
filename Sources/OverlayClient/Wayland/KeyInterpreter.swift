import Annotation
import CXKBCommon
import Glibc

/// Reads keys with xkbcommon: Escape (which leaves capture mode), and while a text box is open
/// what each key means for it, through the compositor's keymap and the locale's compose
/// sequences (dead keys). It never logs or stores which keys were pressed.
final class KeyInterpreter {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// Compose sequences of the user's locale (nil: none could be loaded; keys type as they are).
    private var compose: OpaquePointer?

    /// What a key means to a text box.
    enum Meaning: Equatable {
        case escape
        case enter(shift: Bool)
        case edit(TextEdit)
    }

    /// From the keymap text the compositor sends (wl_keyboard.keymap).
    init?(keymapText: UnsafePointer<CChar>) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = xkb_keymap_new_from_string(context, keymapText, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return nil
        }
        (self.context, self.keymap, self.state) = (context, keymap, state)
        loadCompose()
    }

    /// From layout and variant names (for tests).
    init?(layout: String, variant: String = "") {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let keymap: OpaquePointer? = layout.withCString { layoutName in
            variant.withCString { variantName in
                var names = xkb_rule_names(rules: nil, model: nil, layout: layoutName, variant: variantName, options: nil)
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            }
        }
        guard let keymap, let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return nil
        }
        (self.context, self.keymap, self.state) = (context, keymap, state)
        loadCompose()
    }

    deinit {
        if let compose { xkb_compose_state_unref(compose) }
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Whether the evdev key code (as wl_keyboard.key gives it) is Escape.
    func isEscape(evdevKey key: UInt32) -> Bool {
        xkb_state_key_get_one_sym(state, key + 8) == UInt32(XKB_KEY_Escape)
    }

    /// What the evdev key `key` means to a text box, fed through the compose sequences; nil
    /// while a sequence is unfinished, for a cancelled one and for keys that type nothing.
    func meaning(ofEvdevKey key: UInt32) -> Meaning? {
        let code = key + 8
        let symbol = xkb_state_key_get_one_sym(state, code)
        if let compose, xkb_compose_state_feed(compose, symbol) == XKB_COMPOSE_FEED_ACCEPTED {
            switch xkb_compose_state_get_status(compose) {
            case XKB_COMPOSE_COMPOSING: return nil
            case XKB_COMPOSE_CANCELLED:
                xkb_compose_state_reset(compose)
                return nil
            case XKB_COMPOSE_COMPOSED:
                let text = Self.utf8 { xkb_compose_state_get_utf8(compose, $0, $1) }
                xkb_compose_state_reset(compose)
                return text.isEmpty ? nil : .edit(.insert(text))
            default: break
            }
        }
        switch Int32(bitPattern: symbol) {
        case XKB_KEY_Escape: return .escape
        case XKB_KEY_Return, XKB_KEY_KP_Enter:
            return .enter(shift: xkb_state_mod_name_is_active(state, XKB_MOD_NAME_SHIFT, XKB_STATE_MODS_EFFECTIVE) > 0)
        case XKB_KEY_BackSpace: return .edit(.backspace)
        case XKB_KEY_Delete, XKB_KEY_KP_Delete: return .edit(.deleteForward)
        case XKB_KEY_Left, XKB_KEY_KP_Left: return .edit(.left)
        case XKB_KEY_Right, XKB_KEY_KP_Right: return .edit(.right)
        case XKB_KEY_Up, XKB_KEY_KP_Up: return .edit(.up)
        case XKB_KEY_Down, XKB_KEY_KP_Down: return .edit(.down)
        case XKB_KEY_Home, XKB_KEY_KP_Home: return .edit(.home)
        case XKB_KEY_End, XKB_KEY_KP_End: return .edit(.end)
        default:
            let text = Self.utf8 { xkb_state_key_get_utf8(state, code, $0, $1) }
            return text.isEmpty || text.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) ? nil : .edit(.insert(text))
        }
    }

    /// Whether holding `key` repeats it (the keymap says; modifiers do not).
    func repeats(evdevKey key: UInt32) -> Bool { xkb_keymap_key_repeats(keymap, key + 8) != 0 }

    /// Starts over any unfinished compose sequence (a box opened or closed).
    func resetCompose() {
        if let compose { xkb_compose_state_reset(compose) }
    }

    /// Loads the compose sequences of the locale (LC_ALL, LC_CTYPE, LANG, else C).
    private func loadCompose() {
        let names = ["LC_ALL", "LC_CTYPE", "LANG"]
        let environment = names.lazy.compactMap { (name: String) -> String? in getenv(name).map { String(cString: $0) } }.first { !$0.isEmpty }
        let locale = environment ?? "C"
        guard let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) else { return }
        compose = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS)
        xkb_compose_table_unref(table)  // the state keeps its own reference
    }

    /// Text an xkbcommon call writes into a buffer (as `snprintf` does).
    private static func utf8(_ write: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, $0.count) }
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(min(Int(count), 63)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The Shift modifier's bit in `updateModifiers`' masks.
    var shiftMask: UInt32 {
        let index = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT)
        return index == XKB_MOD_INVALID ? 0 : 1 << index
    }

    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }
}
