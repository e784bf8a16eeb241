/// Decides which input devices Touchlight may open: touchscreens only. A device is opened only
/// when udev tags it `ID_INPUT_TOUCHSCREEN=1`; keyboards, mice, touchpads, tablets and anything
/// untagged are refused, so Touchlight cannot see a keystroke even by mistake.
public enum DeviceFilter {
    public enum Decision: Equatable, Sendable {
        case open
        case refuse(String)
    }

    /// The decision for a device with these udev properties.
    public static func decide(properties: [String: String]) -> Decision {
        guard properties["ID_INPUT_TOUCHSCREEN"] == "1" else {
            let kind = ["ID_INPUT_KEYBOARD": "a keyboard", "ID_INPUT_KEY": "a device with keys", "ID_INPUT_MOUSE": "a mouse",
                        "ID_INPUT_TOUCHPAD": "a touchpad", "ID_INPUT_TABLET": "a tablet", "ID_INPUT_JOYSTICK": "a joystick"]
                .sorted { $0.key < $1.key }.first { properties[$0.key] == "1" }?.value
            return .refuse(kind.map { "\($0), not a touchscreen" } ?? "not tagged ID_INPUT_TOUCHSCREEN=1 by udev")
        }
        // A touchscreen that is also a keyboard (some combined devices) is refused too.
        if properties["ID_INPUT_KEYBOARD"] == "1" { return .refuse("a touchscreen that also reports keys") }
        return .open
    }
}
