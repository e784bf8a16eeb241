import CLinux
import TouchlightConfig

/// How an overlay's markers reach the screen (`[performance] renderer`), and what it gives
/// back while it shows nothing.
extension Overlay {
    /// Takes `choice`: sprites need a subcompositor and a viewporter, else the canvas stays
    /// (with one log line). A change redraws everything.
    func use(_ choice: RendererChoice) {
        let wantsSprites = Self.usesSprites(choice)
        guard wantsSprites != (sprites != nil) else { return }
        if wantsSprites {
            sprites = SpriteLayer(parent: surface, connection: connection)
            if sprites == nil {
                events.note("overlay on \(output.label): sprites need wl_subcompositor and wp_viewporter: drawing on the canvas")
            }
        } else {
            sprites?.destroy()  // subsurfaces unmap as they go
            sprites = nil
        }
        scene.visualizerOnCanvas = sprites == nil
        if isConfigured {
            draw(force: true)
        }
    }

    /// Whether `choice` means sprites. `auto` is the canvas: measured under sway, sprites
    /// take a third of the memory while something shows but about twice the compositor's
    /// CPU, and touchlight's own CPU falls by 30% at most (the README's Benchmarks).
    nonisolated static func usesSprites(_ choice: RendererChoice) -> Bool {
        switch choice {
        case .canvas, .auto: false
        case .sprites: true
        }
    }

    /// With sprites, the canvas shows the transparent pixel whenever it has no ink or toolbar.
    func releaseCanvas() {
        do {
            try idleMemory.release(width: logicalSize.width, height: logicalSize.height)
        } catch {
            events.note("overlay on \(output.name): buffers kept: \(error)")
        }
    }

    /// `idle_release_ms` passed with nothing shown: the buffers and pictures go (see `IdleMemory`).
    func releaseBuffersIfNothingShows() {
        guard isConfigured, !isClosed, scene.showsNothing, !scene.isAnimating else { return }
        scene.renderer.invalidateSprites()  // rasterized again when needed, in well under 1 ms each
        sprites?.releaseMemory()
        if idleMemory.isReleased {
            tl_malloc_trim()
        } else {
            releaseCanvas()
        }
        events.note("overlay on \(output.name): nothing shown for \(idleMemory.delay) s: buffers released")
    }
}
