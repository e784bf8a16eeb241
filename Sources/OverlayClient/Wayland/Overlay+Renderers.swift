import CLinux
import CWaylandClient
import TouchCore
import TouchlightConfig

/// How an overlay's pixels reach the screen: the canvas (its own buffers), the sprites
/// (`[performance] renderer`), and what it gives back while it shows nothing.
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
            events.note("overlay on \(output.label): buffers kept: \(error)")
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
        events.note("overlay on \(output.label): nothing shown for \(idleMemory.delay) s: buffers released")
    }

    enum CanvasOutcome { case drawn, unchanged, busy, failed }

    /// Draws the frame's damage into the next free buffer and attaches it (the caller
    /// commits). While the canvas shows nothing it stays or becomes the transparent pixel: at
    /// once with sprites, which leave the canvas the ink and toolbar only.
    func drawCanvas(damage frameDamage: [Rect], pixels: (width: Int, height: Int), force: Bool) -> CanvasOutcome {
        if idleMemory.isReleased {
            if scene.canvasShowsNothing {
                idleMemory.resize(width: logicalSize.width, height: logicalSize.height)
                return .unchanged
            }
            idleMemory.restore()
            applyScale(force: true)
            events.note("overlay on \(output.label): something to show: buffers back")
        } else if sprites != nil, scene.canvasShowsNothing {
            releaseCanvas()
            return .drawn
        }
        let buffer: ShmBuffer?
        do { buffer = try buffers.nextBuffer(width: pixels.width, height: pixels.height) } catch {
            events.overlay(self, failed: error)
            return .failed
        }
        guard let buffer else {
            needsDraw = true  // every buffer is held by the compositor: try on the next callback
            buffers.noteDamage(frameDamage)
            requestFrame()
            wl_surface_commit(surface)
            return .busy
        }
        // Nothing changed and this buffer has nothing to catch up on (nil: everything): no commit.
        guard force || !frameDamage.isEmpty || buffer.missedDamage?.isEmpty != true else { return .unchanged }
        let drawn = buffers.redraw(buffer, adding: frameDamage, whole: Rect(origin: .zero, size: size)) { damage in
            scene.draw(into: buffer.canvas, damage: damage)
        }
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        for rect in drawn {
            wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        // After the transparent pixel, a buffer of another size: all of it is new to the compositor.
        if idleMemory.restoredThisFrame { wl_surface_damage_buffer(surface, 0, 0, Int32.max, Int32.max) }
        return .drawn
    }
}
