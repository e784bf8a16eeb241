import Foundation
import HeadlessSession
import Testing

/// A headless sway that reads an emulated pen display (`EmulatedPanel`'s event8: a pen with
/// pressure and an eraser end) through its own libinput backend, which turns it into the
/// tablet protocol for the client under the pen, as it would for a real Wacom display.
final class PenDisplay {
    private let panel: EmulatedPanel
    var sway: Desktop { panel.desktop }

    /// Why these tests cannot run here, or nil.
    static var missingPrerequisite: String? { EmulatedPanel.missingPrerequisite }

    /// The pen display's axes run 0…4095 over the whole output; pressure 0…1023.
    static let panelMaximum = EmulatedPanel.panelMaximum
    static let pressureMaximum = 1023.0

    init(width: Int = 800, height: Int = 600) throws {
        panel = try EmulatedPanel(device: .pen, width: width, height: height)
    }

    /// What sway (and umockdev's driver) printed, for failure messages.
    var compositorLog: String { panel.compositorLog }

    /// One pass of the pen: its tip (or eraser end) down at the first point, through the
    /// others, lifted at the last; positions in logical px of an 800×600 output, pressure 0…1.
    struct Stroke {
        var eraser = false
        /// False: the tool only hovers over the points, in proximity without touching.
        var touches = true
        var points: [(x: Double, y: Double, pressure: Double)]
    }

    /// Plays `strokes` now (once per display: umockdev 0.17 plays one event file per device),
    /// 60 events a second, `pause` seconds apart; returns when each stroke has ended, in
    /// seconds from now.
    func play(_ strokes: [Stroke], pause: Double = 0.3, outputSize: (Double, Double) = (800, 600)) throws -> [Double] {
        let (evemu, ends) = Self.events(strokes, base: EmulatedPanel.baseTime(), pause: pause, outputSize: outputSize)
        try panel.play(evemu)
        return ends
    }

    /// The pen's evemu file for `strokes` from `base` (its first stroke 0.3 s after), and when
    /// each stroke ends, in seconds from `base`.
    static func events(_ strokes: [Stroke], base: Double, pause: Double = 0.3, outputSize: (Double, Double) = (800, 600)) -> (String, [Double]) {
        var lines = ["# EVEMU 1.3"]
        func add(_ time: Double, _ type: Int, _ code: Int, _ value: Int) {
            lines.append(EmulatedTouchscreen.evemuLine(time, type, code, value))
        }
        let (EV_SYN, EV_KEY, EV_ABS) = (0, 1, 3)
        let (BTN_TOOL_PEN, BTN_TOOL_RUBBER, BTN_TOUCH, ABS_X, ABS_Y, ABS_PRESSURE) = (0x140, 0x141, 0x14A, 0, 1, 0x18)
        func position(_ p: (x: Double, y: Double, pressure: Double)) -> (Int, Int) { EmulatedPanel.position(of: (p.x, p.y), on: outputSize) }
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
                if index == 0, stroke.touches { add(time, EV_KEY, BTN_TOUCH, 1) }
                add(time, EV_ABS, ABS_X, x); add(time, EV_ABS, ABS_Y, y)
                add(time, EV_ABS, ABS_PRESSURE, stroke.touches ? max(1, Int((point.pressure * pressureMaximum).rounded())) : 0)
                add(time, EV_SYN, 0, 0)
                time += 1.0 / 60
            }
            if stroke.touches { add(time, EV_KEY, BTN_TOUCH, 0); add(time, EV_ABS, ABS_PRESSURE, 0); add(time, EV_SYN, 0, 0) }
            time += 0.05
            add(time, EV_KEY, tool, 0); add(time, EV_SYN, 0, 0)
            ends.append(time - base)
            time += pause
        }
        return (lines.joined(separator: "\n") + "\n", ends)
    }

    func stop() { panel.stop() }
}
