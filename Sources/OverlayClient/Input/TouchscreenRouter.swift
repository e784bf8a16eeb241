import TouchCore
import TouchlightConfig
import TouchscreenInput

/// Where each touchscreen's touches go (the libinput source's and a libinput-shaped replay's):
/// the overlay of its output (`[output] touchscreen_output`, else the built-in panel, else the
/// only output), mapped as `touchlight calibrate` saw the compositor map it on that output,
/// else with the output's transform. The mapping is read again at every event, so a reload or
/// a turned output applies at once.
@MainActor
final class TouchscreenRouter {
    /// What it maps by, read at each mapping: `[output]` as configured now, the calibrations
    /// `touchlight calibrate` learned, and the overlays there are, in a stable order.
    private let output: () -> Configuration.Output
    private let calibrations: () -> LearnedCalibrations
    private let overlays: () -> [Overlay]
    /// A touchscreen was mapped to an output (to compare with wl_touch): its name, the output's
    /// name and logical size.
    var onMapped: ((String, String, Size) -> Void)?
    /// A line for the log; an error for it.
    private let note: (String) -> Void, error: (String) -> Void

    init(output: @escaping () -> Configuration.Output, calibrations: @escaping () -> LearnedCalibrations, overlays: @escaping () -> [Overlay],
         note: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        (self.output, self.calibrations, self.overlays, self.note, self.error) = (output, calibrations, overlays, note, error)
    }

    func target(forDevice name: String) -> TouchTranslator.Target? {
        let candidates = overlays()
        switch OutputChoice.choose(configured: output().touchscreenOutput, outputs: candidates.map(\.output.name)) {
        case .ambiguous(let why):
            error("touchscreen \(name) is not mapped: \(why)")
            return nil
        case .output(let outputName):
            guard let overlay = candidates.first(where: { $0.output.name == outputName }) else { return nil }
            let learned = calibrations().calibration(for: name, on: outputName)
            note("touchscreen \(name) mapped to \(outputName) (\(learned == nil ? "transform \(transform(on: overlay))" : "as calibrated"))")
            onMapped?(name, outputName, overlay.size)
            return .init(dispatcher: overlay.dispatcher, output: outputName, currentMapping: { [unowned self, unowned overlay] in
                TouchscreenMapping(transform: self.transform(on: overlay), logicalSize: overlay.size, learned: learned)
            }, isTakenByOverlay: { [unowned overlay] point in
                // Where the overlay's views take a touch, its input region does: wl_touch brings it.
                overlay.window.hitTest(point, with: nil) != nil
            })
        }
    }

    /// `[output] transform`, else the output's own transform.
    func transform(on overlay: Overlay) -> OutputTransform {
        output().transform ?? OutputTransform(rawValue: Int(overlay.output.transform)) ?? .normal
    }
}
