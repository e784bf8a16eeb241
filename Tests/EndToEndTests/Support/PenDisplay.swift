import Foundation
import HeadlessSession
import Testing

/// A headless sway that reads an emulated pen display through its own libinput backend:
/// umockdev fakes the device (Fixtures/umockdev/, event8: a pen with pressure and an eraser
/// end), and wlroots turns it into the tablet protocol for the client under the pen, as it
/// would for a real Wacom display. So the pen reaches touchlight the way a user's would.
///
/// Setup, as `EmulatedTouchscreen`'s: a private mount namespace with a tmpfs udev database
/// (made as root), then sway as the test user under umockdev's driver. sway runs with
/// libseat's "noop" backend (no seat daemon); the shim mends what libseat 0.7 and wlroots
/// 0.15 leave undone there (see umockdev-shim.c). The driver holds the pen's events until
/// `play(_:)`, so they start once touchlight is ready.
final class PenDisplay {
    let sway: Desktop
    private let directory: URL
    private let events: URL
    private let log: URL

    /// Why these tests cannot run here, or nil.
    static var missingPrerequisite: String? { EmulatedTouchscreen.missingPrerequisite }

    /// The pen display's axes run 0…4095 over the whole output; pressure 0…1023.
    static let panelMaximum = 4095.0
    static let pressureMaximum = 1023.0

    init(width: Int = 800, height: Int = 600) throws {
        try EmulatedTouchscreen.build()
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-pen-\(UUID().uuidString.prefix(8))")
        events = directory.appendingPathComponent("pen.evemu")
        log = directory.appendingPathComponent("sway.log")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("udev"), withIntermediateDirectories: true)
        try EmulatedTouchscreen.udevEntry(["ID_INPUT=1", "ID_INPUT_TABLET=1"])
            .write(to: directory.appendingPathComponent("udev/c13:72"), atomically: true, encoding: .utf8)
        try "".write(to: events, atomically: true, encoding: .utf8)
        try "".write(to: log, atomically: true, encoding: .utf8)
        _ = try Desktop.run("/usr/bin/chown", ["-R", Desktop.testUser, directory.path])
        chmod(directory.path, 0o755)
        let script = """
            set -e
            \(EmulatedTouchscreen.privateUdevDatabase)
            shift
            exec "$@"
            """
        let launcher = HeadlessSession.Launcher(
            asCaller: ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh", directory.path],
            asUser: ["env", "DRIVER_PLAY_ON_SIGNAL=1", "LD_PRELOAD=libumockdev-preload.so.0", EmulatedTouchscreen.driver.path,
                     EmulatedTouchscreen.fixtures.path, "event8=\(events.path)", "0", "3600000", EmulatedTouchscreen.shim.path, "--"],
            environment: HeadlessSession.Launcher.inputEnvironment)
        sway = try Desktop(width: width, height: height, launcher: launcher, log: log.path)
    }

    /// What sway (and umockdev's driver) printed, for failure messages.
    var compositorLog: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// One pass of the pen: its tip (or eraser end) down at the first point, through the
    /// others, lifted at the last; positions in logical px of an 800×600 output, pressure 0…1.
    struct Stroke {
        var eraser = false
        var points: [(x: Double, y: Double, pressure: Double)]
    }

    /// Plays `strokes` now (once per display: umockdev 0.17 plays one event file per device),
    /// 60 events a second, `pause` seconds apart; returns when each stroke has ended, in
    /// seconds from now.
    func play(_ strokes: [Stroke], pause: Double = 0.3, outputSize: (Double, Double) = (800, 600)) throws -> [Double] {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        // umockdev 0.17 misreads events stamped in a second where tv_sec % 256 == 32.
        var base = Double(now.tv_sec) + 1
        while (31...34).contains(Int(base) % 256) { base += 1 }
        var lines = ["# EVEMU 1.3"]
        func add(_ time: Double, _ type: Int, _ code: Int, _ value: Int) {
            lines.append(EmulatedTouchscreen.evemuLine(time, type, code, value))
        }
        let (EV_SYN, EV_KEY, EV_ABS) = (0, 1, 3)
        let (BTN_TOOL_PEN, BTN_TOOL_RUBBER, BTN_TOUCH, ABS_X, ABS_Y, ABS_PRESSURE) = (0x140, 0x141, 0x14A, 0, 1, 0x18)
        func position(_ p: (x: Double, y: Double, pressure: Double)) -> (Int, Int) {
            (Int((p.x / outputSize.0 * Self.panelMaximum).rounded()), Int((p.y / outputSize.1 * Self.panelMaximum).rounded()))
        }
        add(base, EV_SYN, 0, 0)  // drained when the events are loaded
        var time = base + 0.3
        var ends: [Double] = []
        for stroke in strokes {
            let tool = stroke.eraser ? BTN_TOOL_RUBBER : BTN_TOOL_PEN
            guard let first = stroke.points.first else { continue }
            let (x0, y0) = position(first)
            add(time, EV_KEY, tool, 1); add(time, EV_ABS, ABS_X, x0); add(time, EV_ABS, ABS_Y, y0)
            add(time, EV_ABS, ABS_PRESSURE, 0); add(time, EV_SYN, 0, 0)
            time += 0.05
            for (index, point) in stroke.points.enumerated() {
                let (x, y) = position(point)
                if index == 0 { add(time, EV_KEY, BTN_TOUCH, 1) }
                add(time, EV_ABS, ABS_X, x); add(time, EV_ABS, ABS_Y, y)
                add(time, EV_ABS, ABS_PRESSURE, max(1, Int((point.pressure * Self.pressureMaximum).rounded())))
                add(time, EV_SYN, 0, 0)
                time += 1.0 / 60
            }
            add(time, EV_KEY, BTN_TOUCH, 0); add(time, EV_ABS, ABS_PRESSURE, 0); add(time, EV_SYN, 0, 0)
            time += 0.05
            add(time, EV_KEY, tool, 0); add(time, EV_SYN, 0, 0)
            ends.append(time - base)
            time += pause
        }
        try (lines.joined(separator: "\n") + "\n").write(to: events, atomically: false, encoding: .utf8)
        kill(sway.compositorPID, SIGUSR1)
        return ends
    }

    func stop() {
        sway.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
