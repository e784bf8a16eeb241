/// A pool of reusable slots for value-type elements, with a cap. Elements are created on
/// demand up to the cap and then only reused: `take` hands out a free slot, `giveBack`
/// returns it. Nothing is allocated once the pool has grown (its arrays reserve the cap).
struct SlotPool<Element> {
    let capacity: Int
    private(set) var storage: [Element] = []
    private var free: [Int] = []
    /// Live slots, oldest first.
    private(set) var live: [Int] = []
    /// Counters for tests: every slot taken is eventually given back.
    private(set) var takenCount = 0
    private(set) var returnedCount = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        storage.reserveCapacity(self.capacity)
        free.reserveCapacity(self.capacity)
        live.reserveCapacity(self.capacity)
    }

    /// Slots ever created (live plus pooled); never more than `capacity`.
    var createdCount: Int { storage.count }
    var pooledCount: Int { free.count }

    /// A slot holding `element`, or nil when every slot up to the cap is live.
    mutating func take(_ element: Element) -> Int? {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            storage[slot] = element
        } else if storage.count < capacity {
            slot = storage.count
            storage.append(element)
        } else {
            return nil
        }
        live.append(slot)
        takenCount += 1
        return slot
    }

    mutating func giveBack(_ slot: Int) {
        guard let index = live.firstIndex(of: slot) else { return }
        live.remove(at: index)
        free.append(slot)
        returnedCount += 1
    }

    /// The oldest live slot (the one to recycle when the cap is hit).
    var oldest: Int? { live.first }

    subscript(slot: Int) -> Element {
        get { storage[slot] }
        set { storage[slot] = newValue }
    }
}
