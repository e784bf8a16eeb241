import Foundation
import Testing
import TouchCore
import Visualizer
@testable import OverlayClient
import TouchlightConfig

@MainActor @Suite struct InputRegionTests {
    @Test func passThroughOverlayHasAnEmptyRegion() {
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: ManualScheduler())
        #expect(InputRegion.rects(of: window, size: Size(width: 800, height: 600)).isEmpty)
    }

    @Test func captureModeCoversTheWholeSurface() {
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: ManualScheduler())
        window.isCapturing = true
        #expect(InputRegion.rects(of: window, size: Size(width: 800, height: 600)) == [Rect(x: 0, y: 0, width: 800, height: 600)])
    }

    @Test func theRegionIsWhereHitTestingFindsAView() {
        let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: ManualScheduler())
        let panel = View(frame: Rect(x: 16, y: 16, width: 160, height: 48))
        window.addSubview(panel)
        let hidden = View(frame: Rect(x: 400, y: 400, width: 100, height: 100))
        hidden.isHidden = true
        window.addSubview(hidden)
        #expect(InputRegion.rects(of: window, size: Size(width: 800, height: 600)) == [Rect(x: 16, y: 16, width: 160, height: 48)])
        let generation = window.viewTreeGeneration
        hidden.isHidden = false
        #expect(window.viewTreeGeneration != generation, "the change is noticed, so the region is recomputed")
        #expect(InputRegion.rects(of: window, size: Size(width: 800, height: 600)).count == 2)
    }
}

@Suite struct SurfaceScaleTests {
    @Test func integerScalesGiveBuffersDivisibleByTheScale() {
        for scale in 1...3 {
            let chosen = SurfaceScale.choose(outputScale: scale, preferredFractional: nil, hasViewporter: true)
            let size = chosen.bufferSize(logicalWidth: 1366, logicalHeight: 767)
            #expect(size.width % scale == 0 && size.height % scale == 0)
            #expect(chosen.bufferScale == scale && chosen.renderScale == Double(scale))
        }
    }

    @Test func fractionalScalesUseAViewportAndBufferScaleOne() {
        let chosen = SurfaceScale.choose(outputScale: 2, preferredFractional: 1.5, hasViewporter: true)
        #expect(chosen == SurfaceScale(bufferScale: 1, fractional: 1.5))
        #expect(chosen.bufferSize(logicalWidth: 1280, logicalHeight: 853) == (1920, 1280))
        let withoutViewporter = SurfaceScale.choose(outputScale: 2, preferredFractional: 1.5, hasViewporter: false)
        #expect(withoutViewporter == SurfaceScale(bufferScale: 2, fractional: nil), "falls back to the integer scale")
        #expect(SurfaceScale.choose(outputScale: 0, preferredFractional: nil, hasViewporter: false).bufferScale == 1)
    }
}

@Suite struct ConnectionTests {
    @Test func globalsAreBoundAtTheLowerVersion() {
        #expect(Connection.bindVersion("wl_seat", advertised: 9) == 7)
        #expect(Connection.bindVersion("wl_seat", advertised: 5) == 5)
        #expect(Connection.bindVersion("zwlr_layer_shell_v1", advertised: 5) == 4)
        #expect(Connection.bindVersion("wl_compositor", advertised: 6) == 4)
    }

    /// Bug 29.12: outputs and seats are set up after every manager they use, whatever the
    /// registry's order (here reversed on purpose; mutter announces wl_output first).
    @Test func outputsAndSeatsAreSetUpAfterTheManagers() {
        let listed = ["wl_compositor", "wl_shm", "zwlr_layer_shell_v1", "zxdg_output_manager_v1", "zwp_tablet_manager_v2", "wl_output", "wl_seat", "wl_output"]
            .enumerated().map { Connection.Global(name: UInt32($0.offset + 1), interface: $0.element, version: 1) }
        for order in [listed, listed.reversed()] {
            let setUp = Connection.setupOrder(order).map(\.interface)
            #expect(Set(setUp) == Set(listed.map(\.interface)) && setUp.count == listed.count, "nothing lost: \(setUp)")
            let firstUser = setUp.firstIndex { $0 == "wl_output" || $0 == "wl_seat" } ?? setUp.count
            #expect(setUp[firstUser...].allSatisfy { $0 == "wl_output" || $0 == "wl_seat" }, "\(setUp)")
            #expect(Connection.setupOrder(order).filter { $0.interface == "wl_output" } == order.filter { $0.interface == "wl_output" },
                    "outputs keep their announced order")
        }
    }

    @Test func missingLayerShellIsExplained() {
        let text = ClientError.missingGlobals(["zwlr_layer_shell_v1"]).description
        #expect(text.hasPrefix("this compositor has no wlr-layer-shell"))
        #expect(text.contains("record touches.trace --no-overlay") && text.contains("render touches.trace --over"))
        #expect(text.contains("Touch Points") && text.contains("sway") && text.contains("GNOME"))
        let several = ClientError.missingGlobals(["wl_shm", "zwlr_layer_shell_v1"]).description
        #expect(several.hasPrefix("the compositor does not offer wl_shm, zwlr_layer_shell_v1") && several.contains("--no-overlay"))
        #expect(ClientError.connectionLost("x").description == "lost the connection to the compositor: x")
    }

    @Test func eventTimesMapOntoTheMonotonicClock() {
        var clock = ClockDomain()
        #expect(abs(clock.map(milliseconds: 99_950, now: 100.0) - 99.95) < 1e-6, "the compositor's clock is ours")
        // Wrapped 32-bit milliseconds still map back.
        let now = Double(UInt64(UInt32.max) + 1 + 1_000) / 1000  // 2³² + 1000 ms: the clock wrapped
        var wrapped = ClockDomain()
        #expect(abs(wrapped.map(milliseconds: 500, now: now) - (now - 0.5)) < 1e-6)
        var other = ClockDomain()
        #expect(other.map(milliseconds: 5, now: 1_000) == 1_000, "another clock: taken as now")
        #expect(abs(other.map(milliseconds: 25, now: 1_000.5) - 1_000.02) < 1e-9, "then its spacing is kept")
    }
}

@Suite struct GeneratedProtocolTests {
    /// The committed protocol code is what scripts/generate-protocols makes today.
    @Test func generatedCodeIsNotStale() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fresh = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchlight-protocols-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/generate-protocols")
        process.arguments = [fresh.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "scripts/generate-protocols failed (is wayland-scanner installed?)")
        let committed = root.appendingPathComponent("Sources/CWaylandProtocols")
        for folder in ["generated", "include"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: fresh.appendingPathComponent(folder).path)
            #expect(!names.isEmpty)
            for name in names {
                let new = try Data(contentsOf: fresh.appendingPathComponent(folder).appendingPathComponent(name))
                let old = try? Data(contentsOf: committed.appendingPathComponent(folder).appendingPathComponent(name))
                #expect(old == new, "\(folder)/\(name) is stale: run scripts/generate-protocols")
            }
        }
    }
}

@Suite struct KeyInterpreterTests {
    /// Escape (evdev KEY_ESC = 1) leaves capture mode; other keys, whatever the layout, do not.
    @Test(arguments: ["us", "de", "fr"])
    func onlyEscapeIsEscape(layout: String) throws {
        let keys = try #require(KeyInterpreter(layout: layout), "xkbcommon could not compile the \(layout) layout (xkb-data missing?)")
        #expect(keys.isEscape(evdevKey: 1))
        for key: UInt32 in [2, 16, 28, 57, 30] { #expect(!keys.isEscape(evdevKey: key), "key \(key)") }
    }

    /// In a text box: letters through the layout, Enter (with and without Shift), editing keys,
    /// and a dead key composed with the next (us international: ~ is dead, then n gives ñ).
    @Test func keysMeanWhatTheLayoutAndComposeSay() throws {
        let keys = try #require(KeyInterpreter(layout: "us", variant: "intl"), "xkbcommon could not compile us(intl)")
        // evdev: A 30, Q 16, Enter 28, Backspace 14, Left 105, Home 102, grave/tilde 41, N 49, Escape 1.
        #expect(keys.meaning(ofEvdevKey: 30) == .edit(.insert("a")) && keys.meaning(ofEvdevKey: 16) == .edit(.insert("q")))
        #expect(keys.meaning(ofEvdevKey: 28) == .enter(shift: false))
        #expect(keys.meaning(ofEvdevKey: 14) == .edit(.backspace) && keys.meaning(ofEvdevKey: 105) == .edit(.left))
        #expect(keys.meaning(ofEvdevKey: 102) == .edit(.home) && keys.meaning(ofEvdevKey: 1) == .escape)
        keys.updateModifiers(depressed: keys.shiftMask, latched: 0, locked: 0, group: 0)
        #expect(keys.meaning(ofEvdevKey: 30) == .edit(.insert("A")) && keys.meaning(ofEvdevKey: 28) == .enter(shift: true))
        #expect(keys.meaning(ofEvdevKey: 41) == nil, "Shift+` is dead_tilde: a sequence begins")
        keys.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
        #expect(keys.meaning(ofEvdevKey: 49) == .edit(.insert("ñ")), "the locale's compose sequences (libx11-data)")
        #expect(keys.meaning(ofEvdevKey: 49) == .edit(.insert("n")), "then keys type as they are")
        #expect(keys.repeats(evdevKey: 30) && !keys.repeats(evdevKey: 42), "letters repeat; Shift does not")
    }
}

@MainActor @Suite struct ReliabilityTests {
    /// Bug 1: a timer that sets another timer "due" by an input's far-future time used to spin
    /// forever. Timers now fire by the scheduler's clock only, and one call runs only the
    /// timers set before it.
    @Test func timersFireByTheSchedulersClockOnlyAndABurstIsBounded() throws {
        let scheduler = try TimerfdScheduler()
        var fired = 0
        func chain() {
            fired += 1
            _ = scheduler.schedule(at: scheduler.now) { chain() }
        }
        _ = scheduler.schedule(at: scheduler.now - 1) { chain() }
        let future = scheduler.schedule(at: scheduler.now + 3600) { Issue.record("fired by an input's clock") }
        scheduler.fireTimers(dueBy: 9.3e18)
        #expect(fired == 1, "the timer set while firing waits for the next wakeup")
        scheduler.fireTimers(dueBy: .infinity)
        #expect(fired == 2)
        scheduler.cancel(future)
        // Arming for absurd times must not trap (it used to convert 9.3e18 to Int).
        let far = scheduler.schedule(at: 9.3e18) {}
        let never = scheduler.schedule(at: .greatestFiniteMagnitude) {}
        scheduler.cancel(far)
        scheduler.cancel(never)
    }

    /// Bug 2: while anything animates, a frame callback or a timer is always pending.
    @Test func framePacingNeverLeavesAnAnimationWithoutAWakeup() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let animating = Bool.random(using: &rng)
            let committed = Bool.random(using: &rng)
            let deadline: Double? = Bool.random(using: &rng) ? Double.random(in: -10...10, using: &rng) : nil
            let now = Double.random(in: 0...100, using: &rng)
            let wake = FramePacing.next(isAnimating: animating, committed: committed, nextDeadline: deadline, now: now)
            let holds = FramePacing.holds(isAnimating: animating, frameCallbackPending: wake == .frameCallback,
                                          timerPending: { if case .timer = wake { true } else { false } }())
            #expect(holds)
            if case .timer(let time) = wake { #expect(time > now, "a timer is never set in the past") }
            if !animating && deadline == nil { #expect(wake == .none, "an idle overlay never wakes") }
        }
        #expect(FramePacing.next(isAnimating: true, committed: false, nextDeadline: nil, now: 5) == .timer(at: 5 + FramePacing.fallbackInterval),
                "a fade that showed no change yet still gets its next frame")
    }
}

@Suite struct OptionsTests {
    /// One merge for launch and reload: the command line wins where it speaks, the file
    /// elsewhere, and a reload keeps the command line's word.
    @Test func theCommandLineOverTheFileAtLaunchAndOnReload() {
        var file = Configuration()
        file.input.source = .libinput
        file.input.replaySpeed = 2
        file.output.touchscreenOutput = "eDP-1"
        var overrides = Overrides()
        overrides.replayPath = "/tmp/t.trace"
        overrides.capture = true
        let options = Options(file: file, overrides: overrides)
        #expect(options.replayPath == "/tmp/t.trace" && !options.usesLibinput, "--replay chooses the replay source")
        #expect(options.capture && options.configuration.input.replaySpeed == 2)
        var edited = file
        edited.output.touchscreenOutput = "HDMI-A-1"
        edited.output.transform = .rotated180
        edited.input.replaySpeed = 3
        let reloaded = options.reloaded(from: edited)
        #expect(reloaded.configuration.output.touchscreenOutput == "HDMI-A-1" && reloaded.configuration.output.transform == .rotated180)
        #expect(reloaded.replayPath == "/tmp/t.trace" && reloaded.capture && reloaded.configuration.input.replaySpeed == 3)
    }

    /// `--hud` shows the HUD whatever the file says, also after a reload; without it the file decides.
    @Test func hudFromTheCommandLineOrTheFile() {
        var overrides = Overrides()
        overrides.hud = true
        let options = Options(file: Configuration(), overrides: overrides)
        #expect(options.style.hud.isEnabled && options.reloaded(from: Configuration()).style.hud.isEnabled)
        var file = Configuration()
        file.style.hud.isEnabled = true
        #expect(Options(file: file).style.hud.isEnabled)
        #expect(!Options(file: Configuration()).style.hud.isEnabled)
    }
}
