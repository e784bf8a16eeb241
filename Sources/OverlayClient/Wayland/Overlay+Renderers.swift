import CLinux
import CWaylandClient
import TouchCore
import TouchlightConfig

/// How an overlay's pixels reach the screen: the canvas (its own buffers), the sprites
/// (`[performance] renderer`), and what it gives back while it shows nothing.
extension Overlay {
    /// Takes `choice`: sprites need a subcompositor and a viewporter, GLES an EGL display, a
    /// context and shaders that compile; else the canvas stays (with one log line). A change
    /// redraws everything.
    func use(_ choice: RendererChoice) {
        let wanted = rendererKind(for: choice)
        guard wanted != activeRenderer else { return }
        // Sprites are hidden and kept, never destroyed before the overlay (see SpriteSurface.hide).
        sprites?.park()
        parkedSprites = sprites ?? parkedSprites
        sprites = nil
        gles?.destroy()
        gles = nil
        switch wanted {
        case .canvas: break
        case .sprites:
            sprites = parkedSprites ?? SpriteLayer(parent: surface, connection: connection)
            parkedSprites = nil
            if sprites == nil {
                events.note("overlay on \(output.label): sprites need wl_subcompositor and wp_viewporter: drawing on the canvas")
            }
        case .gles:
            switch connection.sharedGL() {
            case .success(let shared):
                gles = GLLayer(surface: surface, shared: shared)
                events.note("overlay on \(output.label): drawing with OpenGL ES 2 on \(shared.context.rendererName)")
            case .failure(let error):
                events.note("overlay on \(output.label): GLES unavailable, \(error): drawing on the canvas")
            }
        }
        scene.visualizerOnCanvas = sprites == nil
        if isConfigured {
            draw(force: true)
        }
        if gles != nil { buffers.removeAll() }  // the canvas's buffers: EGL's window has its own
    }

    enum RendererKind { case canvas, sprites, gles }

    /// The renderer drawing now.
    var activeRenderer: RendererKind { sprites != nil ? .sprites : gles != nil ? .gles : .canvas }

    /// What `choice` asks for. `auto` is GLES where a GPU draws it (a render node, and the
    /// driver is not software), else the canvas: measured under sway, sprites take a third of
    /// the memory while something shows but about twice the compositor's CPU, and llvmpipe's
    /// GLES costs more CPU than pixman (the README's Benchmarks).
    func rendererKind(for choice: RendererChoice) -> RendererKind {
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

    /// With sprites, the canvas shows the transparent pixel whenever it has no ink or toolbar.
    func releaseCanvas() {
        do {
            try idleMemory.release(width: logicalSize.width, height: logicalSize.height)
        } catch {
            events.note("overlay on \(output.label): buffers kept: \(error)")
        }
    }

    enum CanvasOutcome { case drawn, unchanged, busy, failed }

    /// Something is to be shown after the idle release: the surface takes its scale again and
    /// the renderer draws everything anew. False while nothing shows (nothing to do).
    private func restoreIfReleased(showsNothing: Bool) -> Bool {
        guard idleMemory.isReleased else { return true }
        if idleMemory.isUnmapped, mustStayMapped {
            // The pixel, or, without a viewport to stretch it, buffers.
            releaseCanvas()
            if idleMemory.isUnmapped {
                idleMemory.restore()
                applyScale(force: true)
                return true
            }
        }
        if showsNothing {
            idleMemory.resize(width: logicalSize.width, height: logicalSize.height)
            return false
        }
        idleMemory.restore()
        applyScale(force: true)
        events.note("overlay on \(output.label): something to show: buffers back")
        return true
    }

    /// Draws the frame with GLES into the window's back buffer (the caller presents it). A GL
    /// failure falls back to the canvas, with one log line.
    func drawWithGLES(_ layer: GLLayer, damage frameDamage: [Rect], pixels: (width: Int, height: Int), force: Bool) -> CanvasOutcome {
        let wasReleased = idleMemory.isReleased
        guard restoreIfReleased(showsNothing: scene.showsNothing) else { return .unchanged }
        do {
            let drawn = try layer.draw(scene.items(), underlay: scene.renderer.underlay, text: scene.text, damage: frameDamage,
                                       scale: scale.renderScale, pixels: pixels, force: force || wasReleased)
            return drawn ? .drawn : .unchanged
        } catch {
            events.note("overlay on \(output.label): GLES failed, \(error): drawing on the canvas")
            layer.destroy()
            gles = nil
            return drawCanvas(damage: frameDamage, pixels: pixels, force: true)
        }
    }

    /// Draws the frame's damage into the next free buffer and attaches it (the caller
    /// commits). While the canvas shows nothing it stays or becomes the transparent pixel: at
    /// once with sprites, which leave the canvas the ink and toolbar only.
    func drawCanvas(damage frameDamage: [Rect], pixels: (width: Int, height: Int), force: Bool) -> CanvasOutcome {
        if idleMemory.isReleased {
            guard restoreIfReleased(showsNothing: scene.canvasShowsNothing) else { return .unchanged }
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
