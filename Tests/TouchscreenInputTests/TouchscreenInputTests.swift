import Testing
import TouchCore
@testable import TouchscreenInput

@Suite struct DeviceFilterTests {
    @Test(arguments: [
        (["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"], DeviceFilter.Decision.open),
        (["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"], .refuse("a device with keys, not a touchscreen")),
        (["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1"], .refuse("a keyboard, not a touchscreen")),
        (["ID_INPUT": "1", "ID_INPUT_TOUCHPAD": "1", "ID_INPUT_MOUSE": "1"], .refuse("a mouse, not a touchscreen")),
        (["ID_INPUT": "1", "ID_INPUT_TOUCHPAD": "1"], .refuse("a touchpad, not a touchscreen")),
        (["ID_INPUT": "1", "ID_INPUT_TABLET": "1"], .refuse("a tablet, not a touchscreen")),
        (["ID_INPUT": "1"], .refuse("not tagged ID_INPUT_TOUCHSCREEN=1 by udev")),
        (["ID_INPUT_TOUCHSCREEN": "0"], .refuse("not tagged ID_INPUT_TOUCHSCREEN=1 by udev")),
        (["ID_INPUT_TOUCHSCREEN": "1", "ID_INPUT_KEYBOARD": "1"], .refuse("a touchscreen that also reports keys")),
    ])
    func onlyTouchscreensAreOpened(properties: [String: String], decision: DeviceFilter.Decision) {
        #expect(DeviceFilter.decide(properties: properties) == decision)
    }
}

@Suite struct TouchscreenMappingTests {
    let landscape = Size(width: 1920, height: 1080)
    let portrait = Size(width: 1080, height: 1920)

    /// Where the panel's top-left and top-right corners land, per transform (logical size
    /// portrait for the turned ones). The convention is wlroots' transform matrices.
    @Test(arguments: [
        (OutputTransform.normal, Point(x: 0, y: 0), Point(x: 1920, y: 0)),
        (.rotated90, Point(x: 1080, y: 0), Point(x: 1080, y: 1920)),
        (.rotated180, Point(x: 1920, y: 1080), Point(x: 0, y: 1080)),
        (.rotated270, Point(x: 0, y: 1920), Point(x: 0, y: 0)),
        (.flipped, Point(x: 1920, y: 0), Point(x: 0, y: 0)),
        (.flipped90, Point(x: 0, y: 0), Point(x: 0, y: 1920)),
        (.flipped180, Point(x: 0, y: 1080), Point(x: 1920, y: 1080)),
        (.flipped270, Point(x: 1080, y: 1920), Point(x: 1080, y: 0)),
    ])
    func everyTransformPlacesTheCorners(transform: OutputTransform, topLeft: Point, topRight: Point) {
        let mapping = TouchscreenMapping(transform: transform, logicalSize: transform.swapsAxes ? portrait : landscape)
        #expect(mapping.map(x: 0, y: 0) == topLeft)
        #expect(mapping.map(x: 1, y: 0) == topRight)
        // The centre stays the centre; the mapping is one-to-one on a grid.
        let size = mapping.logicalSize
        #expect(mapping.map(x: 0.5, y: 0.5) == Point(x: size.width / 2, y: size.height / 2))
        var seen = Set<Point>()
        for i in 0...4 { for j in 0...4 { seen.insert(mapping.map(x: Double(i) / 4, y: Double(j) / 4)) } }
        #expect(seen.count == 25)
    }

    /// Logical positions do not depend on the scale: a 2880×1800 panel at scale 1, 1.5 or 2.
    @Test(arguments: [1.0, 1.5, 2.0])
    func scaleChangesNothingInLogicalSpace(scale: Double) {
        let logical = Size(width: 2880 / scale, height: 1800 / scale)
        let p = TouchscreenMapping(logicalSize: logical).map(x: 0.25, y: 0.75)
        #expect(p == Point(x: 720 / scale, y: 1350 / scale))
        #expect(p.x * scale == 720 && p.y * scale == 1350, "under the finger in device pixels")
    }

    @Test func calibrationIsAppliedInPanelSpace() {
        // libinput's documented matrix for a panel mounted 90° clockwise: 0 -1 1 1 0 0.
        let mapping = TouchscreenMapping(calibration: [0, -1, 1, 1, 0, 0], logicalSize: landscape)
        #expect(mapping.map(x: 0, y: 0) == Point(x: 1920, y: 0))
        #expect(mapping.map(x: 1, y: 0) == Point(x: 1920, y: 1080))
        #expect(TouchscreenMapping(calibration: [1, 2], logicalSize: landscape).calibration == TouchscreenMapping.identityCalibration,
                "a malformed matrix is ignored")
    }

    @Test func outputChoice() {
        #expect(OutputChoice.choose(configured: "", outputs: ["HDMI-A-1", "eDP-1"]) == .output("eDP-1"))
        #expect(OutputChoice.choose(configured: "", outputs: ["DP-2"]) == .output("DP-2"))
        #expect(OutputChoice.choose(configured: "DP-2", outputs: ["eDP-1", "DP-2"]) == .output("DP-2"))
        guard case .ambiguous(let why) = OutputChoice.choose(configured: "", outputs: ["DP-1", "DP-2"]) else { Issue.record("chose"); return }
        #expect(why.contains("[output] touchscreen_output"))
        guard case .ambiguous = OutputChoice.choose(configured: "DP-9", outputs: ["DP-1"]) else { Issue.record("chose"); return }
    }

    @Test func transformNames() {
        #expect(OutputTransform(name: "flipped-90") == .flipped90)
        #expect(OutputTransform(name: "sideways") == nil)
    }
}

@MainActor @Suite struct TouchTranslatorTests {
    final class Recorder: View {
        var log: [String] = []
        override func touchesBegan(_ t: Set<Touch>, with e: TouchEvent) { for x in t { log.append("began \(x.sourceID) \(x.location(in: nil))") } }
        override func touchesMoved(_ t: Set<Touch>, with e: TouchEvent) { for x in t { log.append("moved \(x.sourceID) \(x.location(in: nil))") } }
        override func touchesEnded(_ t: Set<Touch>, with e: TouchEvent) { for x in t { log.append("ended \(x.sourceID)") } }
        override func touchesCancelled(_ t: Set<Touch>, with e: TouchEvent) { for x in t { log.append("cancelled \(x.sourceID)") } }
    }

    func output(_ size: Size) -> (TouchDispatcher, Recorder) {
        let window = Window(frame: Rect(origin: .zero, size: size))
        let view = Recorder(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        return (TouchDispatcher(window: window, scheduler: ManualScheduler()), view)
    }

    @Test func recordedSequenceOnTwoOutputsWithAKeyboardBeside() throws {
        let (panel, panelView) = output(Size(width: 1280, height: 800))
        let (external, externalView) = output(Size(width: 1920, height: 1080))
        let translator = TouchTranslator { name in
            name.hasPrefix("ELAN") ? .init(dispatcher: panel, mapping: TouchscreenMapping(logicalSize: Size(width: 1280, height: 800)))
                : .init(dispatcher: external, mapping: TouchscreenMapping(transform: .rotated180, logicalSize: Size(width: 1920, height: 1080)))
        }
        let trace = try LibinputTrace(text: """
            touchlight-libinput-trace 1
            device 3 ELAN-Touchscreen ID_INPUT=1 ID_INPUT_TOUCHSCREEN=1
            device 4 Monitor-Touch ID_INPUT=1 ID_INPUT_TOUCHSCREEN=1
            device 5 AT-Keyboard ID_INPUT=1 ID_INPUT_KEYBOARD=1
            0.000 3 down 0 0.5 0.5
            0.000 3 down 1 0.25 0.5
            0.000 3 frame
            0.010 4 down 0 0.25 0.25
            0.010 4 frame
            0.016 3 motion 0 0.75 0.5
            0.016 3 frame
            0.020 5 down 0 0.1 0.1
            0.020 5 frame
            0.030 3 removed
            0.040 4 up 0
            0.040 4 frame
            """)
        for (_, event) in trace.events { translator.handle(event) }
        #expect(translator.touchscreens == ["Monitor-Touch"], "the removed panel is gone")
        #expect(translator.refused.map(\.name) == ["AT-Keyboard"], "the keyboard is never opened")
        // Touches of one frame arrive as a set, in no particular order: compare as a set, and
        // check the removal's cancels come last.
        #expect(Set(panelView.log) == ["began 3000 (640, 400)", "began 3001 (320, 400)", "moved 3000 (960, 400)",
                                       "cancelled 3000", "cancelled 3001"])
        #expect(panelView.log.count == 5 && panelView.log.suffix(2).allSatisfy { $0.hasPrefix("cancelled") })
        #expect(externalView.log == ["began 4000 (1440, 810)", "ended 4000"], "its own output, turned 180°; not cancelled by the other device's removal")
    }

    @Test func aTouchscreenPluggedInLaterIsPickedUp() {
        let (dispatcher, view) = output(Size(width: 1000, height: 500))
        var asked: [String] = []
        let translator = TouchTranslator { name in
            asked.append(name)
            return .init(dispatcher: dispatcher, mapping: TouchscreenMapping(logicalSize: Size(width: 1000, height: 500)))
        }
        translator.handle(.touchDown(device: 9, slot: 0, x: 0.5, y: 0.5, time: 0))  // not added yet: ignored
        translator.handle(.touchFrame(device: 9, time: 0))
        translator.handle(.deviceAdded(device: 9, name: "USB-Touch", properties: ["ID_INPUT_TOUCHSCREEN": "1"]))
        translator.handle(.touchDown(device: 9, slot: 0, x: 0.1, y: 0.2, time: 1))
        translator.handle(.touchFrame(device: 9, time: 1))
        #expect(asked == ["USB-Touch"])
        #expect(view.log == ["began 9000 (100, 100)"])
    }

    @Test(arguments: [
        ("", 1, "empty"),
        ("touchlight-trace 1\n", 1, "expected the header"),
        ("touchlight-libinput-trace 1\ndevice x\n", 2, "expected 'device ID NAME"),
        ("touchlight-libinput-trace 1\n0.0 1 down 0 1.5 0.5\n", 2, "position x y from 0 to 1"),
        ("touchlight-libinput-trace 1\n0.0 1 press 0\n", 2, "is not one of"),
        ("touchlight-libinput-trace 1\n0.5 1 frame\n0.4 1 frame\n", 3, "goes back before"),
    ])
    func malformedLibinputTracesAreRejected(text: String, line: Int, message: String) {
        #expect { try LibinputTrace(text: text) } throws: { error in
            guard let error = error as? LibinputTrace.ParseError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }
}

@Suite struct LibinputTraceLimitTests {
    /// Bugs 4 and 5: times of inf or 1e300 and slots of 2^63−1 are refused with their line.
    @Test(arguments: [
        "inf 1 down 0 0.5 0.5", "1e300 1 down 0 0.5 0.5", "nan 1 frame",
        "0.1 1 down 9223372036854775807 0.5 0.5", "0.1 1 down -1 0.5 0.5", "0.1 1 down 0 nan 0.5",
        "0.1 9223372036854775807 frame",
    ])
    func hostileEventsAreRefused(line: String) {
        let text = "touchlight-libinput-trace 1\ndevice 1 Touch ID_INPUT=1 ID_INPUT_TOUCHSCREEN=1\n\(line)\n"
        do {
            _ = try LibinputTrace(text: text)
            Issue.record("accepted: \(line)")
        } catch {
            #expect(error.line == 3, "\(error)")
        }
    }

    /// Slots out of range from a live device are ignored and counted, never overflow an id.
    @MainActor @Test func outOfRangeSlotsAreIgnored() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let dispatcher = TouchDispatcher(window: window, scheduler: ManualScheduler())
        let translator = TouchTranslator { _ in .init(dispatcher: dispatcher, mapping: TouchscreenMapping(transform: .normal, logicalSize: Size(width: 100, height: 100))) }
        translator.handle(.deviceAdded(device: 1, name: "T", properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]))
        translator.handle(.touchDown(device: 1, slot: Int.max, x: 0.5, y: 0.5, time: 1e300))
        translator.handle(.touchDown(device: Int.max, slot: 0, x: 0.5, y: 0.5, time: 0))
        translator.handle(.touchFrame(device: 1, time: 0))
        #expect(dispatcher.activeTouches.isEmpty)
        #expect(translator.ignoredEvents == 1, "the unknown device is not even looked at")
        translator.handle(.touchDown(device: 1, slot: 0, x: 0.5, y: 0.5, time: 1e300))
        translator.handle(.touchFrame(device: 1, time: 1e300))
        #expect(dispatcher.activeTouches.first?.timestamp == dispatcher.scheduler.now, "a time from another clock: taken as now")
    }
}

@MainActor @Suite struct RetargetTests {
    /// `[output] touchscreen_output` changed on reload: touches down are cancelled where they
    /// were, and the next touch goes to the new output.
    @Test func aNewTargetTakesTheNextTouch() {
        let first = TouchDispatcher(window: Window(frame: Rect(x: 0, y: 0, width: 100, height: 100)), scheduler: ManualScheduler())
        let second = TouchDispatcher(window: Window(frame: Rect(x: 0, y: 0, width: 200, height: 200)), scheduler: ManualScheduler())
        var chosen = first
        let translator = TouchTranslator { _ in .init(dispatcher: chosen, mapping: TouchscreenMapping(logicalSize: Size(width: 100, height: 100))) }
        translator.handle(.deviceAdded(device: 1, name: "T", properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]))
        translator.handle(.touchDown(device: 1, slot: 0, x: 0.5, y: 0.5, time: 0))
        translator.handle(.touchFrame(device: 1, time: 0))
        #expect(first.activeTouches.count == 1)
        chosen = second
        translator.retarget()
        #expect(first.activeTouches.isEmpty, "cancelled on the old output")
        translator.handle(.touchDown(device: 1, slot: 0, x: 0.5, y: 0.5, time: 0))
        translator.handle(.touchFrame(device: 1, time: 0))
        #expect(second.activeTouches.count == 1)
    }
}

@MainActor @Suite struct LeftToOverlayTests {
    /// A touch that goes down where the overlay takes input is left to wl_touch, and reported
    /// with its panel and mapped positions, so the two sightings can be compared; a touch
    /// elsewhere goes to the dispatcher and is not reported.
    @Test func aTouchLeftToTheOverlayIsReportedWithBothPositions() {
        let dispatcher = TouchDispatcher(window: Window(frame: Rect(x: 0, y: 0, width: 200, height: 100)), scheduler: ManualScheduler())
        let translator = TouchTranslator { _ in
            .init(dispatcher: dispatcher, output: "eDP-1", currentMapping: { TouchscreenMapping(logicalSize: Size(width: 200, height: 100)) },
                  isTakenByOverlay: { $0.x < 100 })
        }
        var reported: [TouchPairing.PanelTouch] = []
        translator.onLeftToOverlay = { reported.append($0) }
        translator.handle(.deviceAdded(device: 1, name: "Panel", properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]))
        translator.handle(.touchDown(device: 1, slot: 0, x: 0.25, y: 0.5, time: 3.5))
        translator.handle(.touchDown(device: 1, slot: 1, x: 0.75, y: 0.5, time: 3.5))
        translator.handle(.touchFrame(device: 1, time: 3.5))
        #expect(reported == [.init(device: "Panel", output: "eDP-1", panel: Point(x: 0.25, y: 0.5), mapped: Point(x: 50, y: 50), time: 3.5,
                                   arrived: dispatcher.scheduler.now)])
        #expect(dispatcher.activeTouches.count == 1, "the other touch is the overlay's to show")
    }
}
