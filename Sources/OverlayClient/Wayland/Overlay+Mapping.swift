import CLinux
import CWaylandClient
import CWaylandProtocols

/// The overlay's layer surface on and off the screen: its state, and, while idle, unmapping it
/// and mapping it again (see `IdleMemory`).
extension Overlay {
    /// The layer surface's state: all edges, over everything, keyboard only while capturing.
    /// Sent before the first commit, and again before mapping again after an unmap, which
    /// resets it (KWin 5.27 enforces that).
    func sendLayerState() {
        let allEdges = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
            | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        zwlr_layer_surface_v1_set_anchor(layerSurface, allEdges)
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, -1)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, keyboardInteractivity(capturing: window.isCapturing,
                                                                                             version: connection.layerShellVersion))
    }

    /// The keyboard while capturing (Escape gives the touches back): on demand, or exclusive
    /// before layer-shell 4, which has no on demand; none otherwise.
    func keyboardInteractivity(capturing: Bool, version: UInt32) -> UInt32 {
        guard capturing else { return ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue }
        return version >= 4 ? ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND.rawValue
            : ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE.rawValue
    }

    /// `idle_release_ms` passed with nothing shown: the buffers and pictures go (see `IdleMemory`).
    func releaseBuffersIfNothingShows() {
        guard isConfigured, !isClosed, scene.showsNothing, !scene.isAnimating else { return }
        scene.renderer.invalidateSprites()  // rasterized again when needed, in well under 1 ms each
        sprites?.releaseMemory()
        gles?.releaseSurface()
        if mayUnmapWhileIdle {
            unmapWhileIdle()
        } else if idleMemory.isReleased {
            tl_malloc_trim()
        } else {
            releaseCanvas()
        }
        events.note("overlay on \(output.label): nothing shown for \(idleMemory.delay) s: buffers released\(idleMemory.isUnmapped ? ", surface unmapped" : "")")
    }

    /// Whether the surface must stay mapped whatever it shows: input reaches only a mapped
    /// surface, and sprites are subsurfaces of it (phoc 0.24 crashes at exit when they were made
    /// before it had a buffer, and when a layer surface with subsurfaces is unmapped).
    var mustStayMapped: Bool { !takesNoInput || sprites != nil || parkedSprites != nil }

    /// Whether an idle overlay leaves the screen.
    var mayUnmapWhileIdle: Bool { mayUnmap && !mustStayMapped }

    /// Unmapped while idle, and something is to be drawn: the first commit again, without a
    /// buffer; the configure that answers it draws (layer-shell's way to map a surface again).
    func mapAgain() {
        guard !isClosed, mapState == .unmapped else { return }
        mapState = .awaitingConfigure
        sendLayerState()
        wl_surface_commit(surface)
        events.note("overlay on \(output.label): something to show: mapping the surface again")
        _ = scheduler.schedule(at: scheduler.now + Self.mapConfigureTimeout) { [weak self] in self?.mapWithoutConfigure() }
    }

    /// The compositor sends no configure for that commit (Mir 2.12): the surface is drawn as
    /// after a configure that changed nothing, and from now on stays mapped while idle.
    private func mapWithoutConfigure() {
        guard mapState == .awaitingConfigure, !isClosed else { return }
        mapState = .mapped
        mayUnmap = false
        events.note("overlay on \(output.label): no configure within \(Self.mapConfigureTimeout) s of mapping again: drawing, and keeping the surface mapped while idle from now on")
        draw()
    }
}
