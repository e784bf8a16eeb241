import Testing
import TouchscreenInput

/// The GNOME Shell extension's channel: each message reads back as written, and anything else
/// is refused with its reason (a peer's packet is data, never a command beyond these).
struct ShellMessageTests {
    @Test(arguments: [
        ShellMessage.touch(.begin, slot: 0, x: 12.5, y: 300.25, monitor: 0, time: 123_456),
        .touch(.update, slot: 999, x: -40, y: 0, monitor: 63, time: UInt32.max),
        .touch(.end, slot: 3, x: 1, y: 2, monitor: 1, time: 0),
        .touch(.cancel, slot: 3, x: 1, y: 2, monitor: 1, time: 9),
        .monitors(count: 2),
        .monitor(.init(index: 1, connector: "eDP-1", x: 1920, y: 0, width: 1280, height: 800)),
        .dropped(total: 12),
        .mode("draw"),
        .keyboard(take: true, output: "HDMI-A-1"),
        .keyboard(take: false, output: "Meta-0"),
        .capture(output: "Meta-0"),
        .captured(output: "Meta-0", path: "/run/user/1000/touchlight-zoom-1.png"),
        .captured(output: "Meta-0", path: nil),
        .released(output: "Meta-0"),
    ])
    func readsBackAsWritten(_ message: ShellMessage) throws {
        #expect(try ShellMessage(parsing: Substring(message.text)) == message)
    }

    @Test(arguments: [
        ("", "unknown message"),
        ("hello", "unknown message hello"),
        ("touch begin 0 1 2 0", "touch takes 6 words, not 5"),
        ("touch press 0 1 2 0 5", "unknown touch phase press"),
        ("touch begin 1000 1 2 0 5", "slot 1000 is not a whole number in 0...999"),
        ("touch begin -1 1 2 0 5", "slot -1"),
        ("touch begin 0 nan 2 0 5", "coordinate nan is not a plain decimal"),
        ("touch begin 0 1e3 2 0 5", "coordinate 1e3 is not a plain decimal"),
        ("touch begin 0 1 2000000 0 5", "coordinate 2000000"),
        ("touch begin 0 1 2 64 5", "monitor 64"),
        ("touch begin 0 1 2 0 4294967296", "time 4294967296"),
        ("monitor 0 Meta-0 0 0 0 600", "monitor of 0.0×600.0"),
        ("monitor 0 Me\u{7f}ta 0 0 800 600", "is not a connector's name"),
        ("keyboard grab Meta-0", "keyboard takes take or release"),
        ("dropped -3", "dropped count -3"),
        ("captured Meta-0 relative.png", "relative.png is not an absolute path"),
        ("mode", "mode takes 1 words, not 0"),
        (String(repeating: "x", count: 300), "longer than 256 bytes"),
    ])
    func refusesWithTheReason(_ text: String, _ reason: String) {
        #expect(throws: ShellMessage.Refusal.self) { try ShellMessage(parsing: Substring(text)) }
        do { _ = try ShellMessage(parsing: Substring(text)) } catch { #expect(error.description.contains(reason), "\(error)") }
    }

    @Test func aMonitorNormalizesStagePositions() {
        let monitor = ShellMessage.Monitor(index: 1, connector: "Meta-1", x: 800, y: 0, width: 640, height: 480)
        let (x, y) = monitor.normalized(x: 1120, y: 120)
        #expect(x == 0.5 && y == 0.25)
    }
}
