import CAllocationCounter

/// Counts the heap allocations `body` makes (from the interposed allocator in CAllocationCounter).
enum AllocationCounter {
    static func count(_ body: () -> Void) -> Int {
        let before = touchlight_allocation_count()
        body()
        return touchlight_allocation_count() - before
    }
}
