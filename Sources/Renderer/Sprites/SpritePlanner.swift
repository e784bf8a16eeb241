import TouchCore
import Visualizer

/// One sprite of a frame: the pool slot that shows it, what it shows, and where.
public struct SpritePlacement: Equatable, Sendable {
    /// The pooled surface that shows it; it keeps its slot while its item lives.
    public var slot: Int
    public var art: SpriteArt
    /// The top-left corner on the output, in whole logical px.
    public var x: Int
    public var y: Int
    /// The size shown (the viewport's destination), in logical px. For drawn art, the area
    /// its items cover.
    public var width: Int
    public var height: Int
    /// The frame's items it shows (indices into the items given to `plan`): one for a
    /// pre-rendered picture, a run of one owner's shapes for drawn art.
    public var items: Range<Int>
    /// Whether the slot showed another sprite, or none, last frame.
    public var isNew = false
}

/// Turns a visualizer frame's items into sprites, pure and without Wayland: a pre-rendered
/// picture for each marker and small circle, one drawn sprite for each run of an owner's
/// other shapes, each in a pool slot that it keeps from frame to frame. Slots are created up
/// to `capacity` and then reused, so in steady state nothing is created, and a sprite whose
/// picture and place stay the same costs the glue nothing.
public final class SpritePlanner {
    /// This frame's sprites, back to front.
    public private(set) var placements: [SpritePlacement] = []
    /// Slots that showed a sprite last frame and show none now (a slot that shows a new
    /// sprite instead is not among them: its placement `isNew`).
    public private(set) var hidden: [Int] = []
    /// Whether the slots' back-to-front order differs from the last frame's.
    public private(set) var orderChanged = false
    /// Slots created so far (never more than `capacity`).
    public private(set) var slotCount = 0
    /// Sprites left out because every slot was in use (0 unless the cap is too small).
    public private(set) var droppedCount = 0
    public let capacity: Int
    private var slotOf: [DrawItem.Identity: Int] = [:]
    private var previousSlotOf: [DrawItem.Identity: Int] = [:]
    private var free: [Int] = []
    private var lastOrder: [Int] = []

    public init(capacity: Int = SpriteTunables.slotCapacity) {
        self.capacity = max(0, capacity)
        slotOf.reserveCapacity(self.capacity)
        previousSlotOf.reserveCapacity(self.capacity)
        free.reserveCapacity(self.capacity)
        lastOrder.reserveCapacity(self.capacity)
        placements.reserveCapacity(self.capacity)
        hidden.reserveCapacity(self.capacity)
    }

    /// Plans the frame of `items` (back to front, logical coordinates). Sprites that were
    /// shown last frame keep their slots; the slots of those gone are freed before new
    /// sprites take slots, so the pool never grows while a slot is free.
    public func plan(_ items: [DrawItem]) {
        swap(&slotOf, &previousSlotOf)
        slotOf.removeAll(keepingCapacity: true)
        placements.removeAll(keepingCapacity: true)
        hidden.removeAll(keepingCapacity: true)
        var index = items.startIndex
        while index < items.endIndex {
            let item = items[index]
            guard item.center.x.isFinite, item.center.y.isFinite, SpriteArt.opacityStep(item.color.alpha) > 0 else {
                index += 1
                continue
            }
            if let art = Self.preRenderedArt(for: item) {
                keep(art, identity: item.identity, covering: Self.circleArea(of: item, art: art), items: index..<(index + 1))
                index += 1
            } else {
                // A run of the owner's drawn shapes: one sprite for all of them.
                let start = index
                var area = item.bounds
                index += 1
                while index < items.endIndex, items[index].identity.owner == item.identity.owner,
                      Self.preRenderedArt(for: items[index]) == nil {
                    area = area.union(items[index].bounds)
                    index += 1
                }
                let identity = DrawItem.Identity(owner: item.identity.owner, part: -1 - item.identity.part)
                keep(.drawn(owner: item.identity.owner), identity: identity, covering: Self.wholePixels(area), items: start..<index)
            }
        }
        let stillFree = free.count
        for (_, slot) in previousSlotOf { free.append(slot) }
        // New sprites take the slots just freed first (from the end of the free list), then
        // older free ones, then new ones up to the cap; past it the frontmost are left out.
        var kept = 0
        for i in placements.indices {
            if placements[i].slot < 0 {
                guard let slot = takeSlot() else {
                    droppedCount += 1
                    continue
                }
                placements[i].slot = slot
                placements[i].isNew = true
                slotOf[Self.identity(of: placements[i], in: items)] = slot
            }
            placements[kept] = placements[i]
            kept += 1
        }
        placements.removeLast(placements.count - kept)
        // The freed slots no new sprite took are the ones to hide.
        if free.count > stillFree { hidden.append(contentsOf: free[stillFree...]) }
        orderChanged = placements.count != lastOrder.count
            || !zip(placements, lastOrder).allSatisfy { $0.slot == $1 }
        if orderChanged {
            lastOrder.removeAll(keepingCapacity: true)
            for placement in placements { lastOrder.append(placement.slot) }
        }
    }

    /// Every slot is free again (the sprites' surfaces were hidden or destroyed).
    public func reset() {
        for (_, slot) in slotOf { free.append(slot) }
        slotOf.removeAll(keepingCapacity: true)
        placements.removeAll(keepingCapacity: true)
        hidden.removeAll(keepingCapacity: true)
        lastOrder.removeAll(keepingCapacity: true)
    }

    /// Adds a sprite in the slot it had last frame, or marked to take one (-1).
    private func keep(_ art: SpriteArt, identity: DrawItem.Identity, covering area: (x: Int, y: Int, width: Int, height: Int),
                      items: Range<Int>) {
        guard slotOf[identity] == nil else { return }  // identities are unique within a frame
        let slot = previousSlotOf.removeValue(forKey: identity) ?? -1
        if slot >= 0 { slotOf[identity] = slot }
        placements.append(SpritePlacement(slot: slot, art: art, x: area.x, y: area.y,
                                          width: area.width, height: area.height, items: items))
    }

    private func takeSlot() -> Int? {
        if let reused = free.popLast() { return reused }
        guard slotCount < capacity else { return nil }
        slotCount += 1
        return slotCount - 1
    }

    /// The identity a placement's slot is kept under: its item's, or for drawn art its run's.
    static func identity(of placement: SpritePlacement, in items: [DrawItem]) -> DrawItem.Identity {
        let first = items[placement.items.lowerBound].identity
        return placement.art.isPreRendered ? first : DrawItem.Identity(owner: first.owner, part: -1 - first.part)
    }

    /// The pre-rendered picture that shows `item`, or nil when it is drawn.
    static func preRenderedArt(for item: DrawItem) -> SpriteArt? {
        let rgb = SpriteArt.rgb(of: item.color), step = SpriteArt.opacityStep(item.color.alpha)
        let stride = SpriteTunables.circleOpacityStride
        let circleStep = max(stride, (step + stride / 2) / stride * stride)
        switch item.shape {
        case .marker(let look):
            return .marker(look, rgb: rgb, opacity: step)
        case .disc(let r) where r <= SpriteTunables.largestPreRenderedRadius:
            return .circle(isRing: false, band: SpriteArt.band(forRadius: r), width: 0, rgb: rgb, opacity: circleStep)
        case .ring(let r, let w) where r <= SpriteTunables.largestPreRenderedRadius && w.isFinite && w > 0 && w < r:
            return .circle(isRing: true, band: SpriteArt.band(forRadius: r), width: max(1, Int((w * 4).rounded())),
                           rgb: rgb, opacity: circleStep)
        default:
            return nil
        }
    }

    /// Where a pre-rendered picture shows: centred on the item, and for a circle scaled from
    /// its band's radius to the item's.
    static func circleArea(of item: DrawItem, art: SpriteArt) -> (x: Int, y: Int, width: Int, height: Int) {
        let side = Double(art.logicalSide)
        var shown = side
        switch (item.shape, art) {
        case (.disc(let r), .circle(_, let band, _, _, _)), (.ring(let r, _), .circle(_, let band, _, _, _)):
            shown = max(1, (side * max(1, r) / SpriteArt.radius(ofBand: band)).rounded())
        default: break
        }
        let x = pixel((item.center.x - shown / 2).rounded()), y = pixel((item.center.y - shown / 2).rounded())
        return (x, y, Int(shown), Int(shown))
    }

    static func wholePixels(_ rect: Rect) -> (x: Int, y: Int, width: Int, height: Int) {
        let x0 = pixel(rect.minX.rounded(.down)), y0 = pixel(rect.minY.rounded(.down))
        let x1 = pixel(rect.maxX.rounded(.up)), y1 = pixel(rect.maxY.rounded(.up))
        return (x0, y0, max(1, x1 - x0), max(1, y1 - y0))
    }
}
