import Glibc  // atan2, cos, sin
import TouchCore
import Visualizer

/// A shape in device pixels, as a signed distance function (negative inside).
enum DeviceShape {
    case disc(center: Point, radius: Double)
    case ring(center: Point, radius: Double, width: Double)
    case ellipse(center: Point, major: Double, minor: Double, angle: Double)
    /// Part of a ring, from the unit direction `from` turning by `sweep` radians (clockwise
    /// on screen when positive) to the unit direction `to` (see `arc(center:radius:width:start:sweep:)`).
    case arc(center: Point, radius: Double, width: Double, from: Point, to: Point, sweep: Double)
    case capsule(from: Point, to: Point, width: Double)
    /// A capsule whose width changes along it (a piece of variable-width ink).
    case taperedCapsule(from: Point, to: Point, startWidth: Double, endWidth: Double)

    /// For shapes bounded by circles: no coverage beyond `outer` from the centre, and
    /// `insideCoverage` everywhere within `inner` (0 for no inner region). Nil for the others.
    var annulus: (center: Point, outer: Double, inner: Double, insideCoverage: UInt8)? {
        switch self {
        case .disc(let c, let r): (c, r + 0.5, r - 0.5, 255)
        case .ring(let c, let r, let w), .arc(let c, let r, let w, _, _, _): (c, r + w / 2 + 0.5, r - w / 2 - 0.5, 0)
        default: nil
        }
    }

    /// An arc of a ring around `center` from the angle `start` turning by `sweep` radians.
    static func arc(center: Point, radius: Double, width: Double, start: Double, sweep: Double) -> DeviceShape {
        .arc(center: center, radius: radius, width: width, from: Point(x: cos(start), y: sin(start)),
             to: Point(x: cos(start + sweep), y: sin(start + sweep)), sweep: sweep)
    }

    /// For a slanted capsule: the device x a pixel centre on row `y` must lie within to be
    /// covered, a pixel to spare on each side; nil for other shapes (every column counts), an
    /// empty range where the row misses it. The capsule is convex, so this is the hull of its
    /// end discs' and its middle band's pieces of the row.
    func columns(atRow y: Double) -> Range<Double>? {
        guard case .capsule(let a, let b, let w) = self else { return nil }
        let reach = w / 2 + 1, dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
        guard dy != 0, length > 0 else { return nil }
        var lo = Double.infinity, hi = -Double.infinity
        func take(_ from: Double, _ to: Double) {
            guard from <= to else { return }
            (lo, hi) = (min(lo, from), max(hi, to))
        }
        func takeDisc(around end: Point) {
            guard abs(y - end.y) <= reach else { return }
            let half = (reach * reach - (y - end.y) * (y - end.y)).squareRoot()
            take(end.x - half, end.x + half)
        }
        takeDisc(around: a)
        takeDisc(around: b)
        // The band: within `reach` of the line, and between the perpendiculars at the ends.
        let offset = (y - a.y) * dx, across0 = a.x + (offset - reach * length) / dy, across1 = a.x + (offset + reach * length) / dy
        var from = min(across0, across1), to = max(across0, across1)
        let projected = (y - a.y) * dy
        if dx != 0 {
            let along0 = a.x - projected / dx, along1 = a.x + (length * length - projected) / dx
            (from, to) = (max(from, min(along0, along1)), min(to, max(along0, along1)))
        } else if projected < 0 || projected > length * length {
            (from, to) = (1, 0)
        }
        take(from, to)
        return lo <= hi ? (lo - 1)..<(hi + 1) : 0..<0
    }

    func signedDistance(_ p: Point) -> Double {
        switch self {
        case .disc(let c, let r):
            return p.distance(to: c) - r
        case .ring(let c, let r, let w):
            return abs(p.distance(to: c) - r) - w / 2
        case .ellipse(let c, let a, let b, let angle):
            // Rotate into the ellipse's frame; scale the normalized distance by the short axis.
            let dx = p.x - c.x, dy = p.y - c.y
            let cosA = cos(-angle), sinA = sin(-angle)
            let u = dx * cosA - dy * sinA, v = dx * sinA + dy * cosA
            let k = ((u / a) * (u / a) + (v / b) * (v / b)).squareRoot()
            return (k - 1) * min(a, b)
        case .arc(let c, let r, let w, let from, let to, let sweep):
            let ringDistance = abs(p.distance(to: c) - r) - w / 2
            // The arc is part of the ring: no nearer than the ring, and all of it when full.
            if ringDistance >= 0.5 || abs(sweep) >= 2 * .pi { return ringDistance }
            // Inside the angular range: the ring's distance; outside: distance to the nearer end cap.
            let u = Point(x: p.x - c.x, y: p.y - c.y)
            let (lo, hi) = sweep >= 0 ? (from, to) : (to, from)
            func turn(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }  // > 0: b lies clockwise of a
            let inside = abs(sweep) <= .pi ? turn(lo, u) >= 0 && turn(u, hi) >= 0 : !(turn(hi, u) > 0 && turn(u, lo) > 0)
            if inside { return ringDistance }
            let first = Point(x: c.x + r * from.x, y: c.y + r * from.y), last = Point(x: c.x + r * to.x, y: c.y + r * to.y)
            return min(p.distance(to: first), p.distance(to: last)) - w / 2
        case .capsule(let a, let b, let w):
            let abx = b.x - a.x, aby = b.y - a.y
            let length2 = abx * abx + aby * aby
            let t = length2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / length2))
            return p.distance(to: Point(x: a.x + abx * t, y: a.y + aby * t)) - w / 2
        case .taperedCapsule(let a, let b, let wa, let wb):
            let abx = b.x - a.x, aby = b.y - a.y
            let length2 = abx * abx + aby * aby
            let t = length2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / length2))
            return p.distance(to: Point(x: a.x + abx * t, y: a.y + aby * t)) - (wa + (wb - wa) * t) / 2
        }
    }
}
