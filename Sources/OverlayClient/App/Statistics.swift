/// Input-to-commit latency (from the first input of a frame to the commit that shows it) and
/// idle wakeups (in the 10 s before the exit signal, not counting the signal's own), reported
/// with --statistics on exit.
final class Statistics {
    /// How many times the loop has woken (read at each commit); the program sets it.
    var wakeupCount: () -> Int = { 0 }

    private var pendingInput: Double?
    private(set) var latencies: [Double] = []
    /// The latencies of input frames that first brought an idle overlay's buffers back.
    private(set) var restoringLatencies: [Double] = []
    /// Inputs that waited for a pending frame callback (not counted in the latency).
    private(set) var deferred = 0
    /// Inputs whose frame changed nothing on screen (a lift): no commit shows them, so none is
    /// counted against them.
    private(set) var showedNothing = 0
    private var lastCommit = (time: 0.0, wakeups: 0)
    private(set) var commits = 0

    func inputArrived(at time: Double) {
        if pendingInput == nil { pendingInput = time }
    }

    /// The input will be drawn on the next frame callback, not at once.
    func inputDeferred() {
        if pendingInput != nil { deferred += 1 }
        pendingInput = nil
    }

    /// The frame drawn after the input changed nothing on screen.
    func inputShowedNothing() {
        if pendingInput != nil { showedNothing += 1 }
        pendingInput = nil
    }

    /// A commit; `restoredBuffers` when it brought an idle overlay's buffers back.
    func committed(at time: Double, restoredBuffers: Bool = false) {
        committed(at: time, wakeups: wakeupCount(), restoredBuffers: restoredBuffers)
    }

    func committed(at time: Double, wakeups: Int, restoredBuffers: Bool = false) {
        commits += 1
        if let start = pendingInput {
            if restoredBuffers { restoringLatencies.append(time - start) } else { latencies.append(time - start) }
        }
        pendingInput = nil
        lastCommit = (time, wakeups)
    }

    /// Times an overlay found an animation with no frame callback or timer pending.
    var animationStalls = 0
    /// The sprite renderer's pools, summed over the overlays (nil: no overlay used sprites).
    private var sprites: SpriteLayer.Pool?

    /// What the overlays counted, at exit: their animation stalls and sprite pools.
    @MainActor func collect(from overlays: some Collection<Overlay>) {
        animationStalls = overlays.reduce(0) { $0 + $1.animationStalls }
        for pool in overlays.compactMap(\.spritePool) { add(pool) }
    }

    private func add(_ pool: SpriteLayer.Pool) {
        let sum = sprites ?? SpriteLayer.Pool(surfaces: 0, pictures: 0, leftOut: 0)
        sprites = SpriteLayer.Pool(surfaces: sum.surfaces + pool.surfaces, pictures: sum.pictures + pool.pictures,
                                   leftOut: sum.leftOut + pool.leftOut)
    }

    func summary(now: Double, wakeupTimes: [Double]) -> String {
        let sorted = latencies.sorted()
        let beforeExit = wakeupTimes.dropLast().filter { $0 >= now - 10 }.count
        let restoring = restoringLatencies.isEmpty ? ""
            : "; \(restoringLatencies.count) input frames brought idle buffers back: input-to-commit median \(Self.microseconds(restoringLatencies.sorted(), 0.5)) µs"
        return "statistics: \(commits) commits; \(sorted.count) input frames committed at once (\(deferred) waited for a frame callback, \(showedNothing) changed nothing on screen); input-to-commit median \(Self.microseconds(sorted, 0.5)) µs, p90 \(Self.microseconds(sorted, 0.9)) µs; "
            + "\(beforeExit) wakeups in the 10 s before exit (last commit \(format1(now - lastCommit.time)) s before exit); \(animationStalls) animation stalls" + restoring
            + (sprites.map { "; sprites: \($0.surfaces) surfaces made, \($0.pictures) pictures rendered, \($0.leftOut) left out" } ?? "")
    }

    /// The `q` quantile of sorted latencies, in whole microseconds ("-" when there are none).
    private static func microseconds(_ sorted: [Double], _ q: Double) -> String {
        sorted.isEmpty ? "-" : String(Int((sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 1e6).rounded()))
    }
}

private func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}
