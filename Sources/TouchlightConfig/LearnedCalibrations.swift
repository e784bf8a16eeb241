import TOMLKit
import TouchscreenInput

/// The touchscreen calibrations `touchlight calibrate` learned, by touchscreen (as libinput
/// names it) and output, kept in the state file (`StateFile`):
///
///     [touchscreen."Wacom HID 52C2 Finger"."eDP-1"]
///     matrix = [0.0, 1.0, 0.0, -1.0, 0.0, 1.0]
///
/// The libinput source maps that touchscreen on that output with it, in place of its own
/// mapping (see `TouchscreenCalibration`).
public struct LearnedCalibrations: Equatable, Sendable {
    /// The calibrations by touchscreen name, then output name.
    public var byDevice: [String: [String: TouchscreenCalibration]] = [:]

    public init(byDevice: [String: [String: TouchscreenCalibration]] = [:]) {
        self.byDevice = byDevice
    }

    /// Every calibration as "DEVICE on OUTPUT", sorted (for doctor and `calibrate --reset`).
    public var names: [String] {
        byDevice.flatMap { device, outputs in outputs.keys.map { "\(device) on \($0)" } }.sorted()
    }

    /// The calibration learned for `device` on `output`, if any.
    public func calibration(for device: String, on output: String) -> TouchscreenCalibration? {
        byDevice[device]?[output]
    }

    /// The calibrations in the state file's `[touchscreen]` table. An entry without six finite
    /// numbers in `matrix` is left out and named in `problems`.
    init(table: TOMLTable?, problems: inout [String]) {
        guard let table else { return }
        for device in table.keys.sorted() {
            guard let outputs = table[device]?.table else {
                problems.append("[touchscreen.\"\(device)\"] needs a table per output")
                continue
            }
            for output in outputs.keys.sorted() {
                let entry = outputs[output]?.table
                let numbers = entry?["matrix"]?.array?.compactMap { $0.double ?? $0.int.map(Double.init) }
                guard let numbers, let calibration = TouchscreenCalibration(matrix: numbers) else {
                    problems.append("[touchscreen.\"\(device)\".\"\(output)\"] needs matrix = six numbers of at most \(Int(TouchscreenCalibration.largestCoefficient)) that map an area, not a line")
                    continue
                }
                if entry?.keys.contains(where: { $0 != "matrix" }) == true {
                    problems.append("[touchscreen.\"\(device)\".\"\(output)\"] holds keys other than matrix")
                }
                byDevice[device, default: [:]][output] = calibration
            }
        }
    }

    /// The `[touchscreen]` table.
    var table: TOMLTable {
        let root = TOMLTable()
        for (device, outputs) in byDevice {
            let entries = TOMLTable()
            for (output, calibration) in outputs {
                let entry = TOMLTable()
                entry["matrix"] = TOMLArray(calibration.matrix)
                entries[output] = entry
            }
            root[device] = entries
        }
        return root
    }
}
