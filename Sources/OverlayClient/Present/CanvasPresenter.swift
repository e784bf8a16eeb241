import CLinux
import Renderer
import TouchCore

/// The canvas: the overlay's own shared-memory buffers, drawn by pixman where the frame
/// changed. While nothing shows, it gives its buffers back (`IdleMemory`). The sprite and GLES
/// presenters keep one too: sprites draw the ink and toolbar on it, and GLES falls back to it.
@MainActor
final class CanvasPresenter: Presenter {
    private unowned let host: PresenterHost
    let buffers: BufferRing
    let idleMemory: IdleMemory
    /// Whether sprites show the markers: then the canvas holds the ink and toolbar only, and
    /// shows the transparent pixel whenever those show nothing.
    var isUnderSprites = false

    init(host: PresenterHost, buffers: BufferRing, idleMemory: IdleMemory) {
        (self.host, self.buffers, self.idleMemory) = (host, buffers, idleMemory)
    }

    var kind: RendererKind { .canvas }
    var needsAnotherFrame: Bool { false }
    var holdsMemory: Bool { !idleMemory.isReleased }

    func present(_ frame: PresentedFrame, beforeCommit: () -> Void) -> PresentOutcome {
        switch draw(frame) {
        case .failed(let error): return .failed(error)
        case .busy: return .busy
        case .unchanged where !frame.force: return .unchanged
        case .drawn, .unchanged:
            beforeCommit()
            host.commit()
            return .presented
        }
    }

    func releaseMemory(unmapping: Bool) {
        guard !unmapping else { return }   // unmapping drops the buffers
        if idleMemory.isReleased { tl_malloc_trim() } else { showPixel() }
    }

    func tearDown() {}

    /// The buffers go: another renderer (GLES) draws into buffers of its own.
    func dropBuffers() { buffers.removeAll() }

    enum Drawn { case drawn, unchanged, busy, failed(ClientError) }

    /// Draws the frame's damage into the next free buffer and attaches it (the caller
    /// commits). While the canvas shows nothing it stays or becomes the transparent pixel: at
    /// once under sprites, which leave the canvas the ink and toolbar only.
    func draw(_ frame: PresentedFrame) -> Drawn {
        let scene = frame.scene
        if idleMemory.isReleased {
            guard restoreIfReleased(showsNothing: scene.canvasShowsNothing) else { return .unchanged }
        } else if isUnderSprites, scene.canvasShowsNothing {
            showPixel()
            return .drawn
        }
        let buffer: ShmBuffer?
        do { buffer = try buffers.nextBuffer(width: frame.pixels.width, height: frame.pixels.height) } catch {
            return .failed(error)
        }
        guard let buffer else {
            buffers.noteDamage(frame.damage)   // drawn into the next free buffer
            return .busy
        }
        // Nothing changed and this buffer has nothing to catch up on (nil: everything): no commit.
        guard frame.force || !frame.damage.isEmpty || buffer.missedDamage?.isEmpty != true else { return .unchanged }
        let whole = Rect(x: 0, y: 0, width: Double(host.logicalSize.width), height: Double(host.logicalSize.height))
        let drawn = buffers.redraw(buffer, adding: frame.damage, whole: whole) { damage in
            scene.draw(into: buffer.canvas, damage: damage)
        }
        // After the transparent pixel (the buffers were dropped) all of it is new to the
        // compositor: the ring knows, and hands over the whole buffer.
        host.attach(buffer, damage: buffers.damageToCommit(buffer, scale: frame.scale, drawn: drawn))
        return .drawn
    }

    /// Something is to be shown after the idle release: the surface takes its scale again and
    /// the renderer draws everything anew. False while nothing shows (nothing to do).
    func restoreIfReleased(showsNothing: Bool) -> Bool {
        guard idleMemory.isReleased else { return true }
        if idleMemory.isUnmapped, host.mustStayMapped {
            // The pixel, or, without a viewport to stretch it, buffers.
            showPixel()
            if idleMemory.isUnmapped {
                idleMemory.restore()
                host.restoreScale()
                return true
            }
        }
        if showsNothing {
            idleMemory.resize(width: host.logicalSize.width, height: host.logicalSize.height)
            return false
        }
        idleMemory.restore()
        host.restoreScale()
        host.note("something to show: buffers back")
        return true
    }

    /// The transparent pixel instead of the buffers (see `IdleMemory.release`).
    func showPixel() {
        do {
            try idleMemory.release(width: host.logicalSize.width, height: host.logicalSize.height)
        } catch {
            host.note("buffers kept: \(error)")
        }
    }
}
