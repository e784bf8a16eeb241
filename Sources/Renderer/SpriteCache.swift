import TouchCore

/// Pre-rendered coverage masks for the shapes that repeat (marker discs and rings, ripple
/// rings), keyed by their size in device pixels. A shape is rasterized once per size and
/// output scale and then only composited; the cache is emptied when the style or the scale
/// changes, and when it grows past `capacity` (ripples pass through many sizes).
final class SpriteCache {
    enum Kind: Hashable { case disc, ring }

    struct Key: Hashable {
        var kind: Kind
        /// Radius and width in quarter device pixels.
        var radius: Int
        var width: Int
    }

    /// A sprite: the mask, where its centre lies inside it, and for rings the inset of the
    /// empty square inside (0: none), which compositing can skip.
    struct Sprite {
        let mask: MaskImage
        let center: Double
        let hole: Int
    }

    let capacity: Int
    private var sprites: [Key: Sprite] = [:]
    private(set) var rasterizations = 0

    init(capacity: Int = 512) {
        self.capacity = capacity
        sprites.reserveCapacity(capacity)
    }

    var count: Int { sprites.count }

    func removeAll() { sprites.removeAll(keepingCapacity: true) }

    /// The sprite for a disc or ring of `radius` (and ring `width`) device pixels.
    func sprite(_ kind: Kind, radius: Double, width: Double = 0) -> Sprite {
        let key = Key(kind: kind, radius: Int((radius * 4).rounded()), width: Int((width * 4).rounded()))
        if let sprite = sprites[key] { return sprite }
        if sprites.count >= capacity { sprites.removeAll(keepingCapacity: true) }
        let r = Double(key.radius) / 4, w = Double(key.width) / 4
        let outer = kind == .disc ? r : r + w / 2
        let size = Int((2 * outer + 3).rounded(.up))
        let center = Double(size) / 2
        let mask = MaskImage(width: size, height: size)
        let c = Point(x: center, y: center)
        let shape: DeviceShape = kind == .disc ? .disc(center: c, radius: r) : .ring(center: c, radius: r, width: w)
        mask.rasterize(shape, originX: 0, originY: 0, width: size, height: size)
        rasterizations += 1
        // The largest square inside the ring's inner edge (less a pixel of anti-aliasing).
        let innerRadius = kind == .ring ? r - w / 2 - 1 : 0
        let halfSide = innerRadius / 2.squareRoot()
        let hole = halfSide > 4 ? Int((center - halfSide).rounded(.up)) : 0
        let sprite = Sprite(mask: mask, center: center, hole: hole)
        sprites[key] = sprite
        return sprite
    }
}
