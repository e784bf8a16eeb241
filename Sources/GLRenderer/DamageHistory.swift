import Renderer

/// What a frame must redraw into a back buffer that EGL_EXT_buffer_age says is `age` frames
/// old: the buffer already shows the frame `age` frames back, so everything that changed in
/// the frames since, and in this one, is redrawn. Age 0 (contents unknown), an age older than
/// the history, or a new size: everything. Pure bookkeeping, no GL.
public struct DamageHistory: Sendable {
    /// The bounding box of each recent frame's damage, newest last (device pixels).
    private var frames: [PixelRect] = []
    /// How many frames are remembered; older buffers are redrawn whole.
    public let depth: Int
    private var size = (width: 0, height: 0)

    public init(depth: Int = 4) {
        self.depth = max(1, depth)
        frames.reserveCapacity(self.depth)
    }

    /// The area to redraw this frame (empty: nothing) and notes `damage` as this frame's.
    public mutating func region(damage: PixelRect, age: Int, width: Int, height: Int) -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let damage = damage.clipped(toWidth: width, height: height)
        defer {
            if frames.count == depth { frames.removeFirst() }
            frames.append(damage)
        }
        guard size == (width, height) else {
            size = (width, height)
            frames.removeAll(keepingCapacity: true)
            return whole
        }
        guard age > 0, age - 1 <= frames.count else { return whole }
        return frames.suffix(age - 1).reduce(damage) { $0.union($1) }
    }
}
