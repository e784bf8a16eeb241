import Glibc  // atan2, cos, sin
import TouchCore
import Visualizer

/// A shape in device pixels, as a signed distance function (negative inside).
enum DeviceShape {
    case disc(center: Point, radius: Double)
    case ring(center: Point, radius: Double, width: Double)
    case ellipse(center: Point, major: Double, minor: Double, angle: Double)
    case arc(center: Point, radius: Double, width: Double, start: Double, sweep: Double)
    case capsule(from: Point, to: Point, width: Double)
    /// A capsule whose width changes along it (a piece of variable-width ink).
    case taperedCapsule(from: Point, to: Point, startWidth: Double, endWidth: Double)

    /// For shapes bounded by circles: no coverage beyond `outer` from the centre, and
    /// `insideCoverage` everywhere within `inner` (0 for no inner region). Nil for the others.
    var annulus: (center: Point, outer: Double, inner: Double, insideCoverage: UInt8)? {
        switch self {
        case .disc(let c, let r): (c, r + 0.5, r - 0.5, 255)
        case .ring(let c, let r, let w), .arc(let c, let r, let w, _, _): (c, r + w / 2 + 0.5, r - w / 2 - 0.5, 0)
        default: nil
        }
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
        case .arc(let c, let r, let w, let start, let sweep):
            let ringDistance = abs(p.distance(to: c) - r) - w / 2
            // The arc is part of the ring: no nearer than the ring, and all of it when full.
            if ringDistance >= 0.5 || abs(sweep) >= 2 * .pi { return ringDistance }
            // Inside the angular range: the ring's distance; outside: distance to the nearer end cap.
            let angle = atan2(p.y - c.y, p.x - c.x)
            let lo = sweep >= 0 ? start : start + sweep
            var rel = (angle - lo).truncatingRemainder(dividingBy: 2 * .pi)
            if rel < 0 { rel += 2 * .pi }
            if rel <= abs(sweep) { return ringDistance }
            let hi = lo + abs(sweep)
            let first = Point(x: c.x + r * cos(lo), y: c.y + r * sin(lo))
            let last = Point(x: c.x + r * cos(hi), y: c.y + r * sin(hi))
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
