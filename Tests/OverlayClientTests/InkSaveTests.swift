import Foundation
import Glibc
import Renderer
@testable import Stage
import Testing
@testable import OverlayClient

/// `ctl save` writes off the loop: the pictures go to a detached task, which encodes and
/// writes them and posts the outcome back through a pipe the loop polls.
@MainActor
struct InkSaveTests {
    @Test func aSaveIsWrittenOffTheLoopAndItsOutcomeComesBack() throws {
        let folder = NSTemporaryDirectory() + "touchlight-save-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let picture = PNG.Image(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 128])
        let save = InkSave(files: [(.image(picture), folder + "/a.png"), (.image(picture), folder + "/missing/b.png"), (.image(picture), folder + "/c.png")])
        let saver = try InkSaver()
        var outcome: InkSave.Outcome?
        saver.write(save) { outcome = $0 }
        #expect(saver.isWriting)
        saver.finish(timeout: 5)  // waits on the pipe the loop would poll
        #expect(outcome?.saved == [folder + "/a.png"], "\(String(describing: outcome))")
        #expect(outcome?.error?.hasPrefix("could not save") == true, "stops at the first that fails")
        #expect(try PNG.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/a.png")))) == picture, "the picture, as written")
        #expect(!FileManager.default.fileExists(atPath: folder + "/c.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.png"], "no temporary file left")
    }

    /// A screen's XRGB pixels are written as an opaque PNG, colour for colour, 0600.
    @Test func aScreensPictureIsWrittenOpaqueAndPrivate() throws {
        let folder = NSTemporaryDirectory() + "touchlight-screenshot-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The padding byte is anything: the screen has no transparency.
        let xrgb: [UInt32] = [0x00FF_0000, 0x1200_FF00, 0xFF00_00FF, 0x0080_4020]
        let outcome = InkSave.screens([(.screen(width: 2, height: 2, xrgb: xrgb), folder + "/shot.png")]).write()
        #expect(outcome.error == nil && outcome.saved == [folder + "/shot.png"], "\(outcome)")
        let image = try PNG.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/shot.png"))))
        #expect(image == PNG.Image(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 128, 64, 32, 255]))
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/shot.png")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// One output's screenshot goes where it is asked; several get their output's name before
    /// the ending; none asked for goes to the pictures folder, never over a file.
    @Test func screenshotsAreNamedForTheirOutputs() throws {
        #expect(try ControlPlane.screenshotPaths(outputs: ["DP-1"], file: "/tmp/a/shot.png") == ["/tmp/a/shot.png"])
        #expect(try ControlPlane.screenshotPaths(outputs: ["DP-1", "HDMI-A-1"], file: "/tmp/a/shot.png") == ["/tmp/a/shot-DP-1.png", "/tmp/a/shot-HDMI-A-1.png"])
        #expect(try ControlPlane.screenshotPaths(outputs: ["DP-1", "eDP-1"], file: "/tmp/a.b/shot") == ["/tmp/a.b/shot-DP-1", "/tmp/a.b/shot-eDP-1"])
        #expect(try ControlPlane.screenshotPaths(outputs: ["DP-1", "eDP-1"], file: "/tmp/.shot") == ["/tmp/.shot-DP-1", "/tmp/.shot-eDP-1"])
        #expect(throws: InkSave.Refusal.self) { try ControlPlane.screenshotPaths(outputs: [], file: nil) }
        let home = NSTemporaryDirectory() + "touchlight-home-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["HOME": home]
        let paths = try ControlPlane.screenshotPaths(outputs: ["DP-1"], file: nil, environment: environment)
        #expect(paths.count == 1 && paths[0].hasPrefix(home + "/Pictures/touchlight-screenshot-DP-1-") && paths[0].hasSuffix(".png"), "\(paths)")
        FileManager.default.createFile(atPath: paths[0], contents: Data())
        let again = try ControlPlane.screenshotPaths(outputs: ["DP-1"], file: nil, environment: environment)
        #expect(again != paths && again[0].hasSuffix("-2.png"), "never over an existing file: \(again)")
    }
}
