import TouchlightConfig

/// Chooses and makes an overlay's presenter (`[performance] renderer`), and keeps what must
/// outlive a switch: the canvas, and the sprites' subsurfaces once made (they are hidden, not
/// destroyed, when another renderer takes over, and go only after the overlay's surface).
@MainActor
final class PresenterFactory {
    private unowned let host: PresenterHost
    /// The overlay's wl_surface, which sprites and EGL's window are made on.
    private let surface: OpaquePointer
    private unowned let connection: Connection
    let canvas: CanvasPresenter
    /// The sprites' subsurfaces, from the first time sprites were chosen.
    private(set) var spriteLayer: SpriteLayer?

    init(host: PresenterHost, surface: OpaquePointer, connection: Connection, canvas: CanvasPresenter) {
        (self.host, self.surface, self.connection, self.canvas) = (host, surface, connection, canvas)
    }

    /// What `choice` asks for. `auto` is GLES where a GPU draws it (a render node, and the
    /// driver is not software), else the canvas: measured under sway, sprites take a third of
    /// the memory while something shows but about twice the compositor's CPU, and llvmpipe's
    /// GLES costs more CPU than pixman (docs/benchmarks.md).
    func kind(for choice: RendererChoice) -> RendererKind {
        switch choice {
        case .canvas: return .canvas
        case .sprites: return .sprites
        case .gles: return .gles
        case .auto:
            guard GLShared.mayHaveHardwareGL, case .success(let shared) = connection.sharedGL(), !shared.context.isSoftware else {
                return .canvas
            }
            return .gles
        }
    }

    /// A presenter of `kind`: sprites need a subcompositor and a viewporter, GLES an EGL
    /// display, a context and shaders that compile; else the canvas (with one log line).
    func make(_ kind: RendererKind) -> Presenter {
        // Sprites are hidden and kept while another renderer draws (see `SpriteSurface.hide`).
        if kind != .sprites { spriteLayer?.park() }
        switch kind {
        case .canvas:
            return canvas
        case .sprites:
            if connection.isMir {
                host.note("sprites on Mir: \(Self.mirSprites): drawing on the canvas")
                return canvas
            }
            if spriteLayer == nil {
                spriteLayer = WaylandSpriteTargets(parent: surface, connection: connection).map { SpriteLayer(targets: $0) }
                host.hasSubsurfaces = spriteLayer != nil
            }
            guard let spriteLayer else {
                host.note("sprites need wl_subcompositor and wp_viewporter: drawing on the canvas")
                return canvas
            }
            return SpritePresenter(layer: spriteLayer, canvas: canvas, host: host)
        case .gles:
            switch connection.sharedGL() {
            case .success(let shared):
                host.note("drawing with OpenGL ES 2 on \(shared.context.rendererName)")
                return GLESPresenter(layer: GLLayer(drawable: EGLWindow(surface: surface, context: shared.context), shared: shared),
                                     canvas: canvas, host: host)
            case .failure(let error):
                host.note("GLES unavailable, \(error): drawing on the canvas")
                return canvas
            }
        }
    }

    /// Why sprites are not used on Mir (2.28 measured: its virtual display, the protocol log
    /// and screenshots).
    static let mirSprites = "it does not apply a subsurface's new place or picture with the overlay's commit (a marker stayed where it first showed)"

    /// After the overlay's surface is gone: the sprites' subsurfaces (see `SpriteSurface.hide`).
    func destroy() {
        spriteLayer?.destroy()
        spriteLayer = nil
    }
}
