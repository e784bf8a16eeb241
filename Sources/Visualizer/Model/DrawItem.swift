import TouchCore

/// One shape to draw this frame, in logical coordinates. Items are plain values, so the
/// visualizer can compare frames to find what changed.
public struct DrawItem: Equatable, Sendable {
    public enum Shape: Equatable, Sendable {
        /// A finger's marker: a dark shadow ring outside, a translucent disc and a ring on its
        /// edge, all in the item's colour; the colour's alpha is the marker's overall opacity
        /// (its fade). Renderers draw it as one pre-rendered sprite per look.
        case marker(MarkerLook)
        /// A filled circle.
        case disc(radius: Double)
        /// A circle outline of `width`, centred on `radius`.
        case ring(radius: Double, width: Double)
        /// A filled ellipse (contact shape): half-axes and the major axis angle.
        case ellipse(major: Double, minor: Double, angle: Double)
        /// An arc of a ring from `start` turning by `sweep` radians (clockwise positive).
        case arc(radius: Double, width: Double, start: Double, sweep: Double)
        /// A straight stroke with round caps from `center` to `to`.
        case line(to: Point, width: Double)
        /// A line of text centred on `center` (by its measured size), in the item's colour,
        /// outlined in black or white (whichever contrasts more), faded with it.
        case text(TextLine)
    }

    /// What the item belongs to, so a frame's items can be matched with the last frame's.
    public struct Identity: Hashable, Sendable {
        public var owner: Int
        public var part: Int

        public init(owner: Int, part: Int) {
            (self.owner, self.part) = (owner, part)
        }
    }

    public var identity: Identity
    public var center: Point
    public var shape: Shape
    public var color: Color
    /// A line that stays while much moves over it (a piece of the HUD's paths): a renderer
    /// may draw it once into a layer it keeps, under the other items, instead of again under
    /// every damage that crosses it. Other shapes ignore it.
    public var persists: Bool

    public init(identity: Identity, center: Point, shape: Shape, color: Color, persists: Bool = false) {
        (self.identity, self.center, self.shape, self.color, self.persists) = (identity, center, shape, color, persists)
    }

    /// The item moved by `offset` (a line's end with it).
    public func moved(by offset: Point) -> DrawItem {
        var item = self
        item.center = Point(x: center.x + offset.x, y: center.y + offset.y)
        if case .line(let to, let width) = shape {
            item.shape = .line(to: Point(x: to.x + offset.x, y: to.y + offset.y), width: width)
        }
        return item
    }

    /// The logical area the item can touch, with a pixel of margin for anti-aliasing.
    public var bounds: Rect {
        let margin = 1.5
        switch shape {
        case .marker(let look):
            let r = look.outerRadius
            return Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r).insetBy(dx: -margin, dy: -margin)
        case .disc(let r):
            return Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r).insetBy(dx: -margin, dy: -margin)
        case .ring(let r, let w), .arc(let r, let w, _, _):
            let outer = r + w / 2
            return Rect(x: center.x - outer, y: center.y - outer, width: 2 * outer, height: 2 * outer)
                .insetBy(dx: -margin, dy: -margin)
        case .ellipse(let major, _, _):
            return Rect(x: center.x - major, y: center.y - major, width: 2 * major, height: 2 * major)
                .insetBy(dx: -margin, dy: -margin)
        case .line(let to, let w):
            let x0 = min(center.x, to.x), y0 = min(center.y, to.y)
            return Rect(x: x0, y: y0, width: abs(to.x - center.x), height: abs(to.y - center.y))
                .insetBy(dx: -(w / 2 + margin), dy: -(w / 2 + margin))
        case .text(let line):
            // Glyphs may overhang their advance a little (italics, accents): a pixel more.
            let reach = line.outlineWidth + margin + 1
            return Rect(x: center.x - line.width / 2, y: center.y - line.height / 2, width: line.width, height: line.height)
                .insetBy(dx: -reach, dy: -reach)
        }
    }
}

/// What a marker looks like apart from its position and colour: sizes in logical units and the
/// opacity of each part (0 leaves the part out).
public struct MarkerLook: Hashable, Sendable {
    public var radius: Double
    public var ringWidth: Double
    public var fillOpacity: Double
    public var ringOpacity: Double
    public var shadowOpacity: Double
    /// The width of the auto-contrast outline around the ring (0: none), in black or white,
    /// whichever contrasts more with the marker's colour (`Color.contrastingOutline`).
    public var outlineWidth: Double

    public init(radius: Double, ringWidth: Double, fillOpacity: Double, ringOpacity: Double, shadowOpacity: Double,
                outlineWidth: Double = 0) {
        (self.radius, self.ringWidth, self.outlineWidth) = (radius, ringWidth, outlineWidth)
        (self.fillOpacity, self.ringOpacity, self.shadowOpacity) = (fillOpacity, ringOpacity, shadowOpacity)
    }

    /// The radius of the shadow ring, drawn just outside the marker's ring.
    public var shadowRadius: Double { radius + ringWidth }

    /// The radius of the outline, which hugs the ring's outer edge.
    public var outlineRadius: Double { radius + ringWidth / 2 + outlineWidth / 2 }

    /// How far from the centre the marker reaches (the shadow's outer edge, the outline's, or the ring's).
    public var outerRadius: Double {
        max((shadowOpacity > 0 ? shadowRadius : radius) + ringWidth / 2, radius + ringWidth / 2 + outlineWidth)
    }
}
