/// GLES on the overlay's own surface (`renderer = "gles"`): each frame is drawn by the shaders
/// into EGL's back buffer and presented by the swap, which commits. A GL failure falls back to
/// the canvas for good, with one log line.
@MainActor
final class GLESPresenter: Presenter {
    private unowned let host: PresenterHost
    private var layer: GLLayer?
    private let canvas: CanvasPresenter

    init(layer: GLLayer, canvas: CanvasPresenter, host: PresenterHost) {
        (self.layer, self.canvas, self.host) = (layer, canvas, host)
        canvas.dropBuffers()   // EGL's window has buffers of its own
    }

    var kind: RendererKind { layer == nil ? .canvas : .gles }
    var needsAnotherFrame: Bool { false }
    var holdsMemory: Bool { canvas.holdsMemory }

    func present(_ frame: PresentedFrame, beforeCommit: () -> Void) -> PresentOutcome {
        guard let layer else { return canvas.present(frame, beforeCommit: beforeCommit) }
        let idleMemory = canvas.idleMemory
        let wasReleased = idleMemory.isReleased
        var drawn = false
        if canvas.restoreIfReleased(showsNothing: frame.scene.showsNothing) {
            do {
                drawn = try layer.draw(frame.scene.items(), underlay: frame.scene.renderer.underlay, text: frame.scene.text,
                                       damage: frame.damage, scale: frame.scale, pixels: frame.pixels, force: frame.force || wasReleased)
            } catch {
                host.note("GLES failed, \(error): drawing on the canvas")
                tearDown()
                let everything = PresentedFrame(scene: frame.scene, damage: frame.damage, pixels: frame.pixels, scale: frame.scale, force: true)
                return canvas.present(everything, beforeCommit: beforeCommit)
            }
        }
        guard drawn || frame.force else { return .unchanged }
        beforeCommit()
        if drawn { layer.present() } else { host.commit() }
        return .presented
    }

    func releaseMemory(unmapping: Bool) {
        layer?.releaseSurface()
        canvas.releaseMemory(unmapping: unmapping)
    }

    func tearDown() {
        layer?.destroy()
        layer = nil
    }
}
