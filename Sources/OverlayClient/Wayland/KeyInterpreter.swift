import CXKBCommon

/// Reads keys with xkbcommon, only to find Escape (which leaves capture mode). It never
/// reports or stores which other keys were pressed.
final class KeyInterpreter {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// From the keymap text the compositor sends (wl_keyboard.keymap).
    init?(keymapText: UnsafePointer<CChar>) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = xkb_keymap_new_from_string(context, keymapText, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return nil
        }
        (self.context, self.keymap, self.state) = (context, keymap, state)
    }

    /// From rules, model and layout names (for tests).
    init?(layout: String) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let keymap: OpaquePointer? = layout.withCString { layoutName in
            var names = xkb_rule_names(rules: nil, model: nil, layout: layoutName, variant: nil, options: nil)
            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let keymap, let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return nil
        }
        (self.context, self.keymap, self.state) = (context, keymap, state)
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Whether the evdev key code (as wl_keyboard.key gives it) is Escape.
    func isEscape(evdevKey key: UInt32) -> Bool {
        xkb_state_key_get_one_sym(state, key + 8) == UInt32(XKB_KEY_Escape)
    }

    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }
}
