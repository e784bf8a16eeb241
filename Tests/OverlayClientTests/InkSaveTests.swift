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
        let save = InkSave(files: [(picture, folder + "/a.png"), (picture, folder + "/missing/b.png"), (picture, folder + "/c.png")])
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
}
