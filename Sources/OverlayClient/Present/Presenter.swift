import Stage
import TouchCore

/// How an overlay's pixels reach the screen. One presenter per renderer (`[performance]
/// renderer`): the canvas (shared-memory buffers drawn by pixman), sprites over the canvas
/// (markers as subsurfaces the compositor moves), and GLES. The overlay asks for a frame; the
/// presenter draws what changed and commits the surface, or says why it did not.
@MainActor
protocol Presenter: AnyObject {
    /// The renderer drawing now (a presenter that fell back to the canvas says so).
    var kind: RendererKind { get }
    /// Draws `frame` where its damage says and commits it: `beforeCommit` runs just before the
    /// commit, so that what it asks of the surface (a frame callback) belongs to this frame.
    func present(_ frame: PresentedFrame, beforeCommit: () -> Void) -> PresentOutcome
    /// While nothing shows: gives back pictures, buffers and surfaces. With `unmapping`, the
    /// overlay is about to take its surface off the screen (which drops the canvas's buffers).
    func releaseMemory(unmapping: Bool)
    /// Another presenter takes over, or the overlay goes: what only this one holds goes.
    func tearDown()
    /// Whether a frame must follow even if nothing animates (a sprite could not be drawn yet).
    var needsAnotherFrame: Bool { get }
    /// Whether memory worth giving back while idle is held.
    var holdsMemory: Bool { get }
}

/// The renderers a presenter can be.
enum RendererKind: Equatable { case canvas, sprites, gles }

/// One frame to present: the scene after `prepareFrame`, what changed, and the buffer's size.
@MainActor
struct PresentedFrame {
    let scene: OverlayScene
    /// What changed since the last frame, in logical px.
    let damage: [Rect]
    let pixels: (width: Int, height: Int)
    /// Device pixels per logical px.
    let scale: Double
    /// Everything is drawn and committed, changed or not (a new size, mode or renderer).
    let force: Bool
}

/// What became of a frame.
enum PresentOutcome {
    /// Drawn and committed.
    case presented
    /// Nothing changed: nothing was committed.
    case unchanged
    /// Every buffer is still held by the compositor: the frame waits for the next callback.
    case busy
    /// The frame could not be drawn (out of memory for a buffer, say).
    case failed(ClientError)
}

/// What a presenter needs of its overlay, and no more: the surface it shows on, and these.
@MainActor
protocol PresenterHost: PresentSurface {
    /// The surface's size in logical px.
    var logicalSize: (width: Int, height: Int) { get }
    /// Whether the surface must stay mapped whatever it shows (see `LayerSurface.mustStayMapped`).
    var mustStayMapped: Bool { get }
    /// Set once sprites made subsurfaces on it: it stays mapped from then on.
    var hasSubsurfaces: Bool { get set }
    /// Buffers are back after the idle release: the surface takes its scale again.
    func restoreScale()
    /// One line for the log, about this overlay.
    func note(_ text: String)
}
