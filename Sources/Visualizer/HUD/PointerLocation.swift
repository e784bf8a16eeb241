import TouchCore

/// What Android's developer "Pointer location" view knows, for people checking a
/// touchscreen's mapping and calibration: how many contacts are down and the most at once,
/// the primary contact's position, its travel since down, its velocity, pressure and size when
/// the source reports them, and each contact's path through the current gesture, which stays
/// until the next gesture's first down. Pure bookkeeping; `TouchVisualizer` draws it.
struct PointerLocation {
    /// One contact of the current gesture.
    struct Contact {
        var key: Int
        /// The palette slot of its marker's colour.
        var colorSlot: Int
        var isDown = true
        var down: Point
        var position: Point
        var pressure: Double?
        var shape: ContactShape?
        /// The last few samples, for the velocity: a ring of `PointerLocation.recentSamples`.
        var recentTimes = InlineArray<8, Double>(repeating: 0)
        var recentPoints = InlineArray<8, Point>(repeating: .zero)
        var recentCount = 0
        /// Path points recorded; the newest `pathCapacity` of them are kept.
        var pathCount = 0
    }

    static let recentSamples = 8
    /// The velocity looks this far back, seconds (Android's VelocityTracker uses 100 ms).
    static let velocityWindow = 0.1
    /// Path points closer than this to the last one are left out, logical px.
    static let pathSpacing = 3.0

    /// Contacts of the current gesture, down or lifted, in the order they came down.
    private(set) var contacts: [Contact] = []
    /// Path points, `pathCapacity` per contact slot.
    private(set) var paths: [Point] = []
    let capacity: Int
    let pathCapacity: Int
    /// The most contacts down at once since the HUD started.
    private(set) var maximumDown = 0

    init(capacity: Int, pathCapacity: Int) {
        (self.capacity, self.pathCapacity) = (capacity, pathCapacity)
        contacts.reserveCapacity(capacity)
        paths = Array(repeating: .zero, count: capacity * pathCapacity)
    }

    var downCount: Int { contacts.reduce(0) { $0 + ($1.isDown ? 1 : 0) } }

    /// The primary contact: the gesture's first; when it lifts, the earliest still down takes
    /// over; once all are up, the last primary stays (its values stay on screen).
    var primary: Contact? { primaryIndex.map { contacts[$0] } }
    private var primaryIndex: Int?

    mutating func down(key: Int, colorSlot: Int, at position: Point, time: Double, pressure: Double?, shape: ContactShape?) {
        if downCount == 0 {  // a new gesture: the old paths go
            contacts.removeAll(keepingCapacity: true)
            primaryIndex = nil
        }
        if let index = contacts.firstIndex(where: { $0.key == key && $0.isDown }) { contacts[index].isDown = false }
        guard contacts.count < capacity else { return }
        contacts.append(Contact(key: key, colorSlot: colorSlot, down: position, position: position, pressure: pressure, shape: shape))
        record(contacts.count - 1, at: position, time: time)
        if primaryIndex.map({ !contacts[$0].isDown }) ?? true { primaryIndex = contacts.count - 1 }
        maximumDown = max(maximumDown, downCount)
    }

    mutating func moved(key: Int, to position: Point, time: Double, pressure: Double?, shape: ContactShape?) {
        guard let index = contacts.firstIndex(where: { $0.key == key && $0.isDown }) else { return }
        contacts[index].position = position
        if pressure != nil { contacts[index].pressure = pressure }
        if shape != nil { contacts[index].shape = shape }
        record(index, at: position, time: time)
    }

    mutating func up(key: Int) {
        guard let index = contacts.firstIndex(where: { $0.key == key && $0.isDown }) else { return }
        contacts[index].isDown = false
        if index == primaryIndex, let next = contacts.firstIndex(where: { $0.isDown }) { primaryIndex = next }
    }

    /// The contact's velocity over the last `velocityWindow`, logical px per second (zero
    /// without two samples apart in time).
    func velocity(of contact: Contact) -> Point {
        guard contact.recentCount > 1 else { return .zero }
        let newest = (contact.recentCount - 1) % Self.recentSamples
        let now = contact.recentTimes[newest]
        var oldest = newest
        for back in 1..<min(contact.recentCount, Self.recentSamples) {
            let i = (newest - back + Self.recentSamples) % Self.recentSamples
            guard now - contact.recentTimes[i] <= Self.velocityWindow else { break }
            oldest = i
        }
        let dt = now - contact.recentTimes[oldest]
        guard dt > 0 else { return .zero }
        let a = contact.recentPoints[oldest], b = contact.recentPoints[newest]
        return Point(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt)
    }

    /// Calls `body` with each segment of contact `index`'s path, oldest first, and the ring
    /// slot of its first point: a segment keeps its slot while it stays, so it keeps its
    /// identity on screen and is not redrawn as the path grows.
    func forEachPathSegment(of index: Int, _ body: (_ slot: Int, _ from: Point, _ to: Point) -> Void) {
        let count = contacts[index].pathCount, stored = min(count, pathCapacity)
        guard stored > 1 else { return }
        let base = index * pathCapacity
        for k in (count - stored)..<(count - 1) {
            let slot = k % pathCapacity
            body(slot, paths[base + slot], paths[base + (k + 1) % pathCapacity])
        }
    }

    private mutating func record(_ index: Int, at position: Point, time: Double) {
        var contact = contacts[index]
        contact.recentTimes[contact.recentCount % Self.recentSamples] = time
        contact.recentPoints[contact.recentCount % Self.recentSamples] = position
        contact.recentCount += 1
        let base = index * pathCapacity
        if pathCapacity > 0, contact.pathCount == 0
            || paths[base + (contact.pathCount - 1) % pathCapacity].distance(to: position) >= Self.pathSpacing {
            // A ring: once full, the newest point takes the oldest's slot.
            paths[base + contact.pathCount % pathCapacity] = position
            contact.pathCount += 1
        }
        contacts[index] = contact
    }
}
