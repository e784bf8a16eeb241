/// Sprites over the canvas (`renderer = "sprites"`): each marker is a subsurface that the
/// compositor moves, drawn once; the canvas keeps the ink and the toolbar. Sync subsurfaces
/// show their changes with the overlay's commit, so a frame whose sprites moved commits even
/// when the canvas did not change.
@MainActor
final class SpritePresenter: Presenter {
    private unowned let host: PresenterHost
    let layer: SpriteLayer
    private let canvas: CanvasPresenter

    init(layer: SpriteLayer, canvas: CanvasPresenter, host: PresenterHost) {
        (self.layer, self.canvas, self.host) = (layer, canvas, host)
        canvas.isUnderSprites = true
    }

    var kind: RendererKind { .sprites }
    var needsAnotherFrame: Bool { layer.needsAnotherFrame }
    var holdsMemory: Bool { canvas.holdsMemory || layer.holdsMemory }

    func present(_ frame: PresentedFrame, beforeCommit: () -> Void) -> PresentOutcome {
        let scene = frame.scene
        let visualizer = scene.window.visualizer
        let spritesChanged: Bool
        do {
            spritesChanged = try layer.show(scene.isPaused ? [] : visualizer.items, damage: visualizer.damage.rects,
                                            scale: frame.scale, text: scene.text)
        } catch {
            return .failed(error)
        }
        switch canvas.draw(frame) {
        case .failed(let error): return .failed(error)
        case .busy: return .busy
        case .unchanged where !spritesChanged && !frame.force: return .unchanged
        case .drawn, .unchanged:
            beforeCommit()
            host.commit()
            return .presented
        }
    }

    func releaseMemory(unmapping: Bool) {
        layer.releaseMemory()
        canvas.releaseMemory(unmapping: unmapping)
    }

    /// The canvas draws the markers again. The sprites are left as they are: hidden by
    /// `PresenterFactory` when another renderer takes over, destroyed only after the overlay's
    /// surface (see `SpriteSurface.hide`; hiding them as the overlay goes takes phoc 0.24 down).
    func tearDown() {
        canvas.isUnderSprites = false
    }
}
