import Renderer

/// The surface a presenter shows its pixels on, with only the requests presenters and the idle
/// release make: the overlay's layer surface, or an offscreen one that composites what is
/// committed, as a compositor would (the renderer comparison in the tests).
@MainActor
protocol PresentSurface: AnyObject {
    /// Shows `buffer` from the next commit; `damage` (device pixels) is where it is new.
    func attach(_ buffer: ShmBuffer, damage: [PixelRect])
    /// Applies what was asked, the sprites' changes with it (they are synchronized).
    func commit()
    /// Whether one pixel can be stretched over the surface (a viewport): see `IdleMemory`.
    var canStretchPixel: Bool { get }
    /// Shows one transparent pixel stretched over `width`×`height` logical px at scale 1, and
    /// commits; throws when the pixel cannot be made.
    func showTransparentPixel(width: Int, height: Int) throws(ClientError)
    /// While the pixel shows: it covers `width`×`height` logical px from now on (committed).
    func stretchTransparentPixel(width: Int, height: Int)
    /// Attaches no buffer and commits: the surface leaves the screen.
    func detach()
}

/// A sprite's subsurface, with only what the sprite layer asks of it: synchronized, so what it
/// is asked applies with its parent's next commit.
@MainActor
protocol SpriteTarget: AnyObject {
    /// Shows `buffer`, new where `damage` (device pixels) says.
    func attach(_ buffer: ShmBuffer, damage: [PixelRect])
    /// Shows nothing (the transparent pixel; see `SpriteSurface.hide`).
    func showNothing()
    /// Shows the buffer at `width`×`height` logical px, whatever its pixel size.
    func setDestination(width: Int, height: Int)
    /// Its top-left corner on the parent, in logical px.
    func setPosition(x: Int, y: Int)
    /// Stacks it just above `sibling` (nil: just above the parent).
    func place(above sibling: SpriteTarget?)
    func commit()
    func destroy()
}

/// Where a sprite layer gets its subsurfaces and buffers: the compositor's globals, or an
/// offscreen surface.
@MainActor
protocol SpriteTargetMaker: AnyObject {
    /// A new sprite above the parent's own pixels, showing nothing yet.
    func makeSpriteTarget() -> SpriteTarget
    /// The wl_shm buffers are made on (nil offscreen; see `ShmBuffer`).
    var shm: OpaquePointer? { get }
}
