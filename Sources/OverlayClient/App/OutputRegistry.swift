import CWaylandClient
import Stage

/// The outputs the compositor announced and the overlay on each: which get one (`[output]
/// only`), and what goes with an overlay when it is taken away (its text box put down, so the
/// keyboard goes back; its ink kept on the shelf until the output returns; the seats told).
/// How an overlay is made is `OverlayMaker`'s; the ink it had before comes from the shelf here.
@MainActor
final class OutputRegistry {
    private(set) var outputs: [UInt32: Output] = [:]
    private(set) var overlays: [UInt32: Overlay] = [:]
    /// The ink of outputs that went away, until they come back.
    let inkShelf = InkShelf()
    /// The outputs `[output] only` lets have an overlay (empty: all).
    var only: [String]
    /// Makes the overlay for an output (it shows the shelf's ink for it, if any).
    private let makeOverlay: (Output) -> Overlay
    /// An overlay goes: whatever holds on to it lets it go (the seats).
    var onOverlayGone: ((Overlay) -> Void)?
    /// A line for the log: an output or overlay came or went.
    private let note: (String) -> Void

    init(only: [String], note: @escaping (String) -> Void, makeOverlay: @escaping (Output) -> Overlay) {
        self.only = only
        self.note = note
        self.makeOverlay = makeOverlay
    }

    /// A wl_output global: an overlay follows once it has described itself.
    func add(_ proxy: OpaquePointer, name: UInt32, version: UInt32, xdgOutputManager: OpaquePointer?) {
        let output = Output(proxy: proxy, globalName: name, version: version, xdgOutputManager: xdgOutputManager)
        outputs[name] = output
        output.onChange = { [unowned self, unowned output] in
            if let overlay = self.overlays[name] {
                overlay.layer.scaleMayHaveChanged()
                self.restoreInk(on: overlay)  // a name that came after the overlay (xdg_output, as on GNOME)
            } else {
                self.createOverlayIfWanted(on: output)
            }
        }
    }

    /// Whether `[output] only` lets `output` have an overlay.
    func wants(_ output: Output) -> Bool { only.isEmpty || only.contains(output.name) }

    /// An overlay for `output` unless it has one or `[output] only` leaves it out; whether one was made.
    @discardableResult
    func createOverlayIfWanted(on output: Output) -> Bool {
        guard overlays[output.globalName] == nil, wants(output) else { return false }
        let overlay = makeOverlay(output)
        overlays[output.globalName] = overlay
        restoreInk(on: overlay)
        return true
    }

    /// The ink kept on the shelf for `overlay`'s output, once its name is known, unless it
    /// already has ink of its own.
    private func restoreInk(on overlay: Overlay) {
        let name = overlay.output.name
        guard !name.isEmpty, overlay.ink.pages.allSatisfy({ $0.strokes.isEmpty }),
              inkShelf.restore(into: overlay.ink, output: name) else { return }
        note("the ink drawn on \(name) before it went is shown again")
    }

    /// After a reload: the overlays of outputs `[output] only` no longer names go.
    func removeUnwanted() {
        for (name, overlay) in overlays where !wants(overlay.output) {
            overlays.removeValue(forKey: name)
            remove(overlay)
            note("overlay on output \(overlay.output.name) removed ([output] only)")
        }
    }

    /// An overlay on every output `[output] only` lets have one and that has none.
    func createWanted() {
        for output in outputs.values.sorted(by: { $0.globalName < $1.globalName }) { createOverlayIfWanted(on: output) }
    }

    /// A global went: if it was an output, it goes with its overlay.
    func removeGlobal(_ name: UInt32) {
        guard let output = outputs.removeValue(forKey: name) else { return }
        if let overlay = overlays.removeValue(forKey: name) { remove(overlay) }
        output.destroy()
        note("output \(output.name) removed")
    }

    /// The compositor closed `overlay`'s surface.
    func closed(_ overlay: Overlay) {
        if let key = overlays.first(where: { $0.value === overlay })?.key { overlays.removeValue(forKey: key) }
        remove(overlay)
        note("overlay on output \(overlay.output.name) closed by the compositor")
    }

    private func remove(_ overlay: Overlay) {
        overlay.ink.commitTextBox()  // the keyboard goes back with it
        inkShelf.keep(overlay.ink, output: overlay.output.name)  // its pixels go with it, not its ink
        onOverlayGone?(overlay)
        overlay.dispatcher.cancel()
        overlay.destroy()
    }

    /// The overlays, in the order of their outputs' announcement.
    var active: [Overlay] { overlays.values.sorted { $0.output.globalName < $1.output.globalName } }

    func overlay(for surface: OpaquePointer) -> Overlay? { overlays.values.first { $0.surface == surface } }

    /// At exit: every overlay and output destroyed (before the connection's globals).
    func destroyAll() {
        for overlay in overlays.values { overlay.destroy() }
        overlays.removeAll()
        for output in outputs.values { output.destroy() }
        outputs.removeAll()
    }
}
