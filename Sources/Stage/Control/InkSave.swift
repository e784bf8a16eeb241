import Renderer
import SafeFiles

/// `ctl save`'s files, a session file, a PDF, or `ctl screenshot`'s pictures: the pictures are
/// rasterized or copied (or the strokes copied) on the loop, which owns them, then converted,
/// encoded and written off it (`write`), so that no save holds up a frame.
package struct InkSave: Sendable {
    /// Each picture and where it goes.
    var files: [(picture: Picture, path: String)]

    /// A picture to write as PNG.
    package enum Picture: Sendable {
        /// The ink, rasterized.
        case image(PNG.Image)
        /// A screen as the compositor showed it: 32-bit XRGB rows without padding, opaque.
        case screen(width: Int, height: Int, xrgb: [UInt32])

        /// The picture as PNG takes it (a screen's converted here, off the loop).
        var png: PNG.Image {
            switch self {
            case .image(let image): return image
            case .screen(let width, let height, let xrgb):
                var rgba = [UInt8](repeating: 255, count: width * height * 4)
                for (i, pixel) in xrgb.prefix(width * height).enumerated() {
                    rgba[i * 4] = UInt8(truncatingIfNeeded: pixel >> 16)
                    rgba[i * 4 + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                    rgba[i * 4 + 2] = UInt8(truncatingIfNeeded: pixel)
                }
                return PNG.Image(width: width, height: height, rgba: rgba)
            }
        }
    }

    /// Screens' pictures, each to its path (`ctl screenshot`).
    package static func screens(_ screens: [(picture: Picture, path: String)]) -> InkSave {
        InkSave(files: screens)
    }
    /// A session file, where it goes, and whether its folder is made when missing (the state
    /// folder of the kept session is; the folder `save --session FILE` names must exist).
    var session: (session: InkSession, path: String, makesFolder: Bool)?
    /// A PDF of pages (`save --pdf`), drawn with the overlay's font, and where it goes.
    var pdf: (pages: [InkPDF.Page], font: InkPDF.Font?, path: String)?

    /// The drawing as a session file (`save --session FILE`, and the kept session).
    package static func session(_ session: InkSession, to path: String, makingFolder: Bool = false) -> InkSave {
        InkSave(files: [], session: (session, path, makingFolder))
    }

    /// Pages as one PDF (`save --pdf`).
    package static func pdf(_ pages: [InkPDF.Page], font: InkPDF.Font?, to path: String) -> InkSave {
        InkSave(files: [], pdf: (pages, font, path))
    }

    /// Why there is nothing to save into.
    package struct Refusal: Error {
        package var reason: String
    }

    /// What a save did: the files written, in order, and what stopped it, if anything did.
    package struct Outcome: Sendable {
        var saved: [String]
        package var error: String?
    }

    /// Encodes each picture as PNG and writes it atomically (0600, never through a link),
    /// stopping at the first that fails. From any thread.
    package func write() -> Outcome {
        var saved: [String] = []
        if let (session, path, makesFolder) = session {
            do {
                let bytes = try session.encoded()
                if makesFolder { try SafeFiles.makeDirectories(SessionStore.folder(of: path)) }
                try SafeFiles.writeAtomically(bytes, to: path)
                saved.append(path)
            } catch {
                return Outcome(saved: saved, error: "the drawing could not be saved: \(error)")
            }
        }
        if let (pages, font, path) = pdf {
            do {
                try SafeFiles.writeAtomically(try InkPDF.document(pages, font: font), to: path)
                saved.append(path)
            } catch {
                return Outcome(saved: saved, error: "the PDF could not be saved: \(error)")
            }
        }
        for file in files {
            do {
                try SafeFiles.writeAtomically(try PNG.encode(file.picture.png), to: file.path)
            } catch {
                return Outcome(saved: saved, error: "could not save: \(error)")
            }
            saved.append(file.path)
        }
        return Outcome(saved: saved, error: nil)
    }
}
