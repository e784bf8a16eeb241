import Annotation

/// The ink of outputs that went away (unplugged, or their overlay closed by the compositor),
/// by output name, until they come back: their pixels are freed with their overlay, but the
/// pages drawn on them, which are small, are kept and shown again on the same output.
@MainActor
package final class InkShelf {
    private var pagesByOutput: [String: [InkDocument]] = [:]

    package init() {}

    /// Keeps `ink`'s pages (an output without a name has nothing to be found by).
    package func keep(_ ink: OverlayInk, output name: String) {
        guard !name.isEmpty, ink.pages.contains(where: { !$0.strokes.isEmpty || $0.canRedo }) else { return }
        pagesByOutput[name] = ink.pages
    }

    /// Gives the pages kept for output `name` to a new overlay's `ink`; whether there were any.
    @discardableResult
    package func restore(into ink: OverlayInk, output name: String) -> Bool {
        guard let pages = pagesByOutput.removeValue(forKey: name) else { return false }
        ink.adopt(pages)
        return true
    }

    /// Pages a saved session kept for output `name`, shown when its overlay comes.
    package func put(_ pages: [[Stroke]], output name: String) {
        guard !name.isEmpty, pages.contains(where: { !$0.isEmpty }) else { return }
        pagesByOutput[name] = pages.map { strokes in
            let page = InkDocument()
            page.restore(strokes)
            return page
        }
    }

    /// Each output's pages waiting here, as their finished strokes (what a saved session keeps
    /// of outputs that are away).
    package var strokesByOutput: [String: [[Stroke]]] { pagesByOutput.mapValues { $0.map(\.strokes) } }


    /// Forgets the pages of every output that is away (`ctl clear --all`).
    package func forgetAll() {
        pagesByOutput.removeAll()
    }

    /// The outputs whose ink waits here.
    var outputs: [String] { pagesByOutput.keys.sorted() }
}
