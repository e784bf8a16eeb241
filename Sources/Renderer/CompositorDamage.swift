import TouchCore

/// The damage to hand the compositor for a frame: what changed since the surface's last
/// commit, in as few rectangles as the renderer redrew.
///
/// The renderer redraws whole tiles, but pixels it redraws outside what changed come out as
/// they were, so the compositor need not copy or composite them again: each rectangle the
/// renderer redrew is trimmed to the box of what changed inside it. Trimming keeps the count
/// (the redrawn rectangles never overlap, nor do their trimmed parts). A finer region (a
/// pixman region of every changed rectangle: a third less area, six times the rectangles)
/// cost KWin and sway more than it saved, since each rectangle costs them a request, a union
/// and a composite of its own (docs/benchmarks.md, issue 49).
public final class CompositorDamage {
    private var changedPixels: [PixelRect] = []
    private var result: [PixelRect] = []

    public init() {
        changedPixels.reserveCapacity(256)
        result.reserveCapacity(64)
    }

    /// Each of `drawn` (non-overlapping device-pixel rectangles the renderer redrew) trimmed
    /// to what `changed` (logical rectangles, at `scale`) covers of it; empty ones left out.
    /// Valid until the next call.
    public func trimmed(_ drawn: [PixelRect], to changed: [Rect], scale: Double) -> [PixelRect] {
        result.removeAll(keepingCapacity: true)
        changedPixels.removeAll(keepingCapacity: true)
        for rect in changed where !rect.isNull { changedPixels.append(devicePixels(of: rect, scale: scale)) }
        for run in drawn {
            var trimmed = PixelRect(x: 0, y: 0, width: 0, height: 0)
            for pixels in changedPixels { trimmed = trimmed.union(pixels.intersection(run)) }
            if !trimmed.isEmpty { result.append(trimmed) }
        }
        return result
    }
}
