import Annotation
import CPixman
import TouchCore

/// Paints the spotlight over what is under the markers (the ink, or transparency): the
/// screen dimmed except a soft circle. Away from the circle a solid dim is composited by
/// pixman; in the circle's box each row is darkened by hand, skipping the clear middle and
/// reading the soft edge's darkening from a table by squared distance (no square root per
/// pixel). Nothing is allocated per frame: the table is kept until the radius, dim or scale
/// change.
public final class SpotlightUnderlay: Underlay {
    /// What goes under the dimming: the ink (nil: transparency).
    public weak var below: Underlay?
    /// Device pixels per logical unit.
    public var scale = 1.0
    /// The spotlight drawn (nil: only what is below).
    public private(set) var spotlight: Spotlight?
    /// What changed in the last `updateDamage` (logical; storage kept between frames).
    public private(set) var damage: [Rect] = []
    /// What changed since then: the circles' areas, or everything.
    private var pending: [Rect] = []
    private var wholeChanged = false
    private var profile = SoftEdgeProfile()
    /// The dim as a solid colour (black at the dim's opacity), for everything outside the circle's box.
    private let dimPixel = SolidPixel(format: PIXMAN_a8r8g8b8)

    public init() {
        damage.reserveCapacity(4)
        pending.reserveCapacity(4)
    }

    /// Shows `spotlight` from the next frame (nil: none); what changes is damaged.
    public func show(_ spotlight: Spotlight?) {
        guard spotlight != self.spotlight else { return }
        let old = self.spotlight
        self.spotlight = spotlight
        // Turned on or off, or another dim: everything; moved or resized: the circles only.
        if old == nil || spotlight == nil || old?.dim != spotlight?.dim {
            wholeChanged = true
        } else {
            if let area = old?.circleBounds { pending.append(area) }
            if let area = spotlight?.circleBounds { pending.append(area) }
        }
    }

    /// Sets `damage` to what changed since the last call (`bounds`: everything).
    public func updateDamage(bounds: Rect) {
        damage.removeAll(keepingCapacity: true)
        if wholeChanged { damage.append(bounds) } else { damage.append(contentsOf: pending) }
        pending.removeAll(keepingCapacity: true)
        wholeChanged = false
    }

    public func composite(into canvas: Canvas, area: PixelRect) {
        if let below { below.composite(into: canvas, area: area) } else { canvas.clear(x: area.x, y: area.y, width: area.width, height: area.height) }
        guard let spotlight, let center = spotlight.center, spotlight.dim > 0 else { return }
        profile.prepare(for: spotlight, scale: scale)
        let cx = center.x * scale, cy = center.y * scale, reach = Int(profile.outer.rounded(.up)) + 1
        let box = PixelRect(x: Int(cx.rounded(.down)) - reach, y: Int(cy.rounded(.down)) - reach, width: 2 * reach + 1, height: 2 * reach + 1)
            .intersection(area)
        // Outside the circle's box: the dim, by pixman (the rows above and below, then the sides).
        dimPixel.value = UInt32((min(1, max(0, spotlight.dim)) * 255).rounded()) << 24
        let boxBottom = box.isEmpty ? area.y : box.y + box.height
        let top = box.isEmpty ? area.height : box.y - area.y
        for rect in [PixelRect(x: area.x, y: area.y, width: area.width, height: top),
                     PixelRect(x: area.x, y: boxBottom, width: area.width, height: box.isEmpty ? 0 : area.y + area.height - boxBottom),
                     PixelRect(x: area.x, y: box.y, width: box.x - area.x, height: box.isEmpty ? 0 : box.height),
                     PixelRect(x: box.x + box.width, y: box.y, width: area.x + area.width - box.x - box.width, height: box.isEmpty ? 0 : box.height)]
        where rect.width > 0 && rect.height > 0 {
            pixman_image_composite32(PIXMAN_OP_OVER, dimPixel.image, nil, canvas.image, 0, 0, 0, 0,
                                     Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        guard !box.isEmpty else { return }
        for y in box.y..<(box.y + box.height) {
            let row = (canvas.pixels + y * canvas.stride).assumingMemoryBound(to: UInt32.self)
            let dy = Double(y) + 0.5 - cy
            profile.darkenRow(row, from: box.x, to: box.x + box.width, centerX: cx, dy2: dy * dy)
        }
    }
}

/// The spotlight's soft edge in device pixels: the darkening (0…255) by squared distance from
/// the centre, in a table of `steps` entries from the clear circle's edge to the dim's.
struct SoftEdgeProfile {
    static let steps = 512
    private(set) var inner = 0.0
    private(set) var outer = 0.0
    private var key: (radius: Double, dim: Double, scale: Double)?
    /// Darkening by squared distance, from `inner²` to `outer²`.
    private var table = [UInt8](repeating: 0, count: steps)
    private var full: UInt8 = 0

    /// Fills the table for `spotlight` at `scale` (in place: no allocation), if it changed.
    mutating func prepare(for spotlight: Spotlight, scale: Double) {
        guard key?.radius != spotlight.radius || key?.dim != spotlight.dim || key?.scale != scale else { return }
        key = (spotlight.radius, spotlight.dim, scale)
        (inner, outer) = (spotlight.radius * scale, (spotlight.radius + spotlight.softEdge) * scale)
        full = Self.byte(spotlight.dim)
        let (inner2, outer2) = (inner * inner, outer * outer)
        for index in 0..<Self.steps {
            let d2 = inner2 + (outer2 - inner2) * (Double(index) + 0.5) / Double(Self.steps)
            table[index] = Self.byte(spotlight.darkening(atDistance: d2.squareRoot() / scale))
        }
    }

    /// Darkens pixels `x0..<x1` of `row`, whose centre is `dy2` (squared) rows from the
    /// spotlight's centre at `centerX`.
    func darkenRow(_ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, centerX: Double, dy2: Double) {
        let (inner2, outer2) = (inner * inner, outer * outer)
        let perStep = Double(Self.steps) / max(outer2 - inner2, 1)
        // The clear middle of this row, skipped.
        var skip = (from: x1, to: x1)
        if dy2 < inner2 {
            let half = (inner2 - dy2).squareRoot()
            skip = (max(x0, Int((centerX - half).rounded(.up))), min(x1, Int((centerX + half).rounded(.down))))
        }
        table.withUnsafeBufferPointer { table in
            var x = x0
            while x < x1 {
                if x == skip.from && skip.to > skip.from { x = skip.to; continue }
                let dx = Double(x) + 0.5 - centerX
                let d2 = dx * dx + dy2
                let alpha = d2 >= outer2 ? full : d2 <= inner2 ? 0 : table[min(Self.steps - 1, Int((d2 - inner2) * perStep))]
                if alpha > 0 { row[x] = Self.darken(row[x], by: UInt32(alpha)) }
                x += 1
            }
        }
    }

    /// Black at `alpha` (0…255) over a premultiplied ARGB pixel.
    @inline(__always)
    static func darken(_ pixel: UInt32, by alpha: UInt32) -> UInt32 {
        let keep = 255 - alpha
        var rb = (pixel & 0x00FF_00FF) &* keep &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((pixel >> 8) & 0x00FF_00FF) &* keep &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return (rb | ag) &+ (alpha << 24)
    }

    private static func byte(_ value: Double) -> UInt8 { UInt8((min(1, max(0, value)) * 255).rounded()) }
}
