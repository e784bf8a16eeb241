import Foundation
import Testing

extension EndToEnd {
    @Suite(.serialized, .enabled(if: Desktop.missingPrerequisite == nil, "SKIPPED LOUDLY: \(Desktop.missingPrerequisite ?? "")"))
    struct DoctorAndDemoTests {
        @Test func doctorReportsTheCompositorOutputsSeatsAndConfiguration() throws {
            let sway = try Desktop()
            defer { sway.stop() }
            let config = NSTemporaryDirectory() + "touchlight-doctor-\(UUID().uuidString.prefix(8)).toml"
            try "[marker]\nradius = 1\n".write(toFile: config, atomically: true, encoding: .utf8)
            defer { unlink(config) }
            let out = Pipe()
            let doctor = try sway.start(Desktop.touchlight.path, ["doctor", "--config", config], stdout: out)
            #expect(waitForExit(doctor, timeout: 10))
            let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(doctor.terminationStatus == 0)
            #expect(report.contains("  zwlr_layer_shell_v1 4, used at 4"))
            #expect(report.contains("Layer shell: offered (version 4)"))
            #expect(report.contains("Zoom and screenshots: available (zwlr_screencopy_manager_v1 version 3)"), "\(report)")
            #expect(report.contains("  HEADLESS-1: 800×600 px, logical 800×600, scale 1, transform normal, position (0, 0)"))
            #expect(report.contains("  seat0: no input devices"))
            // No GPU here: Mesa's software GL, which `auto` passes over.
            #expect(report.contains("OpenGL ES 2: llvmpipe") && report.contains("(software: renderer = \"auto\" draws on the canvas)"), "\(report)")
            #expect(report.contains("Font for captions and the HUD: DejaVu Sans (/usr/share/fonts/"), "\(report)")
        #expect(report.contains("Touchscreens (libinput source): none: udev lists no input device tagged ID_INPUT_TOUCHSCREEN=1"))
            #expect(report.contains("\(config): INVALID\n  \(config):2:1: [marker] radius: found 1 (an integer); expected a number from 4 to 400"))
        }

        @Test func demoSavesAScreenshotOfEveryGesture() throws {
            let directory = NSTemporaryDirectory() + "touchlight-demo-test-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let process = Process()
            process.executableURL = Desktop.touchlight
            process.arguments = ["demo", "--output", directory]
            process.environment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": NSTemporaryDirectory()]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(waitForExit(process, timeout: 60))
            #expect(process.terminationStatus == 0, "\(text)")
            for gesture in ["tap", "double-tap", "long-press", "pan", "pinch", "rotate", "swipe", "edge-swipe"] {
                let file = "\(directory)/demo-\(gesture).png"
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
                #expect(size > 1_000, "\(file) saved")
                #expect(text.contains(file))
            }
        }
    }
}
