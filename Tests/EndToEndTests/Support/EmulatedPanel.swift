import Foundation
import HeadlessSession
import Testing

/// A headless compositor (sway, phoc) that reads emulated input devices through its own
/// libinput backend: umockdev fakes the device (Fixtures/umockdev/: event5 a touchscreen,
/// event8 a pen display with pressure and an eraser end), and wlroots turns it into wl_touch or
/// the tablet protocol for the client under it, as it would for real hardware. So touches
/// reach touchlight the way a user's would.
///
/// Setup, as `EmulatedTouchscreen`'s: a private mount namespace with a tmpfs udev database
/// (made as root), then the compositor as the test user under umockdev's driver, with
/// libseat's "noop" backend (no seat daemon); the shim mends what libseat 0.7 and wlroots 0.15
/// leave undone there (see umockdev-shim.c). The driver holds the device's events until
/// `play(_:)`, so they start once touchlight is ready.
final class EmulatedPanel {
    /// The emulated device, and how udev describes it.
    enum Device: CaseIterable {
        case touchscreen, pen

        var node: String { self == .touchscreen ? "c13:69" : "c13:72" }
        var eventFile: String { self == .touchscreen ? "event5" : "event8" }
        var udevProperties: [String] { self == .touchscreen ? ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"] : ["ID_INPUT=1", "ID_INPUT_TABLET=1"] }
    }

    let desktop: Desktop
    private let directory: URL
    private let devices: [Device]
    private let log: URL

    /// Why these tests cannot run here, or nil.
    static var missingPrerequisite: String? { EmulatedTouchscreen.missingPrerequisite }

    /// The device's axes run 0…4095 over the whole output.
    static let panelMaximum = 4095.0

    convenience init(_ compositor: Compositor = .sway, device: Device, width: Int = 800, height: Int = 600) throws {
        try self.init(compositor, devices: [device], width: width, height: height)
    }

    /// `devices` at once (a pen display and a touchscreen: a pen user's 2-in-1).
    init(_ compositor: Compositor = .sway, devices: [Device], width: Int = 800, height: Int = 600) throws {
        try EmulatedTouchscreen.build()
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-panel-\(UUID().uuidString.prefix(8))")
        self.devices = devices
        log = directory.appendingPathComponent("compositor.log")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("udev"), withIntermediateDirectories: true)
        for device in devices {
            try EmulatedTouchscreen.udevEntry(device.udevProperties)
                .write(to: directory.appendingPathComponent("udev/\(device.node)"), atomically: true, encoding: .utf8)
        }
        let folder = directory
        let streams = devices.map { "\($0.eventFile)=\(folder.appendingPathComponent("\($0.eventFile).evemu").path)" }
        for device in devices { try "".write(to: folder.appendingPathComponent("\(device.eventFile).evemu"), atomically: true, encoding: .utf8) }
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
                     EmulatedTouchscreen.fixtures.path, streams.joined(separator: ","), "3600000", EmulatedTouchscreen.shim.path, "--"],
            environment: HeadlessSession.Launcher.inputEnvironment)
        desktop = try Desktop(compositor, width: width, height: height, launcher: launcher, log: log.path)
    }

    /// What the compositor (and umockdev's driver) printed, for failure messages.
    var compositorLog: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Where a point of an output `size` logical px large is on the panel, which spans it.
    static func position(of point: (x: Double, y: Double), on size: (width: Double, height: Double) = (800, 600)) -> (Int, Int) {
        (Int((point.x / size.width * panelMaximum).rounded()), Int((point.y / size.height * panelMaximum).rounded()))
    }

    /// A time to stamp the first event with, a second or more from now, such that no event in
    /// the `seconds` after it is stamped in a second umockdev 0.17 misplays (see
    /// `EmulatedTouchscreen.misplayedSecond`). The longest event file here (SelectTests') lasts 9.3 s.
    static func baseTime(lasting seconds: Double = 10) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        var base = Double(now.tv_sec) + 1
        while (Int(base)...Int(base + seconds)).contains(where: EmulatedTouchscreen.misplayedSecond) { base += 1 }
        return base
    }

    private func events(of device: Device) -> URL { directory.appendingPathComponent("\(device.eventFile).evemu") }

    /// Plays an evemu file now into the (first) device (once: umockdev 0.17 plays one event
    /// file per device).
    func play(_ evemu: String) throws {
        try play([devices[0]: evemu])
    }

    /// Plays an evemu file into each device at once, their times on one clock (each file starts
    /// with a lone event at the same base time).
    func play(_ streams: [Device: String]) throws {
        for (device, evemu) in streams { try evemu.write(to: events(of: device), atomically: false, encoding: .utf8) }
        kill(desktop.compositorPID, SIGUSR1)
    }

    func stop() {
        desktop.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
