import Renderer
import SafeFiles

/// `ctl save`'s files: the pictures are rasterized on the loop (the ink is the loop's), then
/// encoded and written off it (`write`), so that no save holds up a frame.
package struct InkSave: Sendable {
    /// Each picture and where it goes.
    var files: [(image: PNG.Image, path: String)]
    /// A session file and where it goes (`save --session FILE`).
    var session: (session: InkSession, path: String)?

    /// `save --session FILE`: the drawing as a session file.
    package static func session(_ session: InkSession, to path: String) -> InkSave {
        InkSave(files: [], session: (session, path))
    }

    /// Why there is nothing to save into.
    package struct Refusal: Error {
        package var reason: String
    }

    /// What a save did: the files written, in order, and what stopped it, if anything did.
    package struct Outcome: Sendable {
        var saved: [String]
        var error: String?
    }

    /// Encodes each picture as PNG and writes it atomically (0600, never through a link),
    /// stopping at the first that fails. From any thread.
    package func write() -> Outcome {
        var saved: [String] = []
        if let (session, path) = session {
            do {
                try SafeFiles.writeAtomically(try session.encoded(), to: path)
                saved.append(path)
            } catch {
                return Outcome(saved: saved, error: "could not save the session: \(error)")
            }
        }
        for file in files {
            do {
                try SafeFiles.writeAtomically(try PNG.encode(file.image), to: file.path)
            } catch {
                return Outcome(saved: saved, error: "could not save: \(error)")
            }
            saved.append(file.path)
        }
        return Outcome(saved: saved, error: nil)
    }
}
