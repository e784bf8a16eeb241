import Foundation
import Testing

/// Runs `touchlight record --source libinput` against emulated input devices, through the real
/// libudev, libevdev and libinput: umockdev fakes /sys, /dev and udev for it (a touchscreen,
/// a keyboard, a mouse and a pen display, Fixtures/umockdev/, made by scripts/generate-umockdev-devices), and
/// UmockdevDriver/ plays evdev events into the touchscreen and can unplug it. What touchlight
/// made of them is read back from the trace it records; every input device it opened is
/// logged by the shim.
///
/// Setup (umockdev 0.17 on Debian 12, see the README's testing notes): the udev database lives
/// in a tmpfs over /run in a private mount namespace (made as root; the machine's /run is never
/// touched), then everything runs as the unprivileged test user, as the libinput source must.
enum EmulatedTouchscreen {
    static var directory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent() }
    static var fixtures: URL { directory.appendingPathComponent("Fixtures/umockdev") }
    static var driverSource: URL { directory.appendingPathComponent("UmockdevDriver/umockdev-touch-driver.c") }
    static var shimSource: URL { directory.appendingPathComponent("UmockdevDriver/umockdev-shim.c") }
    static var buildDirectory: URL { HelperBuild.directory("umockdev") }
    static var driver: URL { buildDirectory.appendingPathComponent("umockdev-touch-driver") }
    static var shim: URL { buildDirectory.appendingPathComponent("umockdev-shim.so") }

    /// Why these tests cannot run here, or nil.
    static var missingPrerequisite: String? {
        if let missing = Desktop.missingPrerequisite { return missing }
        if getuid() != 0 { return "needs root (a private mount namespace for the udev database; touchlight itself runs as \(Desktop.testUser))" }
        if !FileManager.default.fileExists(atPath: "/usr/include/umockdev-1.0/umockdev.h") { return "libumockdev-dev is not installed (scripts/install-deps test installs it)" }
        for tool in ["unshare", "cc", "pkg-config"] where Desktop.which(tool) == nil { return "\(tool) is not installed" }
        return nil
    }

    /// Builds the driver and the shim, once per test process.
    static func build() throws { try built.get() }

    private static let built = Result<Void, any Error> {
        try FileManager.default.createDirectory(at: buildDirectory, withIntermediateDirectories: true)
        let flags = try Desktop.run("/usr/bin/pkg-config", ["--cflags", "--libs", "umockdev-1.0"])
            .split(whereSeparator: \.isWhitespace).map(String.init)
        try Desktop.run("/usr/bin/env", ["cc", "-O1", "-o", driver.path, driverSource.path] + flags)
        try Desktop.run("/usr/bin/env", ["cc", "-O1", "-shared", "-fPIC", "-o", shim.path, shimSource.path, "-ldl"])
    }

    /// One contact in a frame: a slot, and where it is (panel units 0…4095), or nil when it
    /// lifts; `palm`: the panel says the contact is a palm (MT_TOOL_PALM) from this frame on.
    struct Contact {
        let slot: Int
        let position: (x: Int, y: Int)?
        var palm = false
    }

    /// An evemu event file: a lone SYN at `base` (libinput drains whatever is queued when it
    /// opens the device), then `frames` from `base` + `delay`, each `(seconds, contacts)`.
    /// Times are written as umockdev 0.17 reads them: whole microseconds, no leading zeros.
    static func events(base: Double, delay: Double = 0.3, frames: [(Double, [Contact])]) -> String {
        var lines = ["# EVEMU 1.3"]
        func add(_ time: Double, _ type: Int, _ code: Int, _ value: Int) { lines.append(evemuLine(time, type, code, value)) }
        add(base, 0, 0, 0)
        var trackingIDs: [Int: Int] = [:]
        var nextID = 1
        for (offset, contacts) in frames {
            let time = base + delay + offset
            let wasTouching = !trackingIDs.isEmpty
            for contact in contacts {
                add(time, 3, 0x2F, contact.slot)  // ABS_MT_SLOT
                if let (x, y) = contact.position {
                    if trackingIDs[contact.slot] == nil {
                        trackingIDs[contact.slot] = nextID
                        add(time, 3, 0x39, nextID)  // ABS_MT_TRACKING_ID
                        nextID += 1
                    }
                    if contact.palm { add(time, 3, 0x37, 2) }  // ABS_MT_TOOL_TYPE: MT_TOOL_PALM
                    add(time, 3, 0x35, x)  // ABS_MT_POSITION_X
                    add(time, 3, 0x36, y)
                } else {
                    trackingIDs[contact.slot] = nil
                    add(time, 3, 0x39, -1)
                }
            }
            if wasTouching != !trackingIDs.isEmpty { add(time, 1, 0x14A, trackingIDs.isEmpty ? 0 : 1) }  // BTN_TOUCH
            add(time, 0, 0, 0)  // SYN_REPORT
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether umockdev 0.17 misplays an event stamped in this second: when the low byte of
    /// tv_sec is 32 (a space), that event and every one after it in its file are lost.
    /// Measured with a tap stamped in each second 7424…7679: only the taps with an event in
    /// 7456 were lost. CI's PhocTests failed, with nothing to say why, in a run where the
    /// monotonic clock crossed such a second while they played events stamped from it.
    static func misplayedSecond(_ second: Int) -> Bool { second % 256 == 32 }

    /// One evemu event line, its time written as umockdev 0.17 reads it: whole microseconds,
    /// no leading zeros (`.050000` would be read as octal).
    static func evemuLine(_ time: Double, _ type: Int, _ code: Int, _ value: Int) -> String {
        let seconds = Int(time)
        if misplayedSecond(seconds) {
            Issue.record("an event stamped \(time) s, in a second umockdev 0.17 misplays: stamp from EmulatedPanel.baseTime(lasting:)")
        }
        let micros = Int(((time - Double(seconds)) * 1e6).rounded())
        return "E: \(seconds).\(micros) \(String(format: "%04x %04x", type, code)) \(value)"
    }

    /// A udev database entry (/run/udev/data/c13:N) for a device with these properties: an
    /// initialised device on the default seat, which libinput takes.
    static func udevEntry(_ properties: [String]) -> String {
        "I:1000000\n" + properties.map { "E:\($0)\n" }.joined() + "G:seat\nQ:seat\nV:1\n"
    }

    /// Shell lines, run as root in a private mount namespace, that put a tmpfs over /run and
    /// the udev entries of the directory `$1` (its udev/ folder) into it: the machine's own
    /// /run is never touched.
    static let privateUdevDatabase = """
        mount -t tmpfs -o mode=755 tmpfs /run
        mkdir -p /run/udev/data
        cp "$1"/udev/* /run/udev/data/
        chmod 644 /run/udev/data/*
        """

    struct Run {
        let status: Int32
        let stderr: String
        /// The trace touchlight recorded (events after the header lines).
        let trace: String
        /// Every /dev/input path touchlight opened, in order.
        let opens: [String]
        /// The state file touchlight left (toolbar places, calibrations), if any.
        let state: String?
    }

    /// touchlight recording the emulated touchscreen, under umockdev's driver; `finish` ends it.
    struct Session {
        let process: Process
        let directory: URL

        /// What touchlight has printed so far (it runs with --verbose).
        var printed: String { (try? String(contentsOf: directory.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? "" }

        /// Waits until touchlight has printed `text`, at most `timeout` seconds (or until it
        /// ends); whether it did.
        @discardableResult
        func waitFor(_ text: String, timeout: Double = 15) -> Bool {
            eventually(timeout: timeout) { printed.contains(text) || !process.isRunning }
            return printed.contains(text)
        }

        /// The driver unplugs the touchscreen (a udev "remove").
        func unplug() { kill(process.processIdentifier, SIGUSR2) }

        /// Waits until `touches` touches have ended or been cancelled (what the events hold),
        /// then ends touchlight with SIGTERM and collects what it recorded and printed.
        func finish(afterTouchesEnd touches: Int) -> Run {
            let ended = eventually(timeout: 15) {
                let ends = printed.split(separator: "\n").filter { $0.hasPrefix("touchlight: touch ") && ($0.contains(" ended at ") || $0.hasSuffix(" cancelled")) }
                return ends.count >= touches || !process.isRunning
            }
            if !ended { Issue.record("\(touches) touches did not end within 15 s: \(printed.suffix(1500))") }
            kill(process.processIdentifier, SIGTERM)  // passed on to touchlight
            #expect(waitForExit(process, timeout: 10), "the emulated-touchscreen run did not finish")
            defer { try? FileManager.default.removeItem(at: directory) }
            let read = { (name: String) in (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? "" }
            return Run(status: process.terminationStatus, stderr: read("stderr.txt"), trace: read("out.trace"),
                       opens: read("opens.log").split(separator: "\n").map(String.init),
                       state: try? String(contentsOf: directory.appendingPathComponent("state/touchlight/state.toml"), encoding: .utf8))
        }
    }

    /// Starts `touchlight record --verbose` on `sway` with the emulated devices, and returns once
    /// touchlight has opened the touchscreen (it says where it maps it) and the events began to
    /// play. `sway` nil: no compositor at all, and no WAYLAND_DISPLAY (`record --no-overlay`).
    /// `recordArguments`: what follows `record FILE`. `state`: the state file's text, if any.
    /// `beside`: another touchlight runs on the same display, so this one keeps its control
    /// socket and lock in a runtime directory of its own. `calibrate`: `touchlight calibrate`
    /// in place of `record`.
    static func start(on sway: Desktop?, events: String, touchscreenProperties: [String] = [], config: String = "", state: String? = nil,
                      recordArguments: [String] = ["--source", "libinput"], beside: Bool = false, calibrate: Bool = false) throws -> Session {
        try build()
        let run = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-umockdev-\(UUID().uuidString.prefix(8))")
        let udev = run.appendingPathComponent("udev")
        try FileManager.default.createDirectory(at: udev, withIntermediateDirectories: true)
        try udevEntry(["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"] + touchscreenProperties).write(to: udev.appendingPathComponent("c13:69"), atomically: true, encoding: .utf8)
        try udevEntry(["ID_INPUT=1", "ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1"]).write(to: udev.appendingPathComponent("c13:70"), atomically: true, encoding: .utf8)
        try udevEntry(["ID_INPUT=1", "ID_INPUT_MOUSE=1"]).write(to: udev.appendingPathComponent("c13:71"), atomically: true, encoding: .utf8)
        try udevEntry(["ID_INPUT=1", "ID_INPUT_TABLET=1"]).write(to: udev.appendingPathComponent("c13:72"), atomically: true, encoding: .utf8)
        try events.write(to: run.appendingPathComponent("events.evemu"), atomically: true, encoding: .utf8)
        try config.write(to: run.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let stateHome = run.appendingPathComponent("state")
        if let state {
            try FileManager.default.createDirectory(at: stateHome.appendingPathComponent("touchlight"), withIntermediateDirectories: true)
            try state.write(to: stateHome.appendingPathComponent("touchlight/state.toml"), atomically: true, encoding: .utf8)
        }
        _ = try Desktop.run("/usr/bin/chown", ["-R", Desktop.testUser, run.path])
        // unshare and sh exec what follows, so the process the test holds becomes the driver.
        let script = """
            set -e
            \(privateUdevDatabase)
            run="$1" driver="$2" fixtures="$3" shim="$4" touchlight="$5"
            shift 5
            exec setpriv --reuid=\(Desktop.testUser) --regid=\(Desktop.testUser) --init-groups -- \\
              env LD_PRELOAD=libumockdev-preload.so.0 DRIVER_PLAY_ON_SIGNAL=1 "$driver" "$fixtures" "$run/events.evemu" 60000 "$shim" -- \\
              "$touchlight" "$@"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        let command = (calibrate ? ["calibrate"] : ["record", run.appendingPathComponent("out.trace").path])
            + ["--config", run.appendingPathComponent("config.toml").path, "--verbose"] + (calibrate ? [] : recordArguments)
        process.arguments = ["--mount", "--propagation", "private", "sh", "-c", script, "sh", run.path, driver.path, fixtures.path, shim.path,
                             Desktop.touchlight.path] + command
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        process.environment = (sway?.environment ?? environment).merging(["TOUCHLIGHT_OPEN_LOG": run.appendingPathComponent("opens.log").path,
                                                                          "XDG_STATE_HOME": stateHome.path]) { $1 }
        if beside, let sway, let display = sway.environment["WAYLAND_DISPLAY"] {
            process.environment?["WAYLAND_DISPLAY"] = sway.runtimeDirectory.appendingPathComponent(display).path
            process.environment?["XDG_RUNTIME_DIR"] = run.path
        }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let errorLog = run.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        let session = Session(process: process, directory: run)
        if session.waitFor("mapped to") {
            kill(process.processIdentifier, SIGUSR1)  // the driver plays the events
        } else {
            Issue.record("touchlight never opened the touchscreen: \(session.printed.suffix(1500))")
        }
        return session
    }

    /// Starts, plays `frames` (stamped from `base`), waits until their touches have ended (all
    /// that lift, or `touchesEnding` when fewer reach touchlight), and collects.
    static func run(on sway: Desktop?, base: Double, frames: [(Double, [Contact])], touchesEnding: Int? = nil,
                    touchscreenProperties: [String] = [], config: String = "", state: String? = nil,
                    recordArguments: [String] = ["--source", "libinput"]) throws -> Run {
        let session = try start(on: sway, events: events(base: base, frames: frames), touchscreenProperties: touchscreenProperties,
                                config: config, state: state, recordArguments: recordArguments)
        return session.finish(afterTouchesEnd: touchesEnding ?? lifts(in: frames))
    }

    /// How many contacts lift in `frames`.
    static func lifts(in frames: [(Double, [Contact])]) -> Int {
        frames.reduce(0) { $0 + $1.1.filter { $0.position == nil }.count }
    }
}
